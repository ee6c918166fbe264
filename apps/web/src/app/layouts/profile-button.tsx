import { ActionIcon } from '@mantine/core';
import { Link } from 'react-router';
import { UserIcon } from '@/components/icons';
import { paths } from '@/config/paths';

/**
 * The way to 'Meus Perfil' (password, LGPD removal). The spec's 'Meu' menu lists only
 * Participantes, Sorteados, Extrato and Sair, so the profile sits beside the bell instead.
 */
export function ProfileButton() {
  return (
    <ActionIcon component={Link} to={paths.perfil} variant="subtle" size="lg" aria-label="Meus Perfil">
      <UserIcon size={22} />
    </ActionIcon>
  );
}
