import { NoticeScreen } from '../components/notice-screen';

/** /admin/aviso: the admin city's notices and their dialog (spec §2 Avisos). */
export function Component() {
  return <NoticeScreen />;
}
