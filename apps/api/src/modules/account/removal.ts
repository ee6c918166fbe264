import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { escapeLike } from '../../db/search-text.js';
import { addToRating } from '../establishments/service.js';
import { couponIdsOf } from '../coupons/queries.js';
import { forgetPerson } from '../cpf-comprovacoes/service.js';
import * as recibos from '../recibos/service.js';

/** What a removed person's row and winner records show instead of the name. */
const REMOVED_NAME = 'Usuário removido';
/** What replaces the person's values inside audit records. */
const REMOVED_VALUE = '[removido]';

export interface RemovalResult {
  /** The person removed, whose receipts' photos the caller deletes from disk. */
  id_usuario: number;
  /** Cities whose cached consumer lists changed (shop ratings, winners). */
  cidades: number[];
  /** Winner photos no longer referenced, for the caller to delete from disk. */
  fotos: string[];
  avaliacoes: number;
  contemplados: number;
  auditorias: number;
}

/** The person's own strings that may have been copied into audit records (long enough to be safe to replace). */
function personalTerms(u: Record<string, string | number | null>): string[] {
  const terms = [u.nome, u.email, u.whatsup, u.endereco, u.complemento, u.cep]
    .map((v) => String(v ?? '').trim())
    .filter((v) => v.length >= 5 && v !== REMOVED_NAME);
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

function scrub(value: unknown, terms: string[]): unknown {
  if (typeof value === 'string') {
    let s = value;
    for (const t of terms) s = s.split(t).join(REMOVED_VALUE);
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, terms));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, terms)]));
  }
  return value;
}

function scrubJson(text: string | null, terms: string[]): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(scrub(JSON.parse(text), terms));
  } catch {
    return scrub(text, terms) as string;
  }
}

/**
 * Anonymises a person (LGPD, domain §9), inside the caller's transaction:
 * - `usuarios`: name → 'Usuário removido', e-mail → null (the address can register again),
 *   phone and address → '', password hash → null (nothing verifies against it), role flags
 *   off, `visto_em` null, `removido_em` set. The id stays: sales, coupons, balances and draws
 *   keep pointing at it, so every total and past draw still adds up;
 * - deleted: sessions, push subscriptions, personal notifications, e-mailed codes, links to
 *   establishments, and the person's reviews (their text is personal), taking approved ones
 *   out of the shop's rating so `avaliacao`/`qtd_avaliacao` stay right;
 * - winner records of the person: the draw stays, the published name becomes 'Usuário
 *   removido' and the photos are deleted;
 * - complaints (issue 37): kept, as sales are, without the receipt's photo (the caller deletes
 *   the files, contestacoes/receipts.ts);
 * - fiscal receipts (issue 53): kept, as sales are (a key counts once in the programme), those
 *   still waiting closed as expired; the attempts of keys go;
 * - proofs of the CPF by photos (issue 52): an open one refused, all kept without the CPF and
 *   with their photos marked deleted (the caller deletes the files, cpf-comprovacoes/photos.ts);
 * - audit records: kept; every copy of the person's name, e-mail, phone or address inside
 *   `antes`/`depois` becomes '[removido]', and the address (ip) of their own actions is erased.
 */
export async function anonymise(
  trx: Kysely<Database>,
  idUsuario: number,
  at: string,
): Promise<RemovalResult> {
  const u = await trx
    .selectFrom('usuarios')
    .select(['nome', 'email', 'whatsup', 'endereco', 'complemento', 'cep', 'cod_cidade'])
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirstOrThrow();
  const terms = personalTerms(u);
  const cidades = new Set<number>();

  // Reviews: approved ones leave the shop's rating, then all go.
  const reviews = await trx
    .selectFrom('avaliacoes as a')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'a.id_estabelecimento')
    .select(['a.id_avaliacao', 'a.id_estabelecimento', 'a.nro_estrelas', 'a.aprovado', 'e.cod_cidade'])
    .where('a.id_usuario', '=', idUsuario)
    .execute();
  for (const r of reviews) {
    if (r.aprovado === 'S') await addToRating(trx, r.id_estabelecimento, -r.nro_estrelas, -1);
    cidades.add(r.cod_cidade);
  }
  if (reviews.length) await trx.deleteFrom('avaliacoes').where('id_usuario', '=', idUsuario).execute();

  // Winner records: keep the draw, drop the name and the photos.
  const winners = await trx
    .selectFrom('contemplados as w')
    .innerJoin('campanhas as c', 'c.id_campanha', 'w.id_campanha')
    .select(['w.id_sorteado', 'c.cod_cidade'])
    .where((eb) =>
      eb.or([
        eb('w.id_usuario', '=', idUsuario),
        eb('w.id_cupom', 'in', couponIdsOf(trx, 'id_usuario', idUsuario)),
      ]),
    )
    .execute();
  const winnerIds = winners.map((w) => w.id_sorteado);
  let fotos: string[] = [];
  if (winnerIds.length) {
    for (const w of winners) cidades.add(w.cod_cidade);
    const rows = await trx
      .selectFrom('contemplado_fotos')
      .select('url_foto')
      .where('id_sorteado', 'in', winnerIds)
      .execute();
    await trx.deleteFrom('contemplado_fotos').where('id_sorteado', 'in', winnerIds).execute();
    const still = rows.length
      ? await trx
          .selectFrom('contemplado_fotos')
          .select('url_foto')
          .where(
            'url_foto',
            'in',
            rows.map((r) => r.url_foto),
          )
          .execute()
      : [];
    const kept = new Set(still.map((r) => r.url_foto));
    fotos = [...new Set(rows.map((r) => r.url_foto))].filter((f) => !kept.has(f));
    await trx
      .updateTable('contemplados')
      .set({ nome_sorteado: REMOVED_NAME, atualizado_em: at })
      .where('id_sorteado', 'in', winnerIds)
      .execute();
  }

  // Proofs of the CPF (issue 52): kept as decisions, without the CPF or the photos.
  await forgetPerson(trx, idUsuario, at);
  await recibos.forgetPerson(trx, idUsuario, at);

  await trx
    .updateTable('contestacoes')
    .set({ imagem: null })
    .where('id_usuario', '=', idUsuario)
    .where('imagem', 'is not', null)
    .execute();

  await trx.deleteFrom('sessoes').where('id_usuario', '=', idUsuario).execute();
  await trx.deleteFrom('push_assinaturas').where('id_usuario', '=', idUsuario).execute();
  await trx.deleteFrom('usuario_notificacoes').where('id_usuario', '=', idUsuario).execute();
  await trx.deleteFrom('codigos').where('id_usuario', '=', idUsuario).execute();
  await trx.deleteFrom('usuario_estabelecimentos').where('id_usuario', '=', idUsuario).execute();
  // Issue 52: the link to gov.br (its `sub` is the CPF) goes with the CPF.
  await trx.deleteFrom('govbr_vinculos').where('id_usuario', '=', idUsuario).execute();

  // Audit records keep what happened, without the person's values.
  let auditorias = 0;
  if (terms.length) {
    const patterns = terms.map((t) => `%${escapeLike(JSON.stringify(t).slice(1, -1))}%`);
    const rows = await trx
      .selectFrom('auditoria')
      .select(['id', 'antes', 'depois'])
      .where((eb) =>
        eb.or(
          patterns.flatMap((p) => [
            eb(sql<string>`antes`, 'like', sql<string>`${p} escape '\\'`),
            eb(sql<string>`depois`, 'like', sql<string>`${p} escape '\\'`),
          ]),
        ),
      )
      .execute();
    for (const r of rows) {
      await trx
        .updateTable('auditoria')
        .set({ antes: scrubJson(r.antes, terms), depois: scrubJson(r.depois, terms) })
        .where('id', '=', r.id)
        .execute();
    }
    auditorias = rows.length;
  }
  await trx.updateTable('auditoria').set({ ip: '' }).where('id_usuario', '=', idUsuario).execute();

  await trx
    .updateTable('usuarios')
    .set({
      nome: REMOVED_NAME,
      email: null,
      senha_hash: null,
      whatsup: '',
      endereco: '',
      numero: '',
      complemento: '',
      bairro: '',
      cidade: '',
      uf: '',
      cep: '',
      cpf_busca: null,
      cpf_cifrado: null,
      cpf_situacao: '',
      cpf_definido_em: null,
      cpf_comprovado_por: null,
      parceiro: 0,
      admin: 0,
      superadmin: 0,
      visto_em: null,
      removido_em: at,
      atualizado_em: at,
    })
    .where('id_usuario', '=', idUsuario)
    .execute();

  return {
    id_usuario: idUsuario,
    cidades: [...cidades],
    fotos,
    avaliacoes: reviews.length,
    contemplados: winnerIds.length,
    auditorias,
  };
}
