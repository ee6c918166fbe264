import { randomBytes, randomInt as cryptoRandomInt, createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_SORTEIO,
  TICKET_FILE_HEADER,
  formatCouponCode,
  type AberturaSorteio,
  type AberturaSorteioPublica,
  type FaixaSorteio,
  type ItemSorteioPublico,
  type RegistroSorteio,
  type ResultadoSorteio,
  type SorteioQuery,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import type { Store } from '../../lib/storage.js';
import type { Database } from '../../db/types.js';
import { campaignHasEntityHolders } from '../entidades/holder.js';
import { nowIso, today } from '../../lib/clock.js';
import { uniqueViolation } from '../../db/errors.js';
import { derivePosition, maskedParticipant, parseTicketLine, ticketLine } from './draw-rule.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import { recordDrawnWinner } from '../winners/admin-service.js';
import type { AuthUser } from '../auth/types.js';
import {
  presentAbertura,
  presentOpenAbertura,
  presentPublicAbertura,
  presentPublicDraw,
  presentRange,
  presentRecord,
  presentResult,
  type DrawOutcome,
} from './presenter.js';
import { mayDrawInCity } from './policy.js';
import * as repo from './repository.js';

/**
 * Prize draws (domain §5): pick one eligible coupon uniformly at random, record the winner,
 * keep what an auditor needs. Two modes:
 *
 * - unseeded (default): the server's cryptographic randomness picks among the eligible coupons
 *   without reading them all ({@link pickUniform}), and the count and rank the record keeps
 *   are taken by complement ({@link rankAmongEligible}): a handful of index reads at any scale;
 * - seeded (auditable): the eligible coupons, by number, are written as the ticket file; the
 *   winner is the line that {@link derivePosition} derives from the public seed and the file's
 *   SHA-256, so anyone with the file and the seed re-derives it (`npm run verify-draw`).
 *
 * Safety: the whole pick and its recording are one transaction. Draws of one campaign are
 * serialised (PostgreSQL: an advisory lock, see repository; SQLite: one writer), the coupon is
 * marked drawn only if it still is neither drawn nor voided, and `sorteios_cupom_uq` allows one
 * record per coupon: a conflict retries the whole draw once, then answers 409.
 */

/** `cod_cidade` in the query names a city (the screen's selection) that is not the campaign's. */
export const CAMPANHA_DE_OUTRA_CIDADE = 'A campanha escolhida não é da cidade selecionada';
/** The ticket file of a seeded draw could not be written: the draw is not made. */
export const BILHETES_NAO_GRAVADOS =
  'Não foi possível gravar o arquivo de bilhetes; o sorteio não foi realizado. Tente novamente.';
/** Twice in a row someone else took the chosen coupon (practically never: draws are serialised). */
const SORTEIO_CONCORRENTE = 'Outro sorteio ou alteração usou o mesmo cupom; tente novamente';

/** Eligible coupons per query while writing a ticket file: memory stays bounded. */
const TICKET_BATCH = 10_000;
/** Misses of rejection sampling before the draw picks by position instead. */
export const REJECTION_TRIES = 64;
/** Records listed per campaign for the admin, newest first. */
const RECORDS_LIMIT = 500;

export interface DrawDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A local folder for the ticket file while it is written (DATA_DIR). */
  dataDir: string;
  /** Where the published ticket files are (`sorteios/<id>.csv`, lib/storage.ts). */
  store: Store;
  /** BASE_PATH of the app ('/' or '/praca/'), for the ticket file's address. */
  basePath: string;
  log: FastifyBaseLogger;
}

type Query = z.output<typeof SorteioQuery>;

/** A uniform integer in [min, max). */
export type RandomInt = (min: number, max: number) => number;
/** node:crypto's randomInt: a CSPRNG, and unbiased (it rejects, never reduces modulo). */
export const secureRandomInt: RandomInt = (min, max) => cryptoRandomInt(min, max);

// --- the unseeded pick -----------------------------------------------------------------------

/** Where {@link pickUniform} looks coupons up; `byNumber` and `nth` see only eligible ones. */
export interface PickSource<T> {
  /** The lowest coupon number of the campaign. */
  minNumero: number;
  /** The highest coupon number of the campaign (below `minNumero`: no coupons). */
  maxNumero: number;
  /** The eligible coupon with this number, if the number's coupon is eligible. */
  byNumber(numero: number): Promise<T | undefined>;
  /** How many coupons are eligible. */
  count(): Promise<number>;
  /** The k-th (0-based) eligible coupon ordered by number. */
  nth(k: number): Promise<T | undefined>;
}

/**
 * Picks one eligible coupon, each with probability exactly 1/n, reading a handful of index
 * entries whatever the campaign's size (never `ORDER BY random()`, never the whole list).
 *
 * 1. Rejection sampling by number: a uniform number in [minNumero, maxNumero] is looked up through
 *    the unique (campaign, number) index and accepted if its coupon is eligible. Every number
 *    is equally likely on every try, so an accepted try is uniform over the eligible coupons.
 * 2. After {@link REJECTION_TRIES} misses (a campaign mostly drawn or voided, or with most of
 *    its coupons left out by the options), by position: n = the count of eligible coupons,
 *    k uniform in [0, n) and the k-th eligible coupon by number (an index walk). Uniform too.
 *
 * Whether step 2 runs depends only on the misses, never on which eligible coupon would come,
 * so every coupon's chance is Σ_t P(t misses)·(1/m) + P(all miss)·(1/n) (m the size of the
 * number range), the same for
 * all: the result is exactly uniform. `randomInt` must itself be unbiased (crypto's is: it
 * rejects out-of-range values instead of reducing modulo). Answers the coupon and, when step 2
 * chose it, its position and the count; null when nothing is eligible.
 */
export async function pickUniform<T>(
  src: PickSource<T>,
  randomInt: RandomInt = secureRandomInt,
): Promise<{ item: T; posicao: number | null; n: number | null } | null> {
  if (src.maxNumero >= src.minNumero) {
    for (let t = 0; t < REJECTION_TRIES; t++) {
      const hit = await src.byNumber(randomInt(src.minNumero, src.maxNumero + 1));
      if (hit !== undefined) return { item: hit, posicao: null, n: null };
    }
  }
  const n = await src.count();
  if (n <= 0) return null;
  const k = randomInt(0, n);
  const item = await src.nth(k);
  // Fewer eligible coupons than counted: a sale edit voided some meanwhile (PostgreSQL).
  if (item === undefined) throw new DrawConflict();
  return { item, posicao: k, n };
}

export interface DrawPick {
  id_cupom: number;
  numero: number;
  /** 0-based rank of the winner among the eligible coupons ordered by number. */
  posicao: number;
  qtd_elegiveis: number;
  /** SHA-256 of the ticket file (seeded draws), else null. */
  hash_lista: string | null;
}

/**
 * The unseeded pick over the database (inside the draw's transaction); null when none is
 * eligible. The record keeps the count of eligible coupons and the winner's rank among them:
 * when the rejection stage chose, both come from {@link rankAmongEligible}, which counts what
 * is not eligible instead of walking the eligible coupons.
 */
export async function pickUnseeded(
  trx: Kysely<Database>,
  e: repo.Eligibility,
  randomInt: RandomInt = secureRandomInt,
): Promise<DrawPick | null> {
  const range = await repo.numberRange(trx, e.idCampanha);
  // With an apuração's tickets frozen (issue 49), the numbers up to its prefix can win only
  // when that apuração left them out; when none of those may win, the rejection stage draws
  // above the prefix, where the frozen numbers are not (still every eligible coupon's number).
  const frozen = repo.longestFrozen(e);
  let minNumero = range?.min ?? 1;
  if (frozen && range && frozen.maior_numero >= range.min) {
    const low = await repo.countEligibleLeftOut(trx, e, frozen, 0);
    if (low.n === 0) minNumero = frozen.maior_numero + 1;
  }
  const chosen = await pickUniform(
    {
      minNumero,
      maxNumero: range?.max ?? 0,
      byNumber: (numero) => repo.eligibleByNumber(trx, e, numero),
      count: () => repo.countEligible(trx, e),
      nth: (k) => repo.nthEligible(trx, e, k),
    },
    randomInt,
  );
  if (!chosen) return null;
  const { id_cupom, numero } = chosen.item;
  if (chosen.posicao !== null && chosen.n !== null) {
    return { id_cupom, numero, posicao: chosen.posicao, qtd_elegiveis: chosen.n, hash_lista: null };
  }
  // The rejection stage found a coupon, so the campaign has a number range.
  const { n, abaixo } = await rankAmongEligible(trx, e, range!, numero);
  return { id_cupom, numero, posicao: abaixo, qtd_elegiveis: n, hash_lista: null };
}

/**
 * How many coupons may win and the 0-based rank of `numero` among them, by complement: every
 * number of [min, max] is a coupon (numbers are issued without gaps), so the eligible ones are
 * the range less the ineligible ones ({@link repo.countIneligible}: voided or drawn, of a
 * left-out person, of a left-out shop), and the same below `numero`. That reads only the
 * ineligible coupons — a few thousand index entries in a campaign of tens of millions — where
 * counting the eligible ones walks them all. Should the figures not add up (a gap in the
 * numbers, never made by the ledger), it counts the eligible coupons one by one instead.
 */
async function rankAmongEligible(
  trx: Kysely<Database>,
  e: repo.Eligibility,
  range: { min: number; max: number },
  numero: number,
): Promise<repo.CountBelow> {
  // The complement reads the ineligible coupons by their earner's index; with entity holders
  // the person rules are the holder's, so count the eligible ones instead.
  if (e.porTitular) return repo.countEligibleWithRank(trx, e, numero);
  // Frozen tickets (issue 49): up to the longest frozen prefix only the numbers its apuração
  // left out may win (a short list, counted directly); above it the complement applies as
  // before, since no apuração freezes a number above its own prefix.
  const frozen = repo.longestFrozen(e);
  let low: repo.CountBelow = { n: 0, abaixo: 0 };
  let from = range.min;
  if (frozen && frozen.maior_numero >= range.min) {
    low = await repo.countEligibleLeftOut(trx, e, frozen, numero);
    from = frozen.maior_numero + 1;
  }
  let n = low.n;
  let abaixo = low.abaixo;
  if (from <= range.max) {
    const out = await repo.countIneligible(trx, e, { min: from, max: range.max }, numero);
    n += range.max - from + 1 - out.n;
    // Numbers of [from, numero) (none when the winner is below `from`), less the ineligible ones.
    abaixo += Math.max(0, Math.min(numero, range.max + 1) - from) - out.abaixo;
  }
  if (n >= 1 && abaixo >= 0 && abaixo < n) return { n, abaixo };
  return repo.countEligibleWithRank(trx, e, numero);
}

// --- the seeded pick -------------------------------------------------------------------------

const ticketsDir = (dataDir: string): string => path.join(dataDir, 'sorteios');
/** The store's key of the ticket file of a draw. */
export const ticketFileKey = (idRegistro: number): string => `sorteios/${idRegistro}.csv`;
/** Where the data folder's store (the default) keeps the ticket file of a draw. */
export const ticketFilePath = (dataDir: string, idRegistro: number): string =>
  path.join(dataDir, ticketFileKey(idRegistro));

/**
 * Writes the ticket file of the eligible coupons to `tmpPath` in batches by number (never the
 * whole list in memory), hashing the very bytes written; derives the winning position from the
 * seed and the hash; and reads the winner back from that line of the file, so the winner is by
 * construction what the file says. Null when none is eligible.
 *
 * Batches follow the number (keyset), so no coupon is listed twice. On PostgreSQL each batch
 * reads what is committed at that moment: other draws wait on the campaign's draw lock, but a
 * sale edit may void a listed coupon meanwhile; should that coupon win, `markDrawn` refuses it
 * and the draw starts over with a new file (and a new hash). SQLite runs one transaction at a
 * time, so there the whole file is one consistent picture — and a very large seeded draw holds
 * the database for as long as it writes.
 */
async function pickSeeded(
  trx: Kysely<Database>,
  e: repo.Eligibility,
  semente: string,
  tmpPath: string,
): Promise<DrawPick | null> {
  let file: fs.FileHandle;
  try {
    await fs.mkdir(path.dirname(tmpPath), { recursive: true });
    file = await fs.open(tmpPath, 'wx+');
  } catch (err) {
    throw new TicketWriteError(err);
  }
  try {
    const hash = createHash('sha256');
    let offset = 0;
    const write = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      try {
        for (let done = 0; done < bytes.length;) {
          done += (await file.write(bytes, done, bytes.length - done, offset + done)).bytesWritten;
        }
      } catch (err) {
        throw new TicketWriteError(err);
      }
      offset += bytes.length;
    };
    await write(`${TICKET_FILE_HEADER}\n`);
    // Where each batch starts: its first position and byte offset, to find one line again.
    const batches: { posicao: number; offset: number }[] = [];
    let n = 0;
    let after = 0;
    for (;;) {
      const rows = await repo.ticketBatch(trx, e, after, TICKET_BATCH);
      if (rows.length === 0) break;
      batches.push({ posicao: n, offset });
      let text = '';
      for (const r of rows) {
        text +=
          ticketLine({
            posicao: n++,
            codigo: formatCouponCode(r.numero),
            participante: maskedParticipant(r.participante),
            estabelecimento: r.estabelecimento,
          }) + '\n';
      }
      await write(text);
      after = rows[rows.length - 1].numero;
      if (rows.length < TICKET_BATCH) break;
    }
    if (n === 0) return null;
    try {
      await file.sync();
    } catch (err) {
      throw new TicketWriteError(err);
    }
    const hash_lista = hash.digest('hex');
    const posicao = derivePosition(semente, hash_lista, n);

    // The winning line, read back from its batch of the file.
    let b = batches.length - 1;
    while (batches[b].posicao > posicao) b--;
    const end = b + 1 < batches.length ? batches[b + 1].offset : offset;
    const chunk = Buffer.alloc(end - batches[b].offset);
    for (let done = 0; done < chunk.length;) {
      const { bytesRead } = await file.read(chunk, done, chunk.length - done, batches[b].offset + done);
      if (bytesRead === 0) throw new Error('arquivo de bilhetes menor que o escrito');
      done += bytesRead;
    }
    const line = chunk.toString('utf8').split('\n')[posicao - batches[b].posicao];
    const ticket = parseTicketLine(line, posicao, posicao + 2);
    const coupon = await repo.couponByNumber(trx, e.idCampanha, ticket.cupom);
    if (!coupon) throw new Error(`cupom ${ticket.codigo} do arquivo de bilhetes não existe`);
    return { id_cupom: coupon.id_cupom, numero: coupon.numero, posicao, qtd_elegiveis: n, hash_lista };
  } finally {
    await file.close().catch(() => undefined);
  }
}

// --- the draw --------------------------------------------------------------------------------

/** Someone else took the chosen coupon (or voided it) between the pick and the recording. */
class DrawConflict extends Error {
  constructor() {
    super('cupom sorteado por outra transação');
  }
}

/** The seeded draw's ticket file could not be written. */
class TicketWriteError extends Error {
  constructor(readonly reason: unknown) {
    super('arquivo de bilhetes não gravado');
  }
}

const isConflict = (err: unknown): boolean => {
  if (err instanceof DrawConflict) return true;
  const constraint = uniqueViolation(err);
  return constraint === 'sorteios_cupom_uq' || constraint === 'sorteios.id_cupom';
};

/**
 * The campaign's draw lock (see the repository), for the apurações: freezing a ticket file and
 * recording a result wait for a running draw of the campaign, and a draw waits for them.
 */
export const lockCampaignDraws = repo.lockCampaignDraws;

type Campaign = NonNullable<Awaited<ReturnType<typeof repo.findCampaign>>>;

/** A campaign whose draws the caller may make or read: 404, 403 for another city. */
async function campaignOf(db: Kysely<Database>, user: AuthUser, idCampanha: number): Promise<Campaign> {
  const c = await repo.findCampaign(db, idCampanha);
  if (!c) throw new HttpError(404, MSG_ADMIN.campanhaNaoEncontrada);
  if (!mayDrawInCity(user, c.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  return c;
}

/**
 * `GET /v1/adm/sorteio/{id_campanha}`: draws one coupon and records the winner. Order of the
 * checks: unknown campaign 404; another city's campaign for a plain admin 403; `cod_cidade`
 * sent and not the campaign's city 400 (a stale city selection on the screen — the admin may
 * draw there, but not by mistake); nothing eligible 400.
 * Answers the result and the city whose cached winner list is now stale.
 */
export async function draw(
  deps: DrawDeps,
  user: AuthUser,
  idCampanha: number,
  query: Query,
  ip: string,
): Promise<{ resultado: ResultadoSorteio; codCidade: number }> {
  const campaign = await campaignOf(deps.db, user, idCampanha);
  if (query.cod_cidade !== undefined && query.cod_cidade !== campaign.cod_cidade) {
    throw new HttpError(400, CAMPANHA_DE_OUTRA_CIDADE);
  }
  const e: repo.Eligibility = {
    idCampanha,
    semUsuariosContemplados: query.musuario === 'N',
    semLojasContempladas: query.mloja === 'N',
  };
  if (query.abertura !== undefined && query.semente !== undefined) {
    throw new HttpError(400, MSG_SORTEIO.aberturaOuSemente);
  }
  // Commit-reveal (issue 49): the seed is the opening's, whose hash was published before.
  const abertura =
    query.abertura === undefined ? null : await usableAbertura(deps.db, query.abertura, idCampanha);
  const semente = abertura?.semente ?? query.semente ?? null;

  for (let attempt = 1; ; attempt++) {
    const tmp = semente
      ? path.join(ticketsDir(deps.dataDir), `.tmp-${process.pid}-${randomBytes(8).toString('hex')}.csv`)
      : null;
    let outcome: DrawOutcome;
    try {
      outcome = await transaction(deps.db, async (trx) => {
        await repo.lockCampaignDraws(trx, deps.dialect, idCampanha);
        e.porTitular = await campaignHasEntityHolders(trx, idCampanha);
        // Tickets frozen for an apuração not yet drawn are out (read under the draw lock).
        e.congeladas = await repo.frozenApuracoes(trx, idCampanha);
        // Under the lock a second draw with the same opening sees the first one's.
        if (abertura) await usableAbertura(trx, abertura.id_abertura, idCampanha);
        const pick = semente && tmp ? await pickSeeded(trx, e, semente, tmp) : await pickUnseeded(trx, e);
        if (!pick) throw new HttpError(400, MSG_SORTEIO.semCuponsElegiveis);
        const at = nowIso();
        if (!(await repo.markDrawn(trx, pick.id_cupom, at))) throw new DrawConflict();
        const k = await repo.couponForWinner(trx, pick.id_cupom);
        const data_sorteio = today();
        const id_sorteado = await recordDrawnWinner(trx, k, { id_campanha: idCampanha, data_sorteio }, at);
        const hash_lista = pick.hash_lista;
        const id_registro = await repo.insertDraw(trx, {
          id_campanha: idCampanha,
          id_cupom: k.id_cupom,
          id_sorteado,
          semente,
          hash_lista,
          qtd_elegiveis: pick.qtd_elegiveis,
          posicao: pick.posicao,
          mloja: query.mloja,
          musuario: query.musuario,
          criado_por: user.id,
          at,
        });
        if (abertura && !(await repo.useAbertura(trx, abertura.id_abertura, id_registro))) {
          throw new HttpError(409, MSG_SORTEIO.aberturaJaUsada);
        }
        const id_abertura = abertura?.id_abertura ?? null;
        const hash_semente = abertura?.hash_semente ?? null;
        await recordAudit(trx, {
          id_usuario: user.id,
          acao: 'sortear',
          entidade: 'sorteio',
          id_entidade: id_registro,
          depois: {
            id_campanha: idCampanha,
            id_cupom: k.id_cupom,
            numero: k.numero,
            codigo: formatCouponCode(k.numero),
            id_sorteado,
            id_usuario: k.id_usuario,
            id_estabelecimento: k.id_estabelecimento,
            id_venda: k.id_venda,
            mloja: query.mloja,
            musuario: query.musuario,
            semente,
            id_abertura,
            hash_semente,
            hash_lista,
            qtd_elegiveis: pick.qtd_elegiveis,
            posicao: pick.posicao,
          },
          ip,
        });
        return {
          id_sorteado,
          id_registro,
          numero: k.numero,
          id_usuario: k.id_usuario,
          nome_usuario: k.nome_usuario,
          id_estabelecimento: k.id_estabelecimento,
          nome_estabelecimento: k.nome_estabelecimento,
          id_campanha: idCampanha,
          den_campanha: campaign.den_campanha,
          data_sorteio,
          semente,
          id_abertura,
          hash_semente,
          hash_lista,
          qtd_elegiveis: pick.qtd_elegiveis,
          posicao: pick.posicao,
        };
      });
    } catch (err) {
      if (tmp) await fs.rm(tmp, { force: true }).catch(() => undefined);
      if (err instanceof TicketWriteError) {
        deps.log.error({ err: err.reason }, 'sorteio com semente: arquivo de bilhetes não gravado');
        throw new HttpError(503, BILHETES_NAO_GRAVADOS);
      }
      if (isConflict(err)) {
        if (attempt < 2) continue;
        throw new HttpError(409, SORTEIO_CONCORRENTE);
      }
      throw err;
    }
    if (tmp) await publishTicketFile(deps, tmp, outcome.id_registro);
    return { resultado: presentResult(outcome), codCidade: campaign.cod_cidade };
  }
}

/**
 * The opening a draw names: 404 unknown, 400 of another campaign, 409 already used by a draw.
 */
async function usableAbertura(
  db: Kysely<Database>,
  idAbertura: number,
  idCampanha: number,
): Promise<repo.AberturaRow> {
  const a = await repo.findAbertura(db, idAbertura);
  if (!a) throw new HttpError(404, MSG_SORTEIO.aberturaNaoEncontrada);
  if (a.id_campanha !== idCampanha) throw new HttpError(400, MSG_SORTEIO.aberturaDeOutraCampanha);
  if (a.id_registro !== null) throw new HttpError(409, MSG_SORTEIO.aberturaJaUsada);
  return a;
}

/** SHA-256 (hex) of a seed's UTF-8 text: what an opening publishes. */
const seedHash = (semente: string): string => createHash('sha256').update(semente, 'utf8').digest('hex');

/**
 * `POST /v1/adm/sorteio/{id_campanha}/abertura` (issue 49): opening the draw dialog. A fresh
 * server seed (32 random bytes, hex) is stored and only its SHA-256 answered and published
 * (`GET /v1/sorteios/aberturas/{id}`, and the city's public list while unused); the one draw
 * that names this opening uses that seed and reveals it. The admin never picks the seed, and a
 * discarded opening stays public. 404 unknown campaign, 403 another city's.
 */
export async function openAbertura(
  deps: DrawDeps,
  user: AuthUser,
  idCampanha: number,
  ip: string,
): Promise<{ abertura: AberturaSorteio; codCidade: number }> {
  const campaign = await campaignOf(deps.db, user, idCampanha);
  const semente = randomBytes(32).toString('hex');
  const hash_semente = seedHash(semente);
  const aberto_em = nowIso();
  const id_abertura = await transaction(deps.db, async (trx) => {
    const id = await repo.insertAbertura(trx, {
      id_campanha: idCampanha,
      semente,
      hash_semente,
      aberto_em,
      aberto_por: user.id,
    });
    // Never the seed: the audit trail is read by admins before the draw.
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'abrir_sorteio',
      entidade: 'sorteio_abertura',
      id_entidade: id,
      depois: { id_campanha: idCampanha, hash_semente, aberto_em },
      ip,
    });
    return id;
  });
  return {
    abertura: presentAbertura({ id_abertura, id_campanha: idCampanha, hash_semente, aberto_em }),
    codCidade: campaign.cod_cidade,
  };
}

/** `GET /v1/sorteios/aberturas/{id_abertura}`: the public opening; its seed once drawn. */
export async function aberturaRecord(deps: DrawDeps, idAbertura: number): Promise<AberturaSorteioPublica> {
  const a = await repo.findAbertura(deps.db, idAbertura);
  if (!a) throw new HttpError(404, MSG_SORTEIO.aberturaNaoEncontrada);
  return presentPublicAbertura(a);
}

/**
 * After the commit, the ticket file is published in the store (written whole under its name:
 * readers never see half a file). If that fails the draw stands — it is committed and its seed,
 * hash, count and position are kept — and the record shows `bilhetes: null`; the error and the
 * temporary file's path are logged (the file is kept then) so an operator can put it in place
 * by hand (its hash is in the record).
 */
async function publishTicketFile(deps: DrawDeps, tmp: string, idRegistro: number): Promise<void> {
  const key = ticketFileKey(idRegistro);
  try {
    await deps.store.put(key, { file: tmp }, 'text/csv; charset=utf-8');
  } catch (err) {
    deps.log.error(
      { err, arquivo_temporario: tmp, destino: key, id_registro: idRegistro },
      'sorteio registrado, mas o arquivo de bilhetes não foi publicado',
    );
    return;
  }
  await fs.rm(tmp, { force: true }).catch(() => undefined);
}

// --- records ---------------------------------------------------------------------------------

/** Whether a draw keeps a published ticket file (only seeded draws do). */
async function hasTicketFile(deps: Pick<DrawDeps, 'store'>, r: repo.RecordRow): Promise<boolean> {
  if (r.semente === null || r.hash_lista === null) return false;
  return deps.store.exists(ticketFileKey(r.id)).catch(() => false);
}

async function present(deps: DrawDeps, r: repo.RecordRow): Promise<RegistroSorteio> {
  const stored = await hasTicketFile(deps, r);
  return presentRecord(r, stored ? `${deps.basePath}v1/sorteios/${r.id}/bilhetes.csv` : null);
}

/** `GET /v1/sorteios/{id_registro}`: the public record of a draw. */
export async function record(deps: DrawDeps, idRegistro: number): Promise<RegistroSorteio> {
  const r = await repo.findRecord(deps.db, idRegistro);
  if (!r) throw new HttpError(404, MSG_SORTEIO.sorteioNaoEncontrado);
  return present(deps, r);
}

/** `GET /v1/sorteios/{id_registro}/bilhetes.csv`: the stored ticket file, or 404. */
export async function ticketFile(
  deps: DrawDeps,
  idRegistro: number,
): Promise<{ body: Readable; size: number }> {
  const r = await repo.findRecord(deps.db, idRegistro);
  if (!r) throw new HttpError(404, MSG_SORTEIO.sorteioNaoEncontrado);
  const stored =
    r.semente === null || r.hash_lista === null ? null : await deps.store.get(ticketFileKey(r.id));
  if (!stored) throw new HttpError(404, MSG_SORTEIO.bilhetesIndisponiveis);
  return stored;
}

/**
 * Every instant draw of the city's campaigns, newest first, as items of the city's public list
 * of draws (`GET /v1/apuracoes?cod_cidade=` shows them beside the apurações): no draw is hidden,
 * an annulled winner shows with its reason.
 */
export async function instantDrawsOfCity(
  db: Kysely<Database>,
  codCidade: number,
): Promise<ItemSorteioPublico[]> {
  const drawn = (await repo.listCityRecords(db, codCidade)).map(presentPublicDraw);
  // Every opened draw dialog is public (issue 49): an opening no draw used shows as 'aberto'.
  const open = (await repo.listCityUnusedAberturas(db, codCidade)).map(presentOpenAbertura);
  return [...drawn, ...open].sort((x, y) => (x.data < y.data ? 1 : x.data > y.data ? -1 : 0));
}

/** `GET /v1/adm/sorteios?id_campanha=`: a campaign's draw records, newest first. */
export async function records(
  deps: DrawDeps,
  user: AuthUser,
  idCampanha: number,
): Promise<RegistroSorteio[]> {
  await campaignOf(deps.db, user, idCampanha);
  const rows = await repo.listRecords(deps.db, idCampanha, RECORDS_LIMIT);
  return Promise.all(rows.map((r) => present(deps, r)));
}

/**
 * `GET /v1/adm/sorteio/{id_campanha}/faixa`: the coupons the campaign has issued, first and last
 * by code (two probes of the (campaign, number) index), for the draw dialog's rolling display.
 * Numbers are issued without gaps, so the count is the width of the range.
 */
export async function couponRange(deps: DrawDeps, user: AuthUser, idCampanha: number): Promise<FaixaSorteio> {
  await campaignOf(deps.db, user, idCampanha);
  const range = await repo.numberRange(deps.db, idCampanha);
  return presentRange(idCampanha, range);
}
