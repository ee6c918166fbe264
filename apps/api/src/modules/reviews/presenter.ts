import { maskName, type AvaliacaoPendente, type AvaliacoesResposta } from '@praca/contract';
import type * as repo from './repository.js';

/** A reviewer's name as it may leave the server (domain §6). */
const masked = (nome: string | null): string => maskName(nome ?? '') || 'Anônimo';

type ApprovedRow = Awaited<ReturnType<typeof repo.listApproved>>[number];

/** An approved review as a shop's page shows it: the reviewer's name masked. */
export const presentPublicReview = (i: ApprovedRow): AvaliacoesResposta['itens'][number] => ({
  nomeusuario: masked(i.nome),
  datahora: i.datahora,
  den_avaliacao: i.den_avaliacao,
  den_resposta: i.den_resposta,
  nro_estrelas: i.nro_estrelas,
});

/** A review as the moderation screens show it: the reviewer's name masked. */
export function presentForModeration(r: repo.ModerationRow): AvaliacaoPendente {
  return {
    id_avaliacao: r.id_avaliacao,
    id_estabelecimento: r.id_estabelecimento,
    nome_estabelecimento: r.nome_estabelecimento,
    nomeusuario: masked(r.nome),
    datahora: r.datahora,
    den_avaliacao: r.den_avaliacao,
    den_resposta: r.den_resposta,
    nro_estrelas: r.nro_estrelas,
    aprovado: r.aprovado,
  };
}
