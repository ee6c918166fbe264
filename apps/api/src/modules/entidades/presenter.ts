import type { Doacao, EntidadeAdmin, EntidadePublica } from '@praca/contract';

type Entity = {
  id_entidade: number;
  id_usuario: number;
  nome: string;
  cnpj: string;
  causa: string;
  logo: string;
  contato: string;
};
type Held = { id_entidade: number; id_campanha: number; den_campanha: string; n: number | string };
type Prize = {
  id_usuario: number | null;
  id_campanha: number;
  den_campanha: string;
  data_sorteio: string;
  premio: number | null;
};

/** An entity as the public sees it: its data, coupons per campaign, prizes (issue 40). */
export function presentEntity(e: Entity, held: Held[], prizes: Prize[]): EntidadePublica {
  const campanhas = held
    .filter((h) => h.id_entidade === e.id_entidade)
    .map((h) => ({ id_campanha: h.id_campanha, den_campanha: h.den_campanha, cupons: Number(h.n) }));
  return {
    id_entidade: e.id_entidade,
    nome: e.nome,
    cnpj: e.cnpj,
    causa: e.causa,
    logo: e.logo,
    contato: e.contato,
    cupons: campanhas.reduce((s, c) => s + c.cupons, 0),
    campanhas,
    premios: prizes
      .filter((p) => p.id_usuario === e.id_usuario)
      .map((p) => ({
        id_campanha: p.id_campanha,
        den_campanha: p.den_campanha,
        data_sorteio: p.data_sorteio,
        premio: p.premio,
      })),
  };
}

export const presentDonation = (d: {
  id_campanha: number;
  id_entidade: number;
  nome_entidade: string;
  modo: 'todos' | 'futuros';
  criado_em: string;
  cupons: number | string | null;
}): Doacao => ({ ...d, cupons: Number(d.cupons ?? 0) });

/** An entity as its city's admin edits it (`GET /v1/adm/entidades`, the PATCH's answer). */
export const presentAdminEntity = (e: {
  id_entidade: number;
  cod_cidade: number;
  nome: string;
  cnpj: string;
  causa: string;
  logo: string;
  contato: string;
  email: string | null;
  atualizado_em: string;
}): EntidadeAdmin => ({
  id_entidade: e.id_entidade,
  cod_cidade: e.cod_cidade,
  nome: e.nome,
  cnpj: e.cnpj,
  causa: e.causa,
  logo: e.logo,
  contato: e.contato,
  email: e.email ?? '',
  atualizado_em: e.atualizado_em,
});
