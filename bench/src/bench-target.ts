import { dayIn, PROGRAMME_TIME_ZONE } from '@praca/contract';
import fs from 'node:fs';
import path from 'node:path';
import { isPostgresUrl, sqlitePathOf } from '../../apps/api/src/db/url.js';
import type { BenchDb } from './bench-db.js';

/**
 * Who and what the benchmarks act on. The generator's summary.json (bench/src/summary.ts) names
 * most of it; whatever it does not name is found in the database itself, so the harness also
 * runs on the API's demo database (password 'demo1234').
 */
export interface BenchTarget {
  codCidade: number;
  password: string;
  admin: { email: string };
  /** `nome`: the partner's name, or its e-mail where the summary names none (the audit search). */
  partner: { email: string; nome: string; idEstabelecimento: number; idCampanha: number };
  consumer: { email: string };
  /** Consumers the sales go to (random pick per request). */
  consumerIds: number[];
  /** The campaign with the most coupons (the draw's). */
  drawCampaign: number;
  /** A name fragment (≥ 3 letters) for the customer search. */
  searchName: string;
}

export type Json = Record<string, unknown>;

export function readSummary(dataDir: string): Json | null {
  const file = path.join(dataDir, 'summary.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : null;
}

/** The first value under any of `keys`, searched breadth-first through nested objects. */
function find(obj: unknown, keys: string[]): unknown {
  const queue: unknown[] = [obj];
  while (queue.length) {
    const o = queue.shift();
    if (!o || typeof o !== 'object') continue;
    for (const k of keys) if (k in o && (o as Json)[k] != null) return (o as Json)[k];
    for (const v of Object.values(o as Json)) if (v && typeof v === 'object') queue.push(v);
  }
  return undefined;
}
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^\d+$/.test(v)
      ? Number(v)
      : undefined;

/**
 * Where the summary says the database is: a postgres:// URL, or a SQLite file (absolute, or
 * relative to the data directory); `<dataDir>/praca.db` by default. A file the generator wrote
 * inside its own data directory (the summary's `dataDir`) is read from `dataDir`, so a copied
 * or moved data directory (`--data-dir /tmp/copy`) is the one measured, not the original.
 */
export function databaseOf(summary: Json | null, dataDir: string): string {
  const url = str(summary?.databaseUrl) ?? str(find(summary, ['databaseUrl', 'database_url', 'url']));
  if (url && isPostgresUrl(url)) return url;
  const db = find(summary, ['database']);
  const file =
    str(find(summary, ['sqliteFile', 'sqlitePath', 'file', 'dbFile', 'path'])) ??
    (typeof db === 'string' ? db : undefined) ??
    sqlitePathOf(url) ??
    undefined;
  if (file) {
    if (isPostgresUrl(file)) return file;
    const f = sqlitePathOf(file) ?? file;
    if (!path.isAbsolute(f)) return path.resolve(dataDir, f);
    const generatedIn = str(summary?.dataDir);
    return generatedIn && path.dirname(f) === path.resolve(generatedIn)
      ? path.join(path.resolve(dataDir), path.basename(f))
      : f;
  }
  return path.join(dataDir, 'praca.db');
}

/** The parts of bench/src/summary.ts (the generator's Summary) the benchmarks read. */
interface SummaryLike {
  password?: string;
  city?: { cod_cidade?: number };
  admin?: { email?: string };
  partner?: { email?: string; nome?: string; id_estabelecimento?: number; id_campanha?: number };
  bigCampaign?: { id_campanha?: number };
  consumerIds?: { first?: number; last?: number };
  consumers?: { id_usuario?: number; email?: string; nome?: string }[];
}

export async function resolveTarget(
  db: BenchDb,
  summary: Json | null,
  password?: string,
): Promise<BenchTarget> {
  const s = (summary ?? {}) as SummaryLike;
  const pw = password ?? str(s.password) ?? (summary ? 'bench1234' : 'demo1234');
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T | undefined> =>
    (await db.all<T>(sql, params))[0];

  const codCidade =
    num(s.city?.cod_cidade) ??
    Number(
      (
        await one<{ c: number }>(
          `select cod_cidade as c from estabelecimentos group by cod_cidade order by count(*) desc limit 1`,
        )
      )?.c,
    );

  const adminEmail =
    str(s.admin?.email) ??
    (
      await one<{ email: string }>(
        `select email from usuarios where admin = 1 and cod_cidade = ? and email is not null order by superadmin, id_usuario limit 1`,
        [codCidade],
      )
    )?.email;

  let partnerEmail = str(s.partner?.email);
  let idEstabelecimento = num(s.partner?.id_estabelecimento);
  let idCampanha = num(s.partner?.id_campanha);
  const today = dayIn(PROGRAMME_TIME_ZONE, new Date());
  if (!partnerEmail || !idEstabelecimento) {
    const row = await one<{ email: string; id_estabelecimento: number }>(
      `select u.email, ue.id_estabelecimento from usuarios u
         join usuario_estabelecimentos ue on ue.id_usuario = u.id_usuario
         join campanha_estabelecimentos ce on ce.id_estabelecimento = ue.id_estabelecimento
         join campanhas c on c.id_campanha = ce.id_campanha
       where u.parceiro = 1 and u.email is not null and c.validade_ini <= ? and c.validade_fim >= ?
       order by u.id_usuario limit 1`,
      [today, today],
    );
    partnerEmail ??= row?.email;
    idEstabelecimento ??= row?.id_estabelecimento;
  }
  if (!idCampanha && idEstabelecimento) {
    idCampanha = (
      await one<{ id: number }>(
        `select c.id_campanha as id from campanhas c join campanha_estabelecimentos ce on ce.id_campanha = c.id_campanha
         where ce.id_estabelecimento = ? and c.validade_ini <= ? and c.validade_fim >= ? order by c.id_campanha limit 1`,
        [idEstabelecimento, today, today],
      )
    )?.id;
  }

  const drawCampaign =
    num(s.bigCampaign?.id_campanha) ??
    Number(
      (
        await one<{ id: number }>(
          `select id_campanha as id from cupons group by id_campanha order by count(*) desc limit 1`,
        )
      )?.id,
    );

  // The generator's consumers have contiguous ids; up to 10,000 of them spread over the range.
  let consumerIds: number[] = [];
  const first = num(s.consumerIds?.first);
  const last = num(s.consumerIds?.last);
  if (first !== undefined && last !== undefined && last >= first) {
    const step = Math.max(1, Math.floor((last - first + 1) / 10_000));
    for (let id = first; id <= last; id += step) consumerIds.push(id);
  }
  const consumers = await db.all<{ id: number; email: string; nome: string }>(
    `select id_usuario as id, email, nome from usuarios
      where cod_cidade = ? and parceiro = 0 and admin = 0 and removido_em is null and email is not null
      order by id_usuario limit 2000`,
    [codCidade],
  );
  if (consumerIds.length === 0) consumerIds = consumers.map((c) => c.id);
  const consumerEmail = str(s.consumers?.[0]?.email) ?? consumers[0]?.email;
  const someName = str(s.consumers?.[0]?.nome) ?? consumers[0]?.nome ?? 'Maria';
  const searchName = someName.split(/\s+/)[0]!.slice(0, 5);

  const missing = Object.entries({
    codCidade,
    adminEmail,
    partnerEmail,
    idEstabelecimento,
    idCampanha,
    drawCampaign,
    consumerEmail,
  })
    .filter(([, v]) => v === undefined || (typeof v === 'number' && !Number.isFinite(v)))
    .map(([k]) => k);
  if (missing.length || consumerIds.length === 0) {
    throw new Error(
      `não achei no banco/summary: ${[...missing, ...(consumerIds.length ? [] : ['consumidores'])].join(', ')}`,
    );
  }
  return {
    codCidade,
    password: pw,
    admin: { email: adminEmail! },
    partner: {
      email: partnerEmail!,
      nome: str(s.partner?.nome) ?? partnerEmail!,
      idEstabelecimento: idEstabelecimento!,
      idCampanha: idCampanha!,
    },
    consumer: { email: consumerEmail! },
    consumerIds,
    drawCampaign,
    searchName: searchName.length >= 3 ? searchName : 'Mar',
  };
}
