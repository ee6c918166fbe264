import { paths } from '@/config/paths';
import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';

/** /login: the consumer login; success goes to the home page (spec §2). */
export function Component() {
  return (
    <LoginLayout documentTitle="Login">
      <LoginForm kind="usuario" redirectTo={paths.home} />
    </LoginLayout>
  );
}
