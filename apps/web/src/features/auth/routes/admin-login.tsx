import { paths } from '@/config/paths';
import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';

/** /admin and /admin/login: success (an admin) goes to /admin/home (spec §2). */
export function Component() {
  return (
    <LoginLayout documentTitle="Login Administrador" area="Área do administrador">
      <LoginForm kind="admin" redirectTo={paths.admin.home} />
    </LoginLayout>
  );
}
