import { paths } from '@/config/paths';
import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';

/** /parceiro and /parceiro/login: success (a partner) goes to /parceiro/vender (spec §2). */
export function Component() {
  return (
    <LoginLayout documentTitle="Login Parceiro" area="Área do parceiro">
      <LoginForm kind="parceiro" redirectTo={paths.parceiro.vender} />
    </LoginLayout>
  );
}
