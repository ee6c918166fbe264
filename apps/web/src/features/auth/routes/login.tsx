import { useSearchParams } from 'react-router';
import { NEXT_PARAM, safeNextPath } from '@/app/guards';
import { paths } from '@/config/paths';
import { GovbrButton } from '../components/govbr-button';
import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';

/** /login: the consumer login; success goes to the home page (spec §2); "Entrar com gov.br" (issue 52). */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <LoginLayout documentTitle="Login">
      <GovbrButton destino={safeNextPath(searchParams.get(NEXT_PARAM))} />
      <LoginForm kind="usuario" redirectTo={paths.home} />
    </LoginLayout>
  );
}
