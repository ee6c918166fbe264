import type { PerfilUsuario } from '@praca/contract';

/**
 * One's profile: the name, the e-mail ('' when none), the phone, the CPF and how it is held
 * (issue 52); never the password hash.
 */
export const presentProfile = (
  u: {
    nome: string;
    email: string | null;
    whatsup: string;
    cpf_situacao: PerfilUsuario['cpf_situacao'];
  },
  cpf: string,
  /** Issue 52: a declared CPF's end of the waiting period. */
  carenciaAte?: string,
): PerfilUsuario => ({
  nome: u.nome,
  email: u.email ?? '',
  whatsup: u.whatsup,
  ...(cpf ? { cpf } : {}),
  cpf_situacao: cpf ? u.cpf_situacao : '',
  ...(cpf && carenciaAte ? { cpf_carencia_ate: carenciaAte } : {}),
});
