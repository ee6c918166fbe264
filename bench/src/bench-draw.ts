import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { couponCode } from '@praca/contract';
import {
  APURACAO_CSV_FIRST_LINE,
  BilhetesFileReader,
  apurarComSuplentes,
  apurarV1,
  apurarV2,
  bilheteLine,
  titularDe,
  type Opcoes,
} from '../../apps/api/src/modules/apuracoes/rule.js';
import type { BenchDb } from './bench-db.js';
import { login, summarise, type Session } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

export interface DrawOptions {
  runs: number;
  /** The server's DATA_DIR, where an apuração's ticket file is written (removed after). */
  dataDir: string;
}

/** The eligible coupons with both exclusions (mloja=N, musuario=N), as the draws module defines them. */
const ELIGIBLE = `from cupons k
  where k.id_campanha = ? and k.anulado_em is null and k.sorteado_em is null
    and k.id_usuario not in (select w.id_usuario from contemplados w where w.id_campanha = ? and w.id_usuario is not null)
    and k.id_estabelecimento not in (select w.id_estabelecimento from contemplados w where w.id_campanha = ? and w.id_estabelecimento is not null)`;

/** Undo a benchmark draw so the next run sees the same campaign (winner, record, coupon mark). */
async function undoDraw(db: BenchDb, idRegistro: number): Promise<void> {
  const [r] = await db.all<{ id_cupom: number; id_sorteado: number | null }>(
    'select id_cupom, id_sorteado from sorteios where id = ?',
    [idRegistro],
  );
  if (!r) return;
  await db.run('delete from sorteios where id = ?', [idRegistro]);
  if (r.id_sorteado != null) {
    await db.run('delete from contemplado_fotos where id_sorteado = ?', [r.id_sorteado]);
    await db.run('delete from contemplados where id_sorteado = ?', [r.id_sorteado]);
  }
  await db.run('update cupons set sorteado_em = null where id_cupom = ?', [r.id_cupom]);
}

/**
 * Benchmark 3: the admin draw with both exclusions on the campaign with the most coupons,
 * `runs` times (each undone afterwards through SQL), against `ORDER BY random() LIMIT 1` over
 * the same eligible coupons run directly on the database; the apuração's rule 2 in this
 * process; the apuração through the API. Rule 2 goes first and needs only the database; each
 * part through the server that fails comes back as a failed figure (0 completed runs, with
 * the error), so one part's failure neither hides the others nor passes unseen.
 */
export async function benchDraw(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
): Promise<Figure[]> {
  const regra = await benchRegraV2(db, t);
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  // An agendada apuração keeps its coupons out of instant draws: an old one is cleared before
  // both parts (clearOpenApuracoes). A failure here is the apuração part's, and reported there.
  const people = await (async (): Promise<[Session, Session]> => {
    const both: [Session, Session] = [admin, await secondPerson(server, db, t)];
    await clearOpenApuracoes(server, db, t, o, both);
    return both;
  })().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  const instant = await orFailure(`draw mloja=N musuario=N (campaign ${t.drawCampaign})`, () =>
    benchInstantDraw(server, db, t, o, admin.authorization),
  );
  const apuracao = await orFailure(`apuração through the API (campaign ${t.drawCampaign})`, async () => {
    if (people instanceof Error) throw people;
    return benchApuracao(server, db, t, o, people);
  });
  return [...regra, ...apuracao, ...instant];
}

/** The figures of `fn`, or one failed figure that carries its error (printed as FAIL). */
async function orFailure(name: string, fn: () => Promise<Figure[]>): Promise<Figure[]> {
  try {
    return await fn();
  } catch (e) {
    const error = (e as Error).message ?? String(e);
    console.error(`  ${name} FALHOU: ${(e as Error).stack ?? error}`);
    return [
      {
        bench: 'draw',
        name: `${name}: completed runs`,
        value: 0,
        unit: 'runs',
        target: { op: '>=', value: 1 },
        reference: `não rodou: ${error.slice(0, 300)}`,
        details: { error },
      },
    ];
  }
}

async function benchInstantDraw(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
  authorization: string,
): Promise<Figure[]> {
  const url = `${server.url}/v1/adm/sorteio/${t.drawCampaign}?mloja=N&musuario=N`;
  const api: number[] = [];
  let eligible = 0;
  for (let i = 0; i < o.runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization } });
    const body = (await res.json()) as { id_registro?: number; qtd_elegiveis?: number };
    const ms = performance.now() - t0;
    if (!res.ok || typeof body.id_registro !== 'number') {
      throw new Error(`sorteio ${t.drawCampaign}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    eligible = body.qtd_elegiveis ?? eligible;
    await undoDraw(db, body.id_registro);
    if (i > 0) api.push(ms); // the first run warms the server's statements
  }
  const sqlTimes: number[] = [];
  const params = [t.drawCampaign, t.drawCampaign, t.drawCampaign];
  const [cnt] = await db.all<{ n: number | string }>(`select count(*) as n ${ELIGIBLE}`, params);
  for (let i = 0; i < o.runs + 1; i++) {
    const t0 = performance.now();
    await db.all(`select k.id_cupom ${ELIGIBLE} order by random() limit 1`, params);
    if (i > 0) sqlTimes.push(performance.now() - t0);
  }
  const a = summarise(api);
  const s = summarise(sqlTimes);
  return [
    {
      bench: 'draw',
      name: `draw mloja=N musuario=N (campaign ${t.drawCampaign})`,
      value: a.median,
      unit: 'ms',
      target: { op: '<', value: 50 },
      reference: `ORDER BY random() ${s.median.toFixed(2)} ms → ratio ${ratioText(a.median / s.median)}; ${Number(cnt?.n ?? eligible).toLocaleString('en-US')} eligible; median of ${o.runs}`,
      details: { api: a, orderByRandom: s, eligible: Number(cnt?.n ?? eligible) },
    },
  ];
}

/** A ratio readable at any size: two significant digits, and 'N× faster' when well below 1. */
function ratioText(r: number): string {
  const digits = r >= 1 ? r.toFixed(2) : r.toPrecision(2);
  return r > 0 && r < 0.5 ? `${digits} (${Math.round(1 / r).toLocaleString('en-US')}× faster)` : digits;
}

/** Undo a benchmark apuração: its winners (and their coupons' mark), its rows and its file. */
async function undoApuracao(db: BenchDb, dataDir: string, id: number): Promise<void> {
  const won = await db.all<{ id_cupom: number }>(
    'select id_cupom from contemplados where id_apuracao = ? and id_cupom is not null',
    [id],
  );
  // Children first (PostgreSQL checks the foreign keys; a substitute names a winner).
  await db.run('delete from apuracao_suplentes where id_apuracao = ?', [id]);
  await db.run('delete from contemplados where id_apuracao = ?', [id]);
  for (const w of won) await db.run('update cupons set sorteado_em = null where id_cupom = ?', [w.id_cupom]);
  await db.run('delete from apuracao_lancamentos where id_apuracao = ?', [id]);
  await db.run('delete from apuracao_publicacoes where id_apuracao = ?', [id]);
  await db.run('delete from apuracao_fora where id_apuracao = ?', [id]);
  await db.run('delete from apuracao_reagendamentos where id_apuracao = ?', [id]);
  await db.run('delete from apuracoes where id_apuracao = ?', [id]);
  fs.rmSync(path.join(dataDir, 'apuracoes', `${id}.csv`), { force: true });
}

/**
 * The `autorizacao` of the apurações this benchmark schedules: one that a killed run left
 * agendada is recognised by it, and undone, before the next run schedules its own.
 */
const BENCH_AUTORIZACAO = 'Praça bench (bench/src/bench-draw.ts)';

/** The five prizes both people enter: five different 5-digit numbers, as Caixa publishes. */
const PREMIOS = ['48213', '05977', '61350', '29086', '73552'];

/**
 * The second person of a result (issue 49): another admin of the campaign's city, else a
 * super-admin, logged in as the first one is (the generated data's people share one password).
 */
async function secondPerson(server: RunningServer, db: BenchDb, t: BenchTarget): Promise<Session> {
  const [other] = await db.all<{ email: string }>(
    `select email from usuarios
      where admin = 1 and email is not null and removido_em is null and lower(email) <> lower(?)
        and (superadmin = 1 or cod_cidade = (select cod_cidade from campanhas where id_campanha = ?))
      order by superadmin, id_usuario limit 1`,
    [t.admin.email, t.drawCampaign],
  );
  if (!other)
    throw new Error(`nenhum outro administrador para confirmar o resultado (além de ${t.admin.email})`);
  return login(server.url, 'admin', other.email, t.password);
}

async function call(
  server: RunningServer,
  session: Session,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      authorization: session.authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { texto: text.slice(0, 300) };
  }
  return { status: res.status, body: json, ms };
}

const failed = (what: string, r: { status: number; body: unknown }) =>
  new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);

/**
 * The contest's instant moved a minute into the past, straight in the database: the result is
 * accepted only from the contest's instant, and scheduling must be at least
 * APURACAO_ANTECEDENCIA_MINUTOS (two days) ahead of it. A benchmark cannot wait two days; it
 * measures the freeze and the result, not the calendar (which the API's tests cover).
 */
async function concursoIntoThePast(db: BenchDb, id: number): Promise<void> {
  await db.run('update apuracoes set instante_concurso = ? where id_apuracao = ?', [
    new Date(Date.now() - 60_000).toISOString(),
    id,
  ]);
}

/**
 * The result entered by two people (issue 49): the first entry answers 202 and publishes
 * nothing, the second, with the same prizes, decides (200). Answers both answers.
 */
async function enterResult(server: RunningServer, id: number, first: Session, second: Session) {
  const route = `/v1/adm/apuracoes/${id}/resultado`;
  const a = await call(server, first, 'POST', route, { premios: PREMIOS });
  if (a.status !== 202) throw failed(`resultado ${id}, primeiro lançamento`, a);
  const b = await call(server, second, 'POST', route, { premios: PREMIOS });
  if (b.status !== 200) throw failed(`resultado ${id}, confirmação`, b);
  return { first: a, second: b };
}

/**
 * At most one agendada apuração a campaign (issue 49): one this benchmark left behind (a run
 * killed before its clean-up) is undone; anyone else's is decided first, as a client would
 * (its contest moved into the past as ours is, the result by the same two people), and kept.
 */
async function clearOpenApuracoes(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
  people: [Session, Session],
): Promise<void> {
  const open = await db.all<{ id_apuracao: number; autorizacao: string | null }>(
    `select id_apuracao, autorizacao from apuracoes where id_campanha = ? and status = 'agendada'`,
    [t.drawCampaign],
  );
  for (const a of open) {
    const id = Number(a.id_apuracao);
    if (a.autorizacao === BENCH_AUTORIZACAO) {
      console.log(`  apuração ${id} de uma execução anterior do bench: desfeita`);
      await undoApuracao(db, o.dataDir, id);
    } else {
      console.log(`  apuração ${id} já agendada na campanha ${t.drawCampaign}: apurada antes (e mantida)`);
      await concursoIntoThePast(db, id);
      await enterResult(server, id, ...people);
    }
  }
}

/** Wait for a 202's ticket file (a job, decision 046): the public record leaves 'congelando'. */
async function frozen(server: RunningServer, id: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const res = await fetch(`${server.url}/v1/apuracoes/${id}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw failed(`apuração ${id}`, { status: res.status, body });
    if (body.status !== 'congelando') return body;
    if (Date.now() > deadline) throw new Error(`apuração ${id}: ainda congelando depois de 10 minutos`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `fn`'s result and the server's peak VmRSS while it ran (sampled every 50 ms), in bytes. */
async function withPeakRss<T>(server: RunningServer, fn: () => Promise<T>): Promise<[T, number]> {
  let peak = server.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 50);
  try {
    const out = await fn();
    return [out, Math.max(peak, server.rss())];
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * Issue 36 on the same campaign, as an admin's client runs it since issue 49: the next contest
 * that may be scheduled (`GET /v1/adm/apuracoes/proximo-concurso`), the schedule, which freezes
 * every eligible coupon into the published ticket file (read, pseudonymise, write, hash,
 * fsync), then the result, entered by two people (the city's admin, then another admin or a
 * super-admin), whose second entry reads the file back, checks it and runs the rule. Reference:
 * reading the same coupons in number order straight from the database, the least any freeze
 * must do; the server's peak VmRSS during each. One run each (a freeze writes the whole
 * campaign), undone afterwards.
 */
async function benchApuracao(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
  [admin, second]: [Session, Session],
): Promise<Figure[]> {
  const next = await call(server, admin, 'GET', '/v1/adm/apuracoes/proximo-concurso');
  if (next.status !== 200) throw failed('proximo-concurso', next);
  const { concurso, data_concurso } = next.body as { concurso: number; data_concurso: string };

  const rssBefore = server.rss();
  const [scheduled, freezePeak] = await withPeakRss(server, async () => {
    const t0 = performance.now();
    const r = await call(server, admin, 'POST', '/v1/adm/apuracoes', {
      id_campanha: t.drawCampaign,
      concurso,
      data_concurso,
      qtd_premios: 3,
      descricao_premios: ['Prêmio 1', 'Prêmio 2', 'Prêmio 3'],
      autorizacao: BENCH_AUTORIZACAO,
      mloja: 'N',
      musuario: 'N',
    });
    if ((r.status !== 201 && r.status !== 202) || typeof r.body.id_apuracao !== 'number') {
      throw failed(`apuração ${t.drawCampaign}`, r);
    }
    // 202: the file still being written when the request stopped waiting; timed until it is.
    const record = r.status === 202 ? await frozen(server, r.body.id_apuracao) : r.body;
    return { id: r.body.id_apuracao, status: r.status, record, ms: performance.now() - t0 };
  });
  const { id, record } = scheduled;
  const freezeMs = scheduled.ms;
  try {
    await concursoIntoThePast(db, id);
    const [entries, resultPeak] = await withPeakRss(server, () => enterResult(server, id, admin, second));
    const resultMs = entries.second.ms;
    const winners = (entries.second.body.ganhadores as unknown[] | undefined)?.length ?? 0;
    if (winners !== 3) throw failed(`resultado ${id}: ${winners} ganhadores, 3 esperados`, entries.second);

    const t2 = performance.now();
    const rows = await db.all(
      `select k.numero, k.id_usuario, k.id_estabelecimento from cupons k
        where k.id_campanha = ? and k.anulado_em is null and k.sorteado_em is null order by k.numero`,
      [t.drawCampaign],
    );
    const readMs = performance.now() - t2;
    const tickets = typeof record.qtd_bilhetes === 'number' ? record.qtd_bilhetes : rows.length;
    const perMillion = (ms: number) =>
      `${((ms / Math.max(tickets, 1)) * 1e6).toFixed(0)} ms per million tickets`;
    const memory = {
      rssBeforeBytes: rssBefore,
      rssPeakFreezeBytes: freezePeak,
      rssPeakResultBytes: resultPeak,
    };
    return [
      {
        bench: 'draw',
        name: `apuração: schedule and freeze (campaign ${t.drawCampaign})`,
        value: freezeMs,
        unit: 'ms',
        target: null,
        reference: `reading the same ${rows.length.toLocaleString('en-US')} coupons in order ${readMs.toFixed(0)} ms → ratio ${(freezeMs / readMs).toFixed(2)}; ${tickets.toLocaleString('en-US')} tickets, ${perMillion(freezeMs)}; contest ${concurso} of ${data_concurso}, answered ${scheduled.status}; server VmRSS peak ${mb(freezePeak)} (${mb(rssBefore)} before); one run`,
        details: { freezeMs, readMs, tickets, concurso, data_concurso, status: scheduled.status, ...memory },
      },
      {
        bench: 'draw',
        name: `apuração: result from the five prizes (campaign ${t.drawCampaign})`,
        value: resultMs,
        unit: 'ms',
        target: null,
        reference: `the second person's entry reads and checks the whole file, runs the rule: ${perMillion(resultMs)}; ratio to the freeze ${(resultMs / freezeMs).toFixed(2)}; the first entry (202) ${entries.first.ms.toFixed(0)} ms; server VmRSS peak ${mb(resultPeak)}; one run`,
        details: { resultMs, firstEntryMs: entries.first.ms, winners, tickets, ...memory },
      },
    ];
  } finally {
    await undoApuracao(db, o.dataDir, id);
  }
}

/** A city's campaign (2.65 million tickets): rule 2 must decide it in well under 10 s. */
const CITY_TICKETS = 3_000_000;

/**
 * Issue 49's rule 2, in this process (no HTTP: the rule is what is measured), over a ticket
 * file of the campaign's eligible coupons, written the way the freeze writes it (same order,
 * codes, pseudonyms and shops) to a temporary directory: read it in chunks, check and hash it,
 * then 100 prizes with musuario=N, end to end. Reference: rule 1 over the same tickets. The
 * details time rule 2 alone, with mloja=N too, and with 5 substitutions (what the server runs
 * for each new substitute). One run; the file is removed afterwards.
 */
async function benchRegraV2(db: BenchDb, t: BenchTarget): Promise<Figure[]> {
  const rows = await db.all<{ numero: number; id_usuario: number | null; id_estabelecimento: number }>(
    `select k.numero, k.id_usuario, k.id_estabelecimento from cupons k
      where k.id_campanha = ? and k.anulado_em is null and k.sorteado_em is null order by k.numero`,
    [t.drawCampaign],
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-regra-'));
  const arquivo = path.join(dir, 'bilhetes.csv');
  try {
    const fd = fs.openSync(arquivo, 'w');
    const titulares = new Map<number, string>();
    let text = APURACAO_CSV_FIRST_LINE;
    for (const r of rows) {
      const id = Number(r.id_usuario ?? 0);
      let titular = titulares.get(id);
      if (titular === undefined) {
        titular = titularDe('bench', 1, id);
        titulares.set(id, titular);
      }
      const { serie, numero } = couponCode(Number(r.numero));
      text += bilheteLine({ serie, numero, titular, id_estabelecimento: Number(r.id_estabelecimento) });
      if (text.length > 1 << 20) {
        fs.writeSync(fd, text);
        text = '';
      }
    }
    fs.writeSync(fd, text);
    fs.closeSync(fd);
    rows.length = 0; // let the rows go before the measured part

    const premios = ['48213', '05977', '61350', '29086', '73552'];
    const opcoes: Opcoes = { qtd: 100, mloja: 'S', musuario: 'N' };
    const ler = async () => {
      const reader = new BilhetesFileReader();
      for await (const chunk of fs.createReadStream(arquivo, { highWaterMark: 1 << 20 })) {
        reader.feed(chunk as Buffer);
      }
      return reader.end();
    };

    const t0 = performance.now();
    const { hash, bilhetes } = await ler();
    const t1 = performance.now();
    const v2 = apurarV2(bilhetes, hash, premios, opcoes);
    const t2 = performance.now();
    const endToEndMs = t2 - t0;
    const readMs = t1 - t0;
    const ruleMs = t2 - t1;

    const t3 = performance.now();
    const v1 = apurarV1(bilhetes, premios, opcoes);
    const v1Ms = performance.now() - t3;
    const t4 = performance.now();
    apurarV2(bilhetes, hash, premios, { ...opcoes, mloja: 'N' });
    const bothMs = performance.now() - t4;
    const q = ['90517', '33260', '04482', '71938', '16605'];
    const t5 = performance.now();
    const comSuplentes = apurarComSuplentes(bilhetes, hash, premios, opcoes, [
      { premio: 1, premios: q, tipo: 'nao_localizado' },
      { premio: 2, premios: q, tipo: 'titular_inelegivel' },
      { premio: 3, premios: q, tipo: 'venda_anulada', excluidos: [] },
      { premio: 1, premios: premios, tipo: 'nao_localizado' },
      { premio: 50, premios: q, tipo: 'nao_localizado' },
    ]);
    const substitutesMs = performance.now() - t5;

    const tickets = bilhetes.length;
    const bytes = fs.statSync(arquivo).size;
    return [
      {
        bench: 'draw',
        name: `apuração rule v2: read, hash, 100 prizes musuario=N (campaign ${t.drawCampaign})`,
        value: endToEndMs,
        unit: 'ms',
        // The target is for a city's campaign; a state's is reported, not judged.
        target: tickets <= CITY_TICKETS ? { op: '<', value: 10_000 } : null,
        reference: `rule 2 alone ${ruleMs.toFixed(0)} ms (read and hash ${readMs.toFixed(0)} ms); rule 1 over the same file ${v1Ms.toFixed(0)} ms; ${tickets.toLocaleString('en-US')} tickets, ${bilhetes.titulares.length.toLocaleString('en-US')} holders, ${(bytes / 1e6).toFixed(0)} MB; ${v2.ganhadores.length} winners; one run`,
        details: {
          endToEndMs,
          readMs,
          ruleMs,
          ruleV1Ms: v1Ms,
          ruleV2BothExclusionsMs: bothMs,
          ruleV2With5SubstitutesMs: substitutesMs,
          winners: v2.ganhadores.length,
          winnersV1: v1.ganhadores.length,
          substitutes: comSuplentes.suplentes.filter((x) => x !== null).length,
          tickets,
          holders: bilhetes.titulares.length,
          bytes,
        },
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
