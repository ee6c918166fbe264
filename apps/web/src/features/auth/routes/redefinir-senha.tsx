import { useSearchParams } from 'react-router';
import { CodePasswordPage } from '@/components/account/code-password-page';

/** /redefinirsenha?code=…: the new password from the e-mailed link (spec §2, §4). */
export function Component() {
  const [params] = useSearchParams();
  return <CodePasswordPage kind="reset" code={params.get('code')} />;
}
