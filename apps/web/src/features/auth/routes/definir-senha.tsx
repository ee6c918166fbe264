import { useSearchParams } from 'react-router';
import { CodePasswordPage } from '@/components/account/code-password-page';

/** /definirsenha?code=…: a new social entity's first password, from its welcome e-mail (issue 51). */
export function Component() {
  const [params] = useSearchParams();
  return <CodePasswordPage kind="boas_vindas" code={params.get('code')} />;
}
