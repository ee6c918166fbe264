import type { Readable } from 'node:stream';
import type { WebhookEvents } from '../integration/webhooks.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MSG_ADMIN,
  MSG_APURACAO,
  formatCouponCode,
  isRealDay,
  parseCouponCode,
  type Apuracao,
  type ConsultaBilhete,
  type ItemSorteioPublico,
  type MeusNumeros,
} from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { Store } from '../../lib/storage.js';
import { today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthUser } from '../auth/types.js';
import { instantDrawsOfCity } from '../draws/service.js';
import { mayApurarInCity } from './policy.js';
import { presentApuracao, presentListItem, presentWinner } from './presenter.js';
import { renderAta } from './ata.js';
import * as repo from './repository.js';
import { titularDe } from './rule.js';

/**
 * Apurações by the Loteria Federal (issue 36): the regulated draw, beside the instant one of
 * modules/draws. Scheduling freezes the campaign's eligible coupons into a ticket file and
 * publishes its SHA-256 before the contest; the result is the contest's five prizes alone, and
 * the winners follow from `apurar` (rule.ts) over that very file, which the server reads back and
 * checks against the published hash first. Nobody chooses a winner, and nothing done between
 * freezing and result (sales, voids, instant draws) changes who wins.
 *
 * Safety: freezing and the result take the campaign's draw lock (PostgreSQL; SQLite has one
 * writer), so neither runs beside an instant draw of the campaign; the file is written and
 * renamed into place inside the freezing transaction (removed if it rolls back); a result is
 * recorded only by the conditional update `agendada → apurada`, so of many simultaneous
 * results exactly one stands, and `contemplados_apuracao_uq` backs it up.
 *
 * Files: freezing.ts (schedule, reschedule), result.ts (the result and its winners), this file
 * (the shared checks and every read).
 */

export interface ApuracaoDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A local folder for a ticket file while it is written (DATA_DIR). */
  dataDir: string;
  /** Where the frozen ticket files are (`apuracoes/<id>.csv`, lib/storage.ts). */
  store: Store;
  /** How long `POST /v1/adm/apuracoes` waits for the freezing job before answering 202. */
  freezeWaitMs: number;
  /** BASE_PATH of the app ('/' or '/praca/'), for the ticket file's address. */
  basePath: string;
  /** `${publicUrl}${BASE_PATH}`: the public page a winner's e-mail links to. */
  siteUrl: string;
  supportEmail: string;
  /** The server's HMAC key (the hand-over codes' one): the ticket file's pseudonyms. */
  secret: () => Promise<string>;
  mailer: Mailer;
  /** Adds a background job on `db` (src/jobs): the winners' e-mails. */
  enqueue: (db: Kysely<Database>, name: string, payload: object) => Promise<void>;
  log: FastifyBaseLogger;
  /** Webhook events (issue 39): `apuracao.agendada`, `apuracao.apurada` (the city's hooks). */
  events?: WebhookEvents;
}

/** Apurações in a city's public list. */
const LIST_LIMIT = 200;

/** A contest day: a real calendar day, today or later on the programme's clock. */
export function checkContestDay(day: string): void {
  if (!isRealDay(day) || day < today()) throw new HttpError(400, MSG_APURACAO.dataConcursoInvalida);
}

/** An apuração the caller may run: 404, 403 for another city's. */
export async function apuracaoOf(
  db: Kysely<Database>,
  user: AuthUser,
  id: number,
): Promise<repo.ApuracaoRow> {
  const a = await repo.findApuracao(db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (!mayApurarInCity(user, a.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  return a;
}

// --- public reads ----------------------------------------------------------------------------

const ticketFileAddress = (deps: Pick<ApuracaoDeps, 'basePath'>, id: number) =>
  `${deps.basePath}v1/apuracoes/${id}/bilhetes.csv`;

async function present(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Apuracao> {
  const [reagendamentos, winners, secret] = await Promise.all([
    repo.reschedulesOf(deps.db, [a.id_apuracao]),
    repo.winnersOf(deps.db, [a.id_apuracao]),
    deps.secret(),
  ]);
  const now = new Date();
  return presentApuracao(a, {
    bilhetes: ticketFileAddress(deps, a.id_apuracao),
    reagendamentos,
    ganhadores: winners.map((w) =>
      presentWinner(
        w,
        w.id_usuario === null ? '' : titularDe(secret, a.id_apuracao, w.id_usuario),
        a.apurada_em,
        now,
      ),
    ),
  });
}

/** `GET /v1/apuracoes/{id}`: the public record, no login. */
export async function publicRecord(deps: ApuracaoDeps, id: number): Promise<Apuracao> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  return present(deps, a);
}

/** Newest first by day (an apuração's contest day, an instant draw's instant); stable otherwise. */
const newestFirst = (items: ItemSorteioPublico[]): ItemSorteioPublico[] =>
  [...items].sort((x, y) => (x.data < y.data ? 1 : x.data > y.data ? -1 : 0));

/** `GET /v1/apuracoes?cod_cidade=`: the city's public list of draws, newest first. */
export async function publicList(deps: ApuracaoDeps, codCidade: number): Promise<ItemSorteioPublico[]> {
  const rows = await repo.listByCity(deps.db, codCidade, LIST_LIMIT);
  const winners = await repo.winnersOf(
    deps.db,
    rows.map((a) => a.id_apuracao),
  );
  const apuracoes = rows.map((a) =>
    presentListItem(
      a,
      winners.filter((w) => w.id_apuracao === a.id_apuracao),
    ),
  );
  // Every instant draw is public in the same list (issue 36: no hidden re-draws).
  return newestFirst([...apuracoes, ...(await instantDrawsOfCity(deps.db, codCidade))]);
}

/**
 * `GET /v1/adm/apuracoes/{id}/ata.pdf`: the draw minutes, stating what the public record
 * states, with the city's name and who generated them when (an admin of the city).
 */
export async function minutes(deps: ApuracaoDeps, user: AuthUser, id: number): Promise<Buffer> {
  const a = await apuracaoOf(deps.db, user, id);
  const record = await present(deps, a);
  const city = await deps.db
    .selectFrom('cidades')
    .select(['cidade', 'uf'])
    .where('cod_cidade', '=', a.cod_cidade)
    .executeTakeFirst();
  return renderAta(record, {
    operador: user.nome,
    geradoEm: new Date(),
    cidade: city ? `${city.cidade}/${city.uf}` : String(a.cod_cidade),
  });
}

/**
 * `GET /v1/apuracoes/{id}/bilhetes.csv`: the frozen file from the store, and its size; 409
 * while it is being frozen.
 */
export async function ticketFile(deps: ApuracaoDeps, id: number): Promise<{ body: Readable; size: number }> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
  const got = await deps.store.get(a.arquivo);
  if (!got) {
    deps.log.error({ id_apuracao: id, arquivo: a.arquivo }, 'arquivo de bilhetes da apuração ausente');
    throw new Error(`arquivo de bilhetes da apuração ${id} ausente`);
  }
  return got;
}

/**
 * `GET /v1/apuracoes/{id}/bilhetes/{serie_numero}`: is this série-número in the frozen file,
 * and did it win (not annulled)? A number above `maior_numero` was issued after the freeze.
 */
export async function checkTicket(deps: ApuracaoDeps, id: number, text: string): Promise<ConsultaBilhete> {
  const numero = parseCouponCode(text);
  if (numero === null) throw new HttpError(400, MSG_APURACAO.bilheteInvalido);
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  const serie_numero = formatCouponCode(numero);
  const none: ConsultaBilhete = { serie_numero, no_arquivo: false, ganhador: false, premio: null };
  if (numero > a.maior_numero) return none;
  const coupon = await repo.couponByNumber(deps.db, a.id_campanha, numero);
  if (!coupon) return none;
  const no_arquivo = !(await repo.isLeftOut(deps.db, id, numero));
  const prize = await repo.prizeOf(deps.db, id, coupon.id_cupom);
  return { serie_numero, no_arquivo, ganhador: prize !== undefined, premio: prize?.premio ?? null };
}

/**
 * `GET /v1/usuarios/numeros`: the caller's numbers by campaign (latest campaign first), each
 * with the apurações whose file holds it and whether it won (not annulled).
 */
export async function myNumbers(db: Kysely<Database>, user: AuthUser): Promise<MeusNumeros> {
  const coupons = await repo.couponsOf(db, user.id);
  const campaignIds = [...new Set(coupons.map((k) => k.id_campanha))];
  const [apuracoes, leftOut, won] = await Promise.all([
    repo.apuracoesOfCampaigns(db, campaignIds),
    repo.leftOutCouponsOf(db, user.id),
    repo.winningCouponsOf(db, user.id),
  ]);
  const out = new Set(leftOut.map((r) => `${r.id_apuracao}:${r.id_cupom}`));
  const winning = new Set(won.map((r) => r.id_cupom));
  const byCampaign = new Map<number, MeusNumeros[number]>();
  for (const k of coupons) {
    let entry = byCampaign.get(k.id_campanha);
    if (!entry) {
      entry = { id_campanha: k.id_campanha, den_campanha: k.den_campanha, numeros: [] };
      byCampaign.set(k.id_campanha, entry);
    }
    entry.numeros.push({
      serie_numero: formatCouponCode(k.numero),
      anulado: k.anulado_em !== null,
      apuracoes: apuracoes
        .filter(
          (a) =>
            a.id_campanha === k.id_campanha &&
            k.numero <= a.maior_numero &&
            !out.has(`${a.id_apuracao}:${k.id_cupom}`),
        )
        .map((a) => ({ id_apuracao: a.id_apuracao, concurso: a.concurso, status: a.status })),
      ganhador: winning.has(k.id_cupom),
    });
  }
  return [...byCampaign.values()];
}
