import { WinnerScreen } from '../components/winner-screen';

/** /admin/contemplado: the admin city's winners, the prize draw and the winner dialog (spec §2). */
export function Component() {
  return <WinnerScreen />;
}
