import { useSearchParams } from 'react-router';
import { CodePasswordPage } from '@/components/account/code-password-page';
import { disablePush } from '@/lib/push';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';

/**
 * /remocaousuario?code=…: the e-mailed removal link (spec §2, §4). After the 202 the account
 * is gone, so the session and every cached answer are dropped; the guard lets this page stay
 * to show the congratulation.
 */
export function Component() {
  const [params] = useSearchParams();
  return (
    <CodePasswordPage
      kind="remocao"
      code={params.get('code')}
      onSuccess={() => {
        void disablePush();
        clearSession();
        queryClient.clear();
      }}
    />
  );
}
