import type { Sessao } from '@praca/contract';

interface SessionUserRow {
  id_usuario: number;
  nome: string;
  email: string | null;
  cod_cidade: number;
  cidade: string;
  uf: string;
  parceiro: number;
  admin: number;
  superadmin: number;
}

/** The login answer, field by field (spec §3 session config). */
export function presentSessao(
  token: string,
  u: SessionUserRow,
  shops: { id_estabelecimento: number; nome: string }[],
): Sessao {
  return {
    token,
    id_usuario: u.id_usuario,
    nome: u.nome,
    email: u.email ?? '',
    cod_cidade: u.cod_cidade,
    cidade: u.cidade,
    uf: u.uf,
    parceiro: !!u.parceiro,
    admin: !!u.admin || !!u.superadmin,
    superadmin: !!u.superadmin,
    estabelecimentos: Object.fromEntries(shops.map((s) => [String(s.id_estabelecimento), s.nome])),
  };
}
