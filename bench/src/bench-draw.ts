import fs from 'node:fs';
import path from 'node:path';
import type { BenchDb } from './bench-db.js';
import { login, summarise } from './bench-http.js';
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
 * the same eligible coupons run directly on the database.
 */
export async function benchDraw(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
): Promise<Figure[]> {
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  const url = `${server.url}/v1/adm/sorteio/${t.drawCampaign}?mloja=N&musuario=N`;
  const api: number[] = [];
  let eligible = 0;
  for (let i = 0; i < o.runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: admin.authorization } });
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
    ...(await benchApuracao(server, db, t, o, admin.authorization)),
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
  await db.run('delete from contemplados where id_apuracao = ?', [id]);
  for (const w of won) await db.run('update cupons set sorteado_em = null where id_cupom = ?', [w.id_cupom]);
  await db.run('delete from apuracao_fora where id_apuracao = ?', [id]);
  await db.run('delete from apuracao_reagendamentos where id_apuracao = ?', [id]);
  await db.run('delete from apuracoes where id_apuracao = ?', [id]);
  fs.rmSync(path.join(dataDir, 'apuracoes', `${id}.csv`), { force: true });
}

/** Today on the programme's clock, `YYYY-MM-DD` (an apuração's contest may be today). */
const todaySaoPaulo = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * Issue 36 on the same campaign: scheduling an apuração freezes every eligible coupon into
 * the published ticket file (read, pseudonymise, write, hash, fsync) and the result reads the
 * file back and runs the rule. Reference: reading the same coupons in number order straight
 * from the database, the least any freeze must do. One run each (a freeze writes the whole
 * campaign), undone afterwards.
 */
async function benchApuracao(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
  authorization: string,
): Promise<Figure[]> {
  const headers = { authorization, 'content-type': 'application/json' };
  const t0 = performance.now();
  const res = await fetch(`${server.url}/v1/adm/apuracoes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      id_campanha: t.drawCampaign,
      concurso: 1,
      data_concurso: todaySaoPaulo(),
      qtd_premios: 3,
      mloja: 'N',
      musuario: 'N',
    }),
  });
  const freezeMs = performance.now() - t0;
  const body = (await res.json()) as { id_apuracao?: number; qtd_bilhetes?: number };
  if (res.status !== 201 || typeof body.id_apuracao !== 'number') {
    throw new Error(`apuração ${t.drawCampaign}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  const id = body.id_apuracao;
  try {
    const t1 = performance.now();
    const result = await fetch(`${server.url}/v1/adm/apuracoes/${id}/resultado`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ premios: ['48213', '05977', '61350', '29086', '73552'] }),
    });
    const resultMs = performance.now() - t1;
    if (result.status !== 200) throw new Error(`resultado ${id}: ${result.status} ${await result.text()}`);

    const t2 = performance.now();
    const rows = await db.all(
      `select k.numero, k.id_usuario, k.id_estabelecimento from cupons k
        where k.id_campanha = ? and k.anulado_em is null and k.sorteado_em is null order by k.numero`,
      [t.drawCampaign],
    );
    const readMs = performance.now() - t2;
    const tickets = body.qtd_bilhetes ?? rows.length;
    const perMillion = (ms: number) =>
      `${((ms / Math.max(tickets, 1)) * 1e6).toFixed(0)} ms per million tickets`;
    return [
      {
        bench: 'draw',
        name: `apuração: schedule and freeze (campaign ${t.drawCampaign})`,
        value: freezeMs,
        unit: 'ms',
        target: null,
        reference: `reading the same ${rows.length.toLocaleString('en-US')} coupons in order ${readMs.toFixed(0)} ms → ratio ${(freezeMs / readMs).toFixed(2)}; ${tickets.toLocaleString('en-US')} tickets, ${perMillion(freezeMs)}; one run`,
        details: { freezeMs, readMs, tickets },
      },
      {
        bench: 'draw',
        name: `apuração: result from the five prizes (campaign ${t.drawCampaign})`,
        value: resultMs,
        unit: 'ms',
        target: null,
        reference: `reads and checks the whole file, runs the rule: ${perMillion(resultMs)}; ratio to the freeze ${(resultMs / freezeMs).toFixed(2)}; one run`,
        details: { resultMs, tickets },
      },
    ];
  } finally {
    await undoApuracao(db, o.dataDir, id);
  }
}
