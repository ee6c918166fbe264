import type { PerfilUsuario } from '@praca/contract';

/** One's profile: the name, the e-mail ('' when none) and the phone; never the password hash. */
export const presentProfile = (
  u: {
    nome: string;
    email: string | null;
    whatsup: string;
  },
  cpf: string,
): PerfilUsuario => ({
  nome: u.nome,
  email: u.email ?? '',
  whatsup: u.whatsup,
  ...(cpf ? { cpf } : {}),
});
