import type { Kysely } from 'kysely';
import {
  MSG,
  type AvaliacaoBody,
  type AvaliacaoPendente,
  type AvaliacoesResposta,
  type AprovarAvaliacaoBody,
} from '@praca/contract';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { uniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { addToRating, findShopBrief } from '../establishments/service.js';
import { mayModerateShop, moderationScope } from './policy.js';
import { presentForModeration, presentPublicReview } from './presenter.js';
import * as repo from './repository.js';
import { transaction } from '../../db/index.js';
import { nowIso } from '../../lib/clock.js';

/** How many approved reviews the reviews list shows, newest first. */
const PUBLIC_REVIEWS_LIMIT = 100;

async function shopOr404(db: Kysely<Database>, id: number) {
  const shop = await findShopBrief(db, id);
  if (!shop) throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  return shop;
}

/** `resumo` and `itens` of a shop: approved reviews only, names masked. */
export async function ratingsOf(
  db: Kysely<Database>,
  idEstabelecimento: number,
): Promise<AvaliacoesResposta> {
  await shopOr404(db, idEstabelecimento);
  const counts = await repo.countApprovedByStars(db, idEstabelecimento);
  const per = (n: number) => Number(counts.find((c) => c.nro_estrelas === n)?.qtd ?? 0);
  const itens = await repo.listApproved(db, idEstabelecimento, PUBLIC_REVIEWS_LIMIT);
  return {
    resumo: {
      nro_avaliacoes: [1, 2, 3, 4, 5].reduce((s, n) => s + per(n), 0),
      estrelas1: per(1),
      estrelas2: per(2),
      estrelas3: per(3),
      estrelas4: per(4),
      estrelas5: per(5),
    },
    itens: itens.map(presentPublicReview),
  };
}

/** A consumer rates a shop; it waits for approval, one pending review per shop at a time. */
export async function submit(
  db: Kysely<Database>,
  user: AuthUser,
  body: z.output<typeof AvaliacaoBody>,
): Promise<{ id_avaliacao: number }> {
  const shop = await shopOr404(db, body.id_estabelecimento);
  if (shop.ind_ativo !== 'S') throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  try {
    const id_avaliacao = await repo.insertReview(db, {
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario: user.id,
      nro_estrelas: body.nro_estrelas,
      den_avaliacao: body.den_avaliacao,
      datahora: nowIso(),
    });
    return { id_avaliacao };
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG.avaliacaoJaPendente);
    throw err;
  }
}

/** The moderation list: one shop the caller may moderate, or every shop in its reach. */
export async function listForModeration(
  db: Kysely<Database>,
  user: AuthUser,
  q: { id?: number; aprovado: 'S' | 'N'; cod_cidade?: number },
  page: { pagina: number; limite: number },
): Promise<{ itens: AvaliacaoPendente[]; total: number }> {
  if (q.id !== undefined) {
    const shop = await shopOr404(db, q.id);
    if (!mayModerateShop(user, shop)) throw new HttpError(403, MSG.semPermissao);
  }
  const { rows, total } = await repo.listForModeration(
    db,
    {
      aprovado: q.aprovado,
      idEstabelecimento: q.id,
      scope: q.id === undefined ? moderationScope(user, q.cod_cidade) : undefined,
    },
    { offset: (page.pagina - 1) * page.limite, limit: page.limite },
  );
  return { itens: rows.map(presentForModeration), total };
}

async function reviewToModerate(db: Kysely<Database>, user: AuthUser, id: number) {
  const review = await repo.findForModeration(db, id);
  if (!review) throw new HttpError(404, MSG.avaliacaoNaoEncontrada);
  if (!mayModerateShop(user, review)) throw new HttpError(403, MSG.semPermissao);
  return review;
}

/**
 * Approves (`ies_aprovacao = S`, with an optional answer) or withdraws approval (`N`). The
 * shop's `avaliacao`/`qtd_avaliacao` move in the same transaction, and only when the review
 * really changed state, so a double click never counts a review twice.
 */
export async function approve(
  db: Kysely<Database>,
  user: AuthUser,
  id: number,
  body: z.output<typeof AprovarAvaliacaoBody>,
  ip: string,
): Promise<{ avaliacao: AvaliacaoPendente; cod_cidade: number }> {
  const before = await reviewToModerate(db, user, id);
  // Self-dealing (issue 37): an author with moderation rights still cannot approve itself.
  if (body.ies_aprovacao === 'S' && before.id_usuario === user.id) {
    throw new HttpError(403, MSG.avaliacaoPropria);
  }
  try {
    await transaction(db, async (trx) => {
      const to = body.ies_aprovacao;
      const moved = await repo.setApproval(trx, id, to === 'S' ? 'N' : 'S', to, user.id, nowIso());
      if (moved) {
        const sign = to === 'S' ? 1 : -1;
        await addToRating(trx, before.id_estabelecimento, sign * before.nro_estrelas, sign);
      }
      await repo.setAnswer(trx, id, body.den_resposta);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: to === 'S' ? 'aprovar' : 'desaprovar',
        entidade: 'avaliacao',
        id_entidade: id,
        antes: { aprovado: before.aprovado, den_resposta: before.den_resposta },
        depois: { aprovado: to, den_resposta: body.den_resposta },
        ip,
      });
    });
  } catch (err) {
    // Withdrawing approval while the same person has another review pending for the shop.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG.avaliacaoJaPendente);
    throw err;
  }
  const after = await repo.findForModeration(db, id);
  if (!after) throw new HttpError(404, MSG.avaliacaoNaoEncontrada);
  return { avaliacao: presentForModeration(after), cod_cidade: after.cod_cidade };
}

/** Deletes a review; an approved one leaves the shop's rating in the same transaction. */
export async function remove(
  db: Kysely<Database>,
  user: AuthUser,
  id: number,
  ip: string,
): Promise<{ cod_cidade: number }> {
  const before = await reviewToModerate(db, user, id);
  await transaction(db, async (trx) => {
    const gone = await repo.deleteReview(trx, id);
    if (!gone) throw new HttpError(404, MSG.avaliacaoNaoEncontrada);
    if (gone.aprovado === 'S') await addToRating(trx, gone.id_estabelecimento, -gone.nro_estrelas, -1);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'avaliacao',
      id_entidade: id,
      antes: presentForModeration(before),
      ip,
    });
  });
  return { cod_cidade: before.cod_cidade };
}
