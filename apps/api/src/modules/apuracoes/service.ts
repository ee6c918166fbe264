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
  type PublicacaoBody,
} from '@praca/contract';
import type { z } from 'zod';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { Store } from '../../lib/storage.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthUser } from '../auth/types.js';
import { instantDrawsOfCity } from '../draws/service.js';
import { mayApurarInCity } from './policy.js';
import { presentApuracao, presentListItem, presentPublication, presentWinners } from './presenter.js';
import { renderAta } from './ata.js';
import { renderEdital } from './edital.js';
import { fileMatches } from './integrity.js';
import { resultadoOficial, type ApuracaoSettings } from './settings.js';
import { recordAudit } from '../audit/service.js';
import * as repo from './repository.js';
import { titularDe, titularesDosBilhetes } from './rule.js';

/**
 * Apurações by the Loteria Federal (issue 36): the regulated draw, beside the instant one of
 * modules/draws. Scheduling freezes the campaign's eligible coupons into a ticket file and
 * publishes its SHA-256 before the contest; the result is the contest's five prizes alone, and
 * the winners follow from `apurar` (rule.ts) over that very file, which the server reads back and
 * checks against the published hash first. Nobody chooses a winner, and nothing done between
 * freezing and result (sales, voids, instant draws) changes who wins.
 *
 * Issue 49 made it fair and left nobody a lever after the freeze: rule version 2 gives every
 * ticket the same chance; the contest's number must match its date by Caixa's calendar and its
 * instant is fixed when scheduled (at least APURACAO_ANTECEDENCIA_MINUTOS ahead, the last moment
 * to move it); the result is accepted only after that instant and only when two people enter the
 * same prizes; an annulled winner's substitute comes from a later contest nobody knows yet; the
 * stored file is checked against its hash and the apuração suspended when it does not match.
 *
 * Safety: freezing and the result take the campaign's draw lock (PostgreSQL; SQLite has one
 * writer), so neither runs beside an instant draw of the campaign, and at most one apuração of a
 * campaign is agendada; a result is recorded only by the conditional update `agendada →
 * apurada`, so of many simultaneous results exactly one stands, and a unique index backs it up.
 *
 * Files: freezing.ts (schedule, reschedule, contest not held), result.ts (the two-person result,
 * the winners and the substitutes' contests), substitutes.ts (an annulment's substitute),
 * integrity.ts (the stored file against its hash), calendario.ts and settings.ts (the contest's
 * clock and number), this file (the shared checks and every read).
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
  /** Issue 49: the contest's clock and calendar, the auditors, Caixa's result page. */
  settings: ApuracaoSettings;
}

/** Apurações in a city's public list. */
const LIST_LIMIT = 200;

/** A contest day: a real calendar day. */
export function checkConcursoDay(day: string): void {
  if (!isRealDay(day)) throw new HttpError(400, MSG_APURACAO.dataConcursoInvalida);
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

const address = (deps: Pick<ApuracaoDeps, 'basePath'>, id: number, file: string) =>
  `${deps.basePath}v1/apuracoes/${id}/${file}`;

/** The entities (issue 40) among these accounts: their public names, shown whole. */
async function entitiesAmong(db: Kysely<Database>, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('entidades')
    .select(['id_usuario', 'nome'])
    .where('id_usuario', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id_usuario, r.nome]));
}

export async function present(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Apuracao> {
  const ids = [a.id_apuracao];
  const [reagendamentos, winners, substitutes, publications, entries, secret] = await Promise.all([
    repo.reschedulesOf(deps.db, ids),
    repo.winnersOf(deps.db, ids),
    repo.substitutesOf(deps.db, ids),
    repo.publicationsOf(deps.db, ids),
    repo.pendingEntries(deps.db, ids),
    deps.secret(),
  ]);
  const [names, entidades] = await Promise.all([
    repo.userNames(
      deps.db,
      [a.apurada_por, a.confirmada_por].filter((i): i is number => i !== null),
    ),
    entitiesAmong(
      deps.db,
      winners.map((w) => w.id_usuario),
    ),
  ]);
  const ganhadores = presentWinners(a, winners, substitutes, {
    // The file's pseudonym: one per ticket with musuario=S (issue 49), one per holder with N.
    titular: (w) =>
      a.musuario === 'S' && a.versao_regra === 2
        ? titularesDosBilhetes(secret, a.id_apuracao, [w.numero])[0]
        : w.id_usuario === null
          ? ''
          : titularDe(secret, a.id_apuracao, w.id_usuario),
    today: today(),
    entidades,
  });
  // The contest a result entry may be waiting on: the apuração's, or its substitutes'.
  const waiting = entries.length > 0;
  const pendingConcurso = substitutes.find((s) => s.resolvido_em === null)?.concurso;
  return presentApuracao(a, {
    bilhetes: address(deps, a.id_apuracao, 'bilhetes.csv'),
    edital: address(deps, a.id_apuracao, 'edital.pdf'),
    ata: address(deps, a.id_apuracao, 'ata.pdf'),
    reagendamentos,
    ganhadores,
    publicacoes: publications.map((p) => presentPublication(p, a.data_concurso)),
    resultadoOficial: resultadoOficial(
      deps.settings,
      a.status === 'apurada' && pendingConcurso !== undefined ? pendingConcurso : a.concurso,
    ),
    aguardandoConfirmacao: waiting,
    lancadoPor: a.apurada_por === null ? null : (names.get(a.apurada_por) ?? null),
    confirmadoPor: a.confirmada_por === null ? null : (names.get(a.confirmada_por) ?? null),
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
  const entidades = await entitiesAmong(
    deps.db,
    winners.map((w) => w.id_usuario),
  );
  const apuracoes = rows.map((a) =>
    presentListItem(
      a,
      winners.filter((w) => w.id_apuracao === a.id_apuracao),
      entidades,
    ),
  );
  // Every instant draw is public in the same list (issue 36: no hidden re-draws).
  return newestFirst([...apuracoes, ...(await instantDrawsOfCity(deps.db, codCidade))]);
}

async function pdfExtra(deps: ApuracaoDeps, a: repo.ApuracaoRow, geradoEm: string) {
  const city = await repo.cityOf(deps.db, a.cod_cidade);
  return {
    cidade: city ? `${city.cidade}/${city.uf}` : String(a.cod_cidade),
    promotor:
      city?.promotor_nome && city.promotor_cnpj
        ? { nome: city.promotor_nome, cnpj: city.promotor_cnpj }
        : null,
    arquivoUrl: `${deps.settings.siteUrl}v1/apuracoes/${a.id_apuracao}/bilhetes.csv`,
    geradoEm: new Date(geradoEm),
  };
}

/**
 * `GET /v1/apuracoes/{id}/ata.pdf` (public) and the admin's copy: the minutes of an apuração
 * with its result (409 before), dated at the latest result so the same minutes give the same
 * bytes until something changes.
 */
export async function minutes(deps: ApuracaoDeps, id: number): Promise<Buffer> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (a.status !== 'apurada') throw new HttpError(409, MSG_APURACAO.apuracaoAindaSemResultado);
  const record = await present(deps, a);
  return renderAta(record, await pdfExtra(deps, a, a.apurada_em ?? a.congelado_em));
}

/** `GET /v1/apuracoes/{id}/edital.pdf`: the notice for the Diário Oficial (409 while freezing). */
export async function notice(deps: ApuracaoDeps, id: number): Promise<Buffer> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
  return renderEdital(await present(deps, a), await pdfExtra(deps, a, a.congelado_em));
}

/**
 * `GET /v1/apuracoes/{id}/bilhetes.csv`: the frozen file from the store, and its size; 409
 * while it is being frozen; 503 when it no longer matches the published hash (the apuração is
 * then suspended and the admins alerted).
 */
export async function ticketFile(deps: ApuracaoDeps, id: number): Promise<{ body: Readable; size: number }> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
  if (a.suspensa_em !== null || !(await fileMatches(deps, a))) {
    throw new HttpError(503, MSG_APURACAO.arquivoSuspenso);
  }
  const got = await deps.store.get(a.arquivo);
  if (!got) throw new HttpError(503, MSG_APURACAO.arquivoSuspenso);
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
 * with the apurações whose file holds it ([]: none scheduled yet), whether it won (not
 * annulled) and whether its prize was annulled.
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
  const winning = new Set(won.filter((r) => r.anulado_em === null).map((r) => r.id_cupom));
  const annulled = new Set(won.filter((r) => r.anulado_em !== null).map((r) => r.id_cupom));
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
        .map((a) => ({
          id_apuracao: a.id_apuracao,
          concurso: a.concurso,
          data_concurso: a.data_concurso,
          status: a.hash_bilhetes === '' ? ('congelando' as const) : a.status,
        })),
      ganhador: winning.has(k.id_cupom),
      premio_anulado: annulled.has(k.id_cupom) && !winning.has(k.id_cupom),
      doado_para: k.doado_para ?? null,
    });
  }
  return [...byCampaign.values()];
}

/** `POST /v1/adm/apuracoes/{id}/publicacoes`: where the edital came out (public, audited). */
export async function addPublication(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: z.output<typeof PublicacaoBody>,
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  if (!isRealDay(body.data_publicacao)) throw new HttpError(400, MSG_APURACAO.dataPublicacaoInvalida);
  const v = {
    id_apuracao: id,
    veiculo: body.veiculo,
    data_publicacao: body.data_publicacao,
    url: body.url ?? null,
    por: user.id,
    em: nowIso(),
  };
  await transaction(deps.db, async (trx) => {
    await repo.insertPublication(trx, v);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'registrar_publicacao',
      entidade: 'apuracao',
      id_entidade: id,
      depois: { veiculo: v.veiculo, data_publicacao: v.data_publicacao, url: v.url },
      ip,
    });
  });
  return present(deps, a);
}
