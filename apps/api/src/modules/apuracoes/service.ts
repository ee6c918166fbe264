import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_APURACAO,
  TITULO_CONTEMPLADO_APURACAO,
  couponCode,
  formatCouponCode,
  isRealDay,
  maskName,
  parseCouponCode,
  textoContempladoApuracao,
  type AgendarApuracaoBody,
  type Apuracao,
  type ConsultaBilhete,
  type ItemSorteioPublico,
  type MeusNumeros,
  type ReagendarApuracaoBody,
  type ResultadoApuracao,
  type ResultadoApuracaoBody,
} from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { uniqueViolation } from '../../db/errors.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { instantDrawsOfCity, lockCampaignDraws } from '../draws/service.js';
import { notifyPerson } from '../notifications/service.js';
import { winnerMail } from './mail.js';
import { mayApurarInCity } from './policy.js';
import { presentApuracao, presentListItem, presentWinner } from './presenter.js';
import { renderAta } from './ata.js';
import * as repo from './repository.js';
import {
  APURACAO_CSV_FIRST_LINE,
  BilhetesFileReader,
  apurar,
  bilheteLine,
  codigoDe,
  serieNumero,
  titularDe,
  type Bilhetes,
} from './rule.js';

/**
 * Apurações by the Loteria Federal (issue 36): the regulated draw, beside the instant one of
 * modules/draws. Scheduling freezes the campaign's eligible coupons into a ticket file and
 * publishes its SHA-256 before the contest; the result is the contest's five prizes alone, and
 * the winners follow from {@link apurar} over that very file, which the server reads back and
 * checks against the published hash first. Nobody chooses a winner, and nothing done between
 * freezing and result (sales, voids, instant draws) changes who wins.
 *
 * Safety: freezing and the result take the campaign's draw lock (PostgreSQL; SQLite has one
 * writer), so neither runs beside an instant draw of the campaign; the file is written and
 * renamed into place inside the freezing transaction (removed if it rolls back); a result is
 * recorded only by the conditional update `agendada → apurada`, so of many simultaneous
 * results exactly one stands, and `contemplados_apuracao_uq` backs it up.
 */

export interface ApuracaoDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  dataDir: string;
  /** BASE_PATH of the app ('/' or '/praca/'), for the ticket file's address. */
  basePath: string;
  /** `${publicUrl}${BASE_PATH}`: the public page a winner's e-mail links to. */
  siteUrl: string;
  supportEmail: string;
  /** The server's HMAC key (the hand-over codes' one): the ticket file's pseudonyms. */
  secret: () => Promise<string>;
  mailer: Mailer;
  /** Runs work after the answer (e-mails). */
  background: (task: () => Promise<void>) => void;
  log: FastifyBaseLogger;
}

/** Eligible coupons read per query while freezing: memory stays bounded. */
const FREEZE_BATCH = 10_000;
/** Left-out numbers inserted per statement. */
const LEFT_OUT_BATCH = 500;
/** Apurações in a city's public list. */
const LIST_LIMIT = 200;

/** The data folder's subfolder of the ticket files. */
const FILES_DIR = 'apuracoes';

type Agendar = z.output<typeof AgendarApuracaoBody>;
type Reagendar = z.output<typeof ReagendarApuracaoBody>;
type Resultado = z.output<typeof ResultadoApuracaoBody>;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A contest day: a real calendar day, today or later on the programme's clock. */
function checkContestDay(day: string): void {
  if (!isRealDay(day) || day < today()) throw new HttpError(400, MSG_APURACAO.dataConcursoInvalida);
}

/** An apuração the caller may run: 404, 403 for another city's. */
async function apuracaoOf(db: Kysely<Database>, user: AuthUser, id: number): Promise<repo.ApuracaoRow> {
  const a = await repo.findApuracao(db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  if (!mayApurarInCity(user, a.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  return a;
}

// --- freezing --------------------------------------------------------------------------------

/**
 * Writes the ticket file of the campaign's coupons numbered up to `upTo` that are neither voided
 * nor drawn nor of a removed person, in number order (= série-número order), hashing the very
 * bytes written, and lists every number up to `upTo` that it leaves out. Answers the hash and
 * how many tickets it holds.
 */
async function writeTicketFile(
  trx: Kysely<Database>,
  file: fs.FileHandle,
  o: { idCampanha: number; idApuracao: number; upTo: number; secret: string },
): Promise<{ hash: string; qtd: number }> {
  const hash = createHash('sha256');
  let offset = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    for (let done = 0; done < bytes.length;) {
      done += (await file.write(bytes, done, bytes.length - done, offset + done)).bytesWritten;
    }
    offset += bytes.length;
  };

  let leftOut: number[] = [];
  const leaveOut = async (from: number, to: number) => {
    for (let n = from; n <= to; n++) {
      leftOut.push(n);
      if (leftOut.length >= LEFT_OUT_BATCH) {
        await repo.insertLeftOut(trx, o.idApuracao, leftOut);
        leftOut = [];
      }
    }
  };

  await write(APURACAO_CSV_FIRST_LINE);
  const titulares = new Map<number, string>();
  let qtd = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.frozenBatch(trx, o.idCampanha, after, o.upTo, FREEZE_BATCH);
    let text = '';
    for (const r of rows) {
      await leaveOut(after + 1, r.numero - 1);
      let titular = titulares.get(r.id_usuario);
      if (titular === undefined) {
        titular = titularDe(o.secret, o.idApuracao, r.id_usuario);
        titulares.set(r.id_usuario, titular);
      }
      const { serie, numero } = couponCode(r.numero);
      text += bilheteLine({ serie, numero, titular, id_estabelecimento: r.id_estabelecimento });
      qtd++;
      after = r.numero;
    }
    await write(text);
    if (rows.length < FREEZE_BATCH) break;
  }
  await leaveOut(after + 1, o.upTo);
  await repo.insertLeftOut(trx, o.idApuracao, leftOut);
  return { hash: hash.digest('hex'), qtd };
}

/**
 * `POST /v1/adm/apuracoes`: schedules an apuração and freezes its ticket file at this instant.
 * Order of the checks: unknown campaign 404, another city's 403, a past or impossible contest
 * day 400, no eligible coupon 409 (nothing stored, no file left). Sales go on: a coupon issued
 * later is numbered above `maior_numero` and is not in this file.
 */
export async function schedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  body: Agendar,
  ip: string,
): Promise<Apuracao> {
  const campaign = await repo.findCampaign(deps.db, body.id_campanha);
  if (!campaign) throw new HttpError(404, MSG_APURACAO.campanhaNaoEncontrada);
  if (!mayApurarInCity(user, campaign.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  checkContestDay(body.data_concurso);
  const secret = await deps.secret();

  const dir = path.join(deps.dataDir, FILES_DIR);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}.csv`);
  let placed: string | null = null;
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      await lockCampaignDraws(trx, deps.dialect, campaign.id_campanha);
      const upTo = await repo.highestNumber(trx, campaign.id_campanha);
      if (upTo === null) throw new HttpError(409, MSG_APURACAO.semBilhetes);
      const idApuracao = await repo.insertApuracao(trx, {
        id_campanha: campaign.id_campanha,
        concurso: body.concurso,
        data_concurso: body.data_concurso,
        qtd_premios: body.qtd_premios,
        mloja: body.mloja,
        musuario: body.musuario,
        criado_por: user.id,
        congelado_em: nowIso(),
      });
      const file = await fs.open(tmp, 'wx');
      let frozen: { hash: string; qtd: number };
      try {
        frozen = await writeTicketFile(trx, file, {
          idCampanha: campaign.id_campanha,
          idApuracao,
          upTo,
          secret,
        });
        if (frozen.qtd === 0) throw new HttpError(409, MSG_APURACAO.semBilhetes);
        await file.sync();
      } finally {
        await file.close();
      }
      const arquivo = `${FILES_DIR}/${idApuracao}.csv`;
      placed = path.join(deps.dataDir, arquivo);
      await fs.rename(tmp, placed);
      await syncDir(dir);
      const values = { hash_bilhetes: frozen.hash, qtd_bilhetes: frozen.qtd, maior_numero: upTo, arquivo };
      await repo.setFrozenFile(trx, idApuracao, values);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'agendar',
        entidade: 'apuracao',
        id_entidade: idApuracao,
        depois: { ...body, ...values },
        ip,
      });
      return idApuracao;
    });
    return await publicRecord(deps, id);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    if (placed) await fs.rm(placed, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** The rename is durable once the folder's entry is. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// --- rescheduling ----------------------------------------------------------------------------

/**
 * `PATCH /v1/adm/apuracoes/{id}`: moves an apuração without a result to another contest
 * (recorded, audited, shown publicly). 404, 403, 409 once apurada, 400 for a past day.
 */
export async function reschedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Reagendar,
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  checkContestDay(body.data_concurso);
  const motivo = body.motivo ? body.motivo : null;
  await deps.db.transaction().execute(async (trx) => {
    const next = { concurso: body.concurso, data_concurso: body.data_concurso };
    if (!(await repo.reschedule(trx, id, next))) throw new HttpError(409, MSG_APURACAO.jaApurada);
    await repo.insertReschedule(trx, {
      id_apuracao: id,
      concurso_anterior: a.concurso,
      data_anterior: a.data_concurso,
      ...next,
      motivo,
      por: user.id,
    });
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'reagendar',
      entidade: 'apuracao',
      id_entidade: id,
      antes: { concurso: a.concurso, data_concurso: a.data_concurso },
      depois: { ...next, motivo },
      ip,
    });
  });
  return publicRecord(deps, id);
}

// --- the result ------------------------------------------------------------------------------

/**
 * The frozen ticket file, read back and checked against the published hash. A file that is
 * missing, malformed or not the one published is an incident, never a result: logged, and the
 * request fails (500).
 */
async function frozenTickets(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Bilhetes> {
  const file = path.join(deps.dataDir, a.arquivo);
  try {
    const reader = new BilhetesFileReader();
    for await (const chunk of createReadStream(file)) reader.feed(chunk as Buffer);
    const { hash, bilhetes } = reader.end();
    if (hash !== a.hash_bilhetes) throw new Error(`SHA-256 ${hash}, publicado ${a.hash_bilhetes}`);
    return bilhetes;
  } catch (err) {
    deps.log.error(
      { err, id_apuracao: a.id_apuracao, arquivo: file },
      'apuração sem resultado: o arquivo de bilhetes congelado não confere com o hash publicado',
    );
    throw new Error(`arquivo de bilhetes da apuração ${a.id_apuracao} não confere`);
  }
}

interface Winner {
  premio: number;
  id_sorteado: number;
  numero: number;
  titular: string;
  id_usuario: number;
  nome_usuario: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
}

/**
 * `POST /v1/adm/apuracoes/{id}/resultado`: the contest's five prizes decide the winners. Order
 * of the checks: 404, 403, a result already 409, before the contest's day 409. Answers the
 * result (the admin sees whom to call) and the city whose cached winner list is now stale; each
 * winner gets a notification now and an e-mail after the answer.
 */
export async function enterResult(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Resultado,
  ip: string,
): Promise<{ resultado: ResultadoApuracao; codCidade: number }> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  if (today() < a.data_concurso) throw new HttpError(409, MSG_APURACAO.antesDoConcurso);
  const bilhetes = await frozenTickets(deps, a);
  const outcome = apurar(bilhetes, body.premios, {
    qtd: a.qtd_premios,
    mloja: a.mloja,
    musuario: a.musuario,
  });
  const serie_inicial = pad(outcome.serie, 3);
  const numero_inicial = pad(outcome.numero, 5);
  const at = nowIso();
  const data_sorteio = today();

  let winners: Winner[];
  try {
    winners = await deps.db.transaction().execute(async (trx) => {
      await lockCampaignDraws(trx, deps.dialect, a.id_campanha);
      const recorded = await repo.markApurada(trx, id, {
        premios: body.premios.join(','),
        serie_inicial,
        numero_inicial,
        apurada_em: at,
        apurada_por: user.id,
      });
      if (!recorded) throw new HttpError(409, MSG_APURACAO.jaApurada);
      const out: Winner[] = [];
      for (const [i, index] of outcome.ganhadores.entries()) {
        const b = bilhetes.bilhete(index);
        const numero = codigoDe(b.serie, b.numero) + 1;
        const k = await repo.couponForWinner(trx, a.id_campanha, numero);
        if (!k) throw new Error(`cupom ${serieNumero(b.serie, b.numero)} do arquivo de bilhetes não existe`);
        const id_sorteado = await repo.insertWinner(trx, {
          id_campanha: a.id_campanha,
          id_apuracao: id,
          premio: i + 1,
          id_cupom: k.id_cupom,
          id_usuario: k.id_usuario,
          id_estabelecimento: k.id_estabelecimento,
          id_venda: k.id_venda,
          id_vendedor: k.id_vendedor,
          nome_vendedor: k.nome_vendedor ?? '',
          nome_sorteado: k.nome_usuario,
          data_sorteio,
          at,
        });
        await repo.markDrawn(trx, k.id_cupom, at);
        out.push({
          premio: i + 1,
          id_sorteado,
          numero,
          titular: b.titular,
          id_usuario: k.id_usuario,
          nome_usuario: k.nome_usuario,
          id_estabelecimento: k.id_estabelecimento,
          nome_estabelecimento: k.nome_estabelecimento,
        });
      }
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'apurar',
        entidade: 'apuracao',
        id_entidade: id,
        depois: {
          premios: body.premios,
          serie_inicial,
          numero_inicial,
          ganhadores: out.map((w) => ({
            premio: w.premio,
            serie_numero: formatCouponCode(w.numero),
            id_sorteado: w.id_sorteado,
            id_usuario: w.id_usuario,
          })),
        },
        ip,
      });
      return out;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'contemplados_apuracao_uq' || constraint?.startsWith('contemplados.id_apuracao')) {
      throw new HttpError(409, MSG_APURACAO.jaApurada);
    }
    throw err;
  }

  await tellWinners(deps, a, winners);
  return {
    resultado: {
      id_apuracao: id,
      premios: body.premios,
      serie_inicial,
      numero_inicial,
      ganhadores: winners.map((w) => ({
        premio: w.premio,
        serie_numero: formatCouponCode(w.numero),
        titular: w.titular,
        participante: maskName(w.nome_usuario),
        id_estabelecimento: w.id_estabelecimento,
        nom_estabelecimento: w.nome_estabelecimento,
        id_sorteado: w.id_sorteado,
        anulado: false,
        motivo_anulacao: null,
        entregue: false,
        prescrito: false,
        id_usuario: w.id_usuario,
      })),
    },
    codCidade: a.cod_cidade,
  };
}

/** After the commit: a notification for each prize, and an e-mail after the answer. */
async function tellWinners(deps: ApuracaoDeps, a: repo.ApuracaoRow, winners: Winner[]): Promise<void> {
  const words = (w: Winner) => ({
    campanha: a.den_campanha,
    codigo: formatCouponCode(w.numero),
    concurso: a.concurso,
  });
  for (const w of winners) {
    try {
      await notifyPerson(deps.db, w.id_usuario, {
        title: TITULO_CONTEMPLADO_APURACAO,
        body: textoContempladoApuracao(words(w)),
      });
    } catch (err) {
      deps.log.error(
        { err, id_apuracao: a.id_apuracao, id_usuario: w.id_usuario },
        'contemplado sem notificação',
      );
    }
  }
  deps.background(async () => {
    const contacts = await repo.contactsOf(deps.db, [...new Set(winners.map((w) => w.id_usuario))]);
    for (const w of winners) {
      const c = contacts.find((p) => p.id_usuario === w.id_usuario);
      if (!c) continue;
      await deps.mailer.sendMail(
        winnerMail({
          ...words(w),
          to: c.email,
          nome: c.nome,
          link: `${deps.siteUrl}sorteios/${a.id_apuracao}`,
          supportEmail: deps.supportEmail,
        }),
      );
    }
  });
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

/** `GET /v1/apuracoes/{id}/bilhetes.csv`: where the frozen file is, and its size. */
export async function ticketFile(deps: ApuracaoDeps, id: number): Promise<{ path: string; size: number }> {
  const a = await repo.findApuracao(deps.db, id);
  if (!a) throw new HttpError(404, MSG_APURACAO.apuracaoNaoEncontrada);
  const file = path.join(deps.dataDir, a.arquivo);
  try {
    return { path: file, size: (await fs.stat(file)).size };
  } catch (err) {
    deps.log.error({ err, id_apuracao: id, arquivo: file }, 'arquivo de bilhetes da apuração ausente');
    throw err;
  }
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
