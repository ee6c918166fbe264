import { ProfileScreen } from '../components/profile-screen';

/** /perfil: 'Meus Perfil' (spec §2). */
export function Component() {
  return <ProfileScreen />;
}
