import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SELLER_ID, PROGRAMME_TIME_ZONE } from '@praca/contract';
import { isPostgresUrl, sqliteFile } from '../../apps/api/src/db/url.js';
import { addDays, cnpjFrom12, dayIn, instantAt, prng, slug } from '../../apps/api/src/db/seed/util.js';
import { clientPasswordHash, hashPassword } from '../../apps/api/src/lib/crypto.js';
import { MemoryBalances, SalesBatch } from '../../apps/api/src/modules/sales/batch.js';
import { newSaleEntry } from '../../apps/api/src/modules/sales/entry.js';
import {
  AVALIACOES_TXT,
  BAIRROS,
  CIDADES_SP,
  DOMINIOS,
  NOMES_F,
  NOMES_LOJA,
  NOMES_M,
  RUAS,
  SOBRENOMES,
  TIPOS,
  type CidadeGen,
} from './gen/names.js';
import { InstantFormatter } from './gen/clock.js';
import { Phase, type ProgressFn } from './gen/progress.js';
import { SCALES } from './gen/scales.js';
import {
  BIG_TABLES,
  ID_COLUMNS,
  T,
  rebuildsIndexes,
  setAsideTotalsTriggers,
  type TableName,
} from './gen/tables.js';
import { openPostgres, openSqlite, type Store, type Writer } from './gen/store.js';
import type {
  BenchDialect,
  Scale,
  Summary,
  SummaryCampaign,
  SummaryPartner,
  SummaryUser,
} from './summary.js';

export type { Summary } from './summary.js';
export { SCALE_NAMES } from './gen/scales.js';

/** Everyone's password (as typed); the client sends its SHA-256 hex. */
const BENCH_PASSWORD = 'bench1234';

const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface GenerateOptions {
  scale: Scale;
  /**
   * postgres://… to generate into PostgreSQL (a URL without a database name uses
   * praca_bench_<scale>); sqlite:FILE for a SQLite file elsewhere than `<dataDir>/praca.db`.
   */
  databaseUrl?: string;
  /** Where praca.db (SQLite) and summary.json go; default bench/data/<scale>[-postgres]. */
  dataDir?: string;
  seed?: number;
  /** Drop and recreate a non-empty database instead of refusing. */
  force?: boolean;
  onProgress?: ProgressFn;
  /** The clock (campaign and content dates are relative to this day in São Paulo). */
  now?: Date;
  log?: (msg: string) => void;
}

function defaultDataDir(scale: Scale, dialect: BenchDialect): string {
  return path.join(BENCH_ROOT, 'data', dialect === 'postgres' ? `${scale}-postgres` : scale);
}

/** Promotion plans (domain §7): days → price. */
const PLANOS = [7, 15, 30, 90, 180, 365, 730];

// --- the generator ---------------------------------------------------------------------------

interface City {
  gen: CidadeGen;
  consumers: { first: number; count: number };
  shops: { first: number; count: number };
  partners: { first: number; count: number };
  admins: number[];
  campaigns: number[]; // campaign ids of this city, at most 3 (balance slots)
}

interface Campaign {
  id: number;
  cityIdx: number;
  slot: number;
  den: string;
  ini: string;
  fim: string;
  running: boolean;
  plan: (typeof SCALES)[Scale]['campaigns'][number];
  shops: number[];
  fs: number[]; // fator_sorteio_e4, aligned with shops
  fc: number[];
  sales: number;
  coupons: number;
  drawn: number;
}

const SLOTS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What every step of the generator shares: the options, the one PRNG, the clock and the store's writers. */
interface Gen {
  opts: GenerateOptions;
  cfg: (typeof SCALES)[Scale];
  seed: number;
  now: Date;
  nowMs: number;
  /** The programme's today (São Paulo). */
  today: string;
  rnd: () => number;
  int: (n: number) => number;
  pick: <V>(a: readonly V[]) => V;
  gauss: () => number;
  clock: InstantFormatter;
  store: Store;
  senhaHash: string;
  timings: Record<string, number>;
  counts: Record<string, number>;
  log: (msg: string) => void;
  open: (name: TableName) => Writer;
  close: (name: TableName, w: Writer) => Promise<void>;
  /** Writes small tables in one go. */
  writeAll: (name: TableName, rows: unknown[][]) => Promise<void>;
  pushRow: (w: Writer, row: unknown[], phase?: Phase) => Promise<void>;
}

/** Where every row goes, laid out before any is written. */
interface Layout {
  cities: City[];
  campaigns: Campaign[];
  superadminId: number;
  totalUsers: number;
  totalShops: number;
  cityOfShop: Int32Array;
  partnerOfShop: Int32Array;
  /** 1 where the shop is active. */
  active: Uint8Array;
  /** The running campaign each shop takes part in (0: none). */
  campanhaDef: Int32Array;
  /** The first campaign's start (ms): people and shops are older. */
  firstSale: number;
}

/** Each shop's sellers: ids `first…first+count−1`; the rows, for the winners' seller names. */
interface Sellers {
  sellersFirst: Int32Array;
  sellersCount: Int32Array;
  sellerRows: unknown[][];
}

const CATEGORIAS = Object.keys(TIPOS);
const iso = (ms: number) => new Date(ms).toISOString();

/** A person's name, the same for an id and seed (the winners' history needs names back without storing them). */
function nameOf(seed: number, id: number): string {
  const r = prng(seed * 7919 + id);
  const fem = r() < 0.5;
  const first = fem ? NOMES_F[Math.floor(r() * NOMES_F.length)] : NOMES_M[Math.floor(r() * NOMES_M.length)];
  const mid = r() < 0.5 ? ` ${SOBRENOMES[Math.floor(r() * SOBRENOMES.length)]}` : '';
  return `${first}${mid} ${SOBRENOMES[Math.floor(r() * SOBRENOMES.length)]}`;
}

const emailOf = (id: number, nome: string, domain?: string): string => {
  const parts = slug(nome).split('-');
  return `${parts[0]}.${parts[parts.length - 1]}.${id}@${domain ?? DOMINIOS[id % DOMINIOS.length]}`;
};
const mobile = (ddd: string, id: number) => `${ddd}9${String(10_000_000 + ((id * 7919) % 89_999_999))}`;
const cep = (int: (n: number) => number, g: CidadeGen) =>
  `${String(g.cep).padStart(2, '0')}${String(int(1_000_000)).padStart(6, '0')}`;

export async function generate(opts: GenerateOptions): Promise<Summary> {
  const cfg = SCALES[opts.scale];
  if (!cfg) throw new Error(`escala desconhecida: ${String(opts.scale)}`);
  const started = Date.now();
  const now = opts.now ?? new Date();
  const nowMs = now.getTime();
  const today = dayIn(PROGRAMME_TIME_ZONE, now);
  const seed = opts.seed ?? 1;
  const rnd = prng(seed);
  const log = opts.log ?? (() => {});
  const dialect: BenchDialect = isPostgresUrl(opts.databaseUrl) ? 'postgres' : 'sqlite';
  const dataDir = path.resolve(opts.dataDir ?? defaultDataDir(opts.scale, dialect));
  fs.mkdirSync(dataDir, { recursive: true });
  const timings: Record<string, number> = {};
  const counts: Record<string, number> = {};

  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <V>(a: readonly V[]): V => a[int(a.length)];
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const clock = new InstantFormatter();

  let t0 = Date.now();
  const store: Store =
    dialect === 'postgres'
      ? await openPostgres(opts.databaseUrl!, `praca_bench_${opts.scale}`, !!opts.force)
      : await openSqlite(path.resolve(sqliteFile(opts.databaseUrl, dataDir)), !!opts.force);
  timings.migrate = Date.now() - t0;
  log(`banco: ${store.url} (migrado em ${timings.migrate} ms)`);

  try {
    const senhaHash = await hashPassword(clientPasswordHash(BENCH_PASSWORD));
    const writers: Writer[] = [];
    const open = (name: TableName) => {
      const w = store.writer(T[name]);
      writers.push(w);
      return w;
    };
    const close = async (name: TableName, w: Writer) => {
      await w.end();
      counts[name] = (counts[name] ?? 0) + w.count;
    };
    /** Writes small tables in one go. */
    const writeAll = async (name: TableName, rows: unknown[][]) => {
      const w = open(name);
      for (const r of rows) {
        const p = w.push(r);
        if (p) await p;
      }
      await close(name, w);
    };

    if (rebuildsIndexes(dialect, opts.scale)) await store.dropIndexes(BIG_TABLES);
    const restoreTotals = await setAsideTotalsTriggers(store);
    const g: Gen = {
      opts,
      cfg,
      seed,
      now,
      nowMs,
      today,
      rnd,
      int,
      pick,
      gauss,
      clock,
      store,
      senhaHash,
      timings,
      counts,
      log,
      open,
      close,
      writeAll,
      pushRow: async (w, row, phase) => {
        const p = w.push(row);
        if (phase) phase.tick();
        if (p) await p;
      },
    };
    const l = await layOut(g);
    const samples = await writePeople(g, l);
    t0 = Date.now();
    const sellers = await writeShops(g, l);
    timings.estabelecimentos = Date.now() - t0;
    const { balancesBySlot, vendaCounter } = await writeSales(g, l, sellers);
    t0 = Date.now();
    await writeBalances(g, l, balancesBySlot);
    timings.saldos = Date.now() - t0;

    // --- indexes -----------------------------------------------------------------------------------
    if (store.pendingIndexes() > 0) {
      const phaseI = new Phase('índices', store.pendingIndexes(), opts.onProgress);
      const rebuilt = await store.restoreIndexes((what) => phaseI.step(what));
      phaseI.note = '';
      timings.indices = phaseI.finish();
      log(`${rebuilt} índices/chaves recriados em ${timings.indices} ms`);
    }
    t0 = Date.now();
    await restoreTotals();
    timings.totais = Date.now() - t0;
    log(`totais do painel em ${timings.totais} ms`);

    t0 = Date.now();
    await writeWinners(g, l, sellers.sellerRows);
    await writeCityContent(g, l);
    timings.conteudo = Date.now() - t0;

    await store.fixSequences(ID_COLUMNS.filter(([t]) => (counts[t] ?? 0) > 0) as [string, string][]);
    t0 = Date.now();
    await store.close();
    timings.fechamento = Date.now() - t0;

    const summary = summarize(g, l, { started, dialect, dataDir, samples, sellers, vendaCounter });
    fs.writeFileSync(path.join(dataDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    return summary;
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

/** Cities, categories, every id laid out up front (superadmin, admins, partners, consumers, shops), and the campaigns with their shops. */
async function layOut(g: Gen): Promise<Layout> {
  const { cfg, rnd, pick, today, writeAll } = g;
  const gens: CidadeGen[] =
    cfg.cityWeights.length === 1 ? [CIDADES_SP[0]] : [CIDADES_SP[1], CIDADES_SP[0], ...CIDADES_SP.slice(2)];
  const wsum = cfg.cityWeights.reduce((a, b) => a + b, 0);
  const share = (total: number, i: number) => {
    if (i === cfg.cityWeights.length - 1) {
      return total - cfg.cityWeights.slice(0, -1).reduce((a, w) => a + Math.round((total * w) / wsum), 0);
    }
    return Math.round((total * cfg.cityWeights[i]) / wsum);
  };
  await writeAll(
    'cidades',
    gens.slice(0, cfg.cityWeights.length).map((g) => [g.cod_cidade, g.cidade, g.uf]),
  );
  await writeAll(
    'categorias',
    CATEGORIAS.map((c, i) => [i + 1, c]),
  );

  // --- ids laid out up front: superadmin, admins, partners, consumers ------------------------
  let nextUser = 1;
  const superadminId = nextUser++;
  let nextShop = 1;
  const cities: City[] = cfg.cityWeights.map((_, i) => {
    const shops = share(cfg.shops, i);
    const city: City = {
      gen: gens[i],
      consumers: { first: 0, count: share(cfg.consumers, i) },
      shops: { first: nextShop, count: shops },
      partners: { first: 0, count: Math.max(1, Math.ceil(shops * 0.9)) },
      admins: [],
      campaigns: [],
    };
    nextShop += shops;
    return city;
  });
  for (const c of cities) for (let k = 0; k < 3; k++) c.admins.push(nextUser++);
  for (const c of cities) {
    c.partners.first = nextUser;
    nextUser += c.partners.count;
  }
  for (const c of cities) {
    c.consumers.first = nextUser;
    nextUser += c.consumers.count;
  }
  const totalUsers = nextUser - 1;
  const totalShops = nextShop - 1;
  const cityOfShop = new Int32Array(totalShops + 1);
  const partnerOfShop = new Int32Array(totalShops + 1);
  cities.forEach((c, ci) => {
    for (let k = 0; k < c.shops.count; k++) {
      const shop = c.shops.first + k;
      cityOfShop[shop] = ci;
      partnerOfShop[shop] = c.partners.first + Math.floor((k * c.partners.count) / c.shops.count);
    }
  });

  // --- campaigns and participation ----------------------------------------------------------
  const active = new Uint8Array(totalShops + 1);
  for (let s = 1; s <= totalShops; s++) active[s] = rnd() < 0.95 ? 1 : 0;
  const campanhaDef = new Int32Array(totalShops + 1);
  const campaigns: Campaign[] = cfg.campaigns.map((plan, i) => {
    const city = cities[plan.city];
    const slot = city.campaigns.length;
    if (slot >= SLOTS) throw new Error('no máximo 3 campanhas por cidade');
    city.campaigns.push(i + 1);
    const ini = addDays(today, plan.iniDays);
    const fim = addDays(today, plan.fimDays);
    const camp: Campaign = {
      id: i + 1,
      cityIdx: plan.city,
      slot,
      den: plan.name(Number(ini.slice(0, 4)) + (plan.iniDays < -300 ? 1 : 0), city.gen.cidade),
      ini,
      fim,
      running: ini <= today && today <= fim,
      plan,
      shops: [],
      fs: [],
      fc: [],
      sales: 0,
      coupons: 0,
      drawn: 0,
    };
    for (let k = 0; k < city.shops.count; k++) {
      const shop = city.shops.first + k;
      if (camp.running && !active[shop]) continue;
      if (rnd() >= plan.shopShare) continue;
      camp.shops.push(shop);
      const r = rnd();
      camp.fs.push(r < 0.3 ? 100 : r < 0.7 ? 200 : 500);
      camp.fc.push(pick([0, 0, 100, 200, 300, 500]));
      if (camp.running) campanhaDef[shop] = camp.id;
    }
    if (camp.shops.length === 0) {
      const shop = city.shops.first;
      camp.shops.push(shop);
      camp.fs.push(200);
      camp.fc.push(100);
      if (camp.running) campanhaDef[shop] = camp.id;
    }
    return camp;
  });
  await writeAll(
    'campanhas',
    campaigns.map((c) => {
      const at = instantAt(addDays(c.ini, -10), 10);
      return [c.id, c.den, '', c.ini, c.fim, '', cities[c.cityIdx].gen.cod_cidade, 1, at, at];
    }),
  );
  const firstSale = Math.min(...campaigns.map((c) => Date.parse(`${c.ini}T03:00:00Z`)));
  return {
    cities,
    campaigns,
    superadminId,
    totalUsers,
    totalShops,
    cityOfShop,
    partnerOfShop,
    active,
    campanhaDef,
    firstSale,
  };
}

/** Every person: the superadmin, each city's admins, the partners, the consumers. Answers the sample the summary names. */
async function writePeople(g: Gen, l: Layout): Promise<Map<number, SummaryUser>> {
  const { opts, seed, rnd, int, pick, nowMs, senhaHash, timings, open, close, pushRow } = g;
  const { cities, superadminId, totalUsers, firstSale } = l;
  const samples = new Map<number, SummaryUser>();

  const users = open('usuarios');
  const phaseU = new Phase('usuarios', totalUsers, opts.onProgress);
  const userRow = (id: number, ci: number, role: 'consumer' | 'partner' | 'admin' | 'super') => {
    const g = cities[ci].gen;
    const nome = nameOf(seed, id);
    const domain =
      role === 'admin' ? `${slug(g.cidade)}.sp.gov.br` : role === 'super' ? 'praca.org.br' : undefined;
    const email = emailOf(id, nome, domain);
    const criado = iso(firstSale - (30 + int(700)) * DAY - int(DAY));
    const seen = role !== 'consumer' || rnd() < 0.3 ? iso(nowMs - int(30) * DAY - int(DAY)) : null;
    if (role !== 'consumer' || id - cities[ci].consumers.first < 10 || id % 997 === 0) {
      samples.set(id, { id_usuario: id, email, nome });
    }
    return [
      id,
      nome,
      email,
      senhaHash,
      mobile(g.ddd, id),
      pick(RUAS),
      String(1 + int(3000)),
      rnd() < 0.2 ? `Apto ${1 + int(200)}` : '',
      pick(BAIRROS),
      g.cidade,
      g.uf,
      cep(int, g),
      g.cod_cidade,
      role === 'partner' ? 1 : 0,
      role === 'admin' || role === 'super' ? 1 : 0,
      role === 'super' ? 1 : 0,
      seen,
      criado,
      criado,
    ];
  };
  await pushRow(users, userRow(superadminId, 0, 'super'), phaseU);
  for (let ci = 0; ci < cities.length; ci++) {
    for (const id of cities[ci].admins) await pushRow(users, userRow(id, ci, 'admin'), phaseU);
  }
  for (let ci = 0; ci < cities.length; ci++) {
    const p = cities[ci].partners;
    for (let id = p.first; id < p.first + p.count; id++)
      await pushRow(users, userRow(id, ci, 'partner'), phaseU);
  }
  for (let ci = 0; ci < cities.length; ci++) {
    const c = cities[ci].consumers;
    for (let id = c.first; id < c.first + c.count; id++)
      await pushRow(users, userRow(id, ci, 'consumer'), phaseU);
  }
  await close('usuarios', users);
  timings.usuarios = phaseU.finish();
  return samples;
}

/** The shops with their sellers, partners' links, participations and reviews. */
async function writeShops(g: Gen, l: Layout): Promise<Sellers> {
  const { cfg, rnd, int, pick, gauss, nowMs, writeAll } = g;
  const { cities, campaigns, totalShops, cityOfShop, partnerOfShop, active, campanhaDef, firstSale } = l;
  const sellersFirst = new Int32Array(totalShops + 2);
  const sellersCount = new Int32Array(totalShops + 1);
  const shopNames = new Map<string, number>();
  const shopRows: unknown[][] = [];
  const sellerRows: unknown[][] = [];
  const reviewRows: unknown[][] = [];
  let nextSeller = 100; // ids up to 99 are 'Sem Vendedor' on the wire (migration livro-de-vendas)
  let nextReview = 1;
  for (let shop = 1; shop <= totalShops; shop++) {
    const ci = cityOfShop[shop];
    const city = cities[ci];
    const g = city.gen;
    const cat = int(CATEGORIAS.length);
    let nome = `${pick(TIPOS[CATEGORIAS[cat]])} ${pick(NOMES_LOJA)}`;
    const bairro = pick(BAIRROS);
    if (shopNames.has(nome)) nome = `${nome} ${bairro}`;
    const seen = shopNames.get(nome) ?? 0;
    shopNames.set(nome, seen + 1);
    if (seen > 0) nome = `${nome} ${seen + 1}`;
    // Reviews: approved ones count in soma_estrelas/qtd_avaliacao; pending ones are per user.
    let soma = 0;
    let qtd = 0;
    const nrev = int(cfg.reviewsPerShop * 2 + 1);
    const base = city.consumers.first + int(Math.max(1, city.consumers.count - nrev));
    for (let k = 0; k < nrev; k++) {
      const stars = Math.min(5, Math.max(1, Math.round(4 + gauss())));
      const approved = rnd() < 0.8;
      const ms = nowMs - (1 + int(300)) * DAY - int(DAY);
      if (approved) {
        soma += stars;
        qtd++;
      }
      reviewRows.push([
        nextReview++,
        shop,
        Math.min(base + k, city.consumers.first + city.consumers.count - 1),
        stars,
        pick(AVALIACOES_TXT),
        approved && rnd() < 0.5 ? 'Obrigado pela visita, volte sempre!' : '',
        approved ? 'S' : 'N',
        iso(ms),
        approved ? iso(ms + DAY) : null,
        approved ? partnerOfShop[shop] : null,
      ]);
    }
    const at = iso(firstSale - (60 + int(400)) * DAY);
    shopRows.push([
      shop,
      nome,
      `${pick(RUAS)}, ${1 + int(3000)}`,
      rnd() < 0.2 ? `Loja ${1 + int(30)}` : '',
      bairro,
      g.cidade,
      cep(int, g),
      g.uf,
      g.cod_cidade,
      `${g.ddd}3${String(2_000_000 + int(7_999_999))}`,
      mobile(g.ddd, shop + 5_000_000),
      '',
      '',
      rnd() < 0.3 ? `https://www.${slug(nome).replace(/-/g, '')}.com.br` : '',
      soma,
      qtd,
      cat + 1,
      active[shop] ? 'S' : 'N',
      cat === 0 && rnd() < 0.3 ? 2000 : 0,
      cat === 0 && rnd() < 0.3 ? 500 : 0,
      campanhaDef[shop] ? 'S' : 'N',
      campanhaDef[shop] || null,
      cnpjFrom12(`${String(10_000_000 + shop).padStart(8, '0')}0001`),
      Math.round((g.lat + gauss() * 0.03) * 1e6) / 1e6,
      Math.round((g.lon + gauss() * 0.03) * 1e6) / 1e6,
      at,
      at,
    ]);
    const nsel = int(4);
    sellersFirst[shop] = nextSeller;
    sellersCount[shop] = nsel;
    const used = new Set<string>();
    for (let k = 0; k < nsel; k++) {
      let n = pick(rnd() < 0.5 ? NOMES_F : NOMES_M);
      if (used.has(n)) n = `${n} ${pick(SOBRENOMES)[0]}.`;
      if (used.has(n)) n = `${n} ${k + 1}`;
      used.add(n);
      sellerRows.push([nextSeller++, shop, n]);
    }
  }
  await writeAll('estabelecimentos', shopRows);
  await writeAll('vendedores', sellerRows);
  await writeAll(
    'campanha_estabelecimentos',
    campaigns.flatMap((c) => c.shops.map((s, k) => [c.id, s, c.fc[k], c.fs[k]])),
  );
  await writeAll(
    'usuario_estabelecimentos',
    Array.from({ length: totalShops }, (_, k) => [partnerOfShop[k + 1], k + 1]),
  );
  await writeAll('avaliacoes', reviewRows);
  return { sellersFirst, sellersCount, sellerRows };
}

/** The sales in time order, each with the coupons it completes (the ledger's rule) and its audit entry. */
async function writeSales(
  g: Gen,
  l: Layout,
  sellers: Sellers,
): Promise<{ balancesBySlot: MemoryBalances[]; vendaCounter: Int32Array }> {
  const { opts, rnd, int, gauss, clock, nowMs, timings, open, close } = g;
  const { cities, campaigns, totalUsers, totalShops, partnerOfShop } = l;
  const { sellersFirst, sellersCount } = sellers;
  // Consumers of different cities never meet: one set of balances per campaign slot.
  const balancesBySlot = Array.from({ length: SLOTS }, () => new MemoryBalances(totalUsers + 1));
  // The sales module's batch form: points, cashback and the coupons each sale completes.
  const slotOf = new Map(campaigns.map((c) => [c.id, c.slot]));
  const batch = new SalesBatch<number>((id) => balancesBySlot[slotOf.get(id)!]);
  const vendaCounter = new Int32Array(totalShops + 1);
  const totalSales = campaigns.reduce((a, c) => a + c.plan.sales, 0);
  const vendas = open('vendas');
  const cupons = open('cupons');
  // Every sale writes an audit entry (domain §10), so the audit log screen is measured at a
  // city's size; left out at state scale, which only the draw uses.
  const auditoria = opts.scale === 'state' ? null : open('auditoria');
  const phaseV = new Phase('vendas + cupons', totalSales, opts.onProgress);
  let saleId = 0;
  let couponId = 0;
  const lnMedian = Math.log(7_000); // R$ 70,00
  for (const c of campaigns) {
    const city = cities[c.cityIdx];
    const cum = new Float64Array(c.shops.length);
    let acc = 0;
    for (let k = 0; k < c.shops.length; k++) {
      acc += Math.exp(1.1 * gauss());
      cum[k] = acc;
    }
    const tStart = Date.parse(`${c.ini}T03:00:00.000Z`) + 8 * HOUR; // 08:00 in São Paulo
    const tEnd = Math.min(Date.parse(`${c.fim}T03:00:00.000Z`) + 22 * HOUR, nowMs - 60_000);
    const span = Math.max(1, tEnd - tStart);
    const n = c.plan.sales;
    const minCoupons = c.plan.minCoupons ?? 0;
    for (let i = 0; i < n || batch.nextCoupon(c.id) - 1 < minCoupons; i++) {
      const ms = i < n ? tStart + Math.floor(((i + rnd()) * span) / n) : tEnd - 1000;
      const at = clock.iso(ms);
      // Busy shops sell more (log-normal weights); frequent buyers are the low ids.
      const x = rnd() * acc;
      let lo = 0;
      let hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      const shop = c.shops[lo];
      const user = city.consumers.first + Math.floor(city.consumers.count * rnd() ** 1.6);
      const valor = Math.min(5_000_000, Math.max(100, Math.round(Math.exp(lnMedian + 0.9 * gauss()))));
      const sale = batch.record({
        campanha: c.id,
        balance: user,
        valor_centavos: valor,
        fator_sorteio_e4: c.fs[lo],
        fator_cashback_e4: c.fc[lo],
      });
      const pontosE6 = sale.pontos_e6;
      const sel = sellersCount[shop] > 0 && rnd() < 0.6 ? sellersFirst[shop] + int(sellersCount[shop]) : null;
      const id = ++saleId;
      const datVenda = clock.dateAt(ms, -3);
      const numeroVenda = String(++vendaCounter[shop]).padStart(6, '0');
      const cashbackE6 = sale.cashback_e6;
      const p1 = vendas.push([
        id,
        c.id,
        shop,
        user,
        sel,
        datVenda,
        numeroVenda,
        valor,
        pontosE6,
        cashbackE6,
        partnerOfShop[shop],
        at,
        at,
      ]);
      if (p1) await p1;
      // The ledger's rule (modules/coupons/ledger.ts): live coupons = floor(points), numbered
      // per campaign in issue order, issued by the sale that completed them.
      const issued: number[] = [];
      for (let numero = sale.primeiro; numero < sale.primeiro + sale.emitidos; numero++) {
        issued.push(numero);
        const p2 = cupons.push([++couponId, c.id, numero, user, id, shop, at]);
        if (p2) await p2;
      }
      if (auditoria) {
        // The entry the sale route writes (modules/sales/entry.ts), by the shop's partner.
        const p3 = auditoria.push([
          id,
          partnerOfShop[shop],
          'criar',
          'venda',
          String(id),
          JSON.stringify(
            newSaleEntry(
              {
                id_campanha: c.id,
                id_estabelecimento: shop,
                id_usuario: user,
                id_vendedor: sel,
                dat_venda: datVenda,
                numero_venda: numeroVenda,
                valor_centavos: valor,
                pontos_e6: pontosE6,
                cashback_e6: cashbackE6,
              },
              { pendente: false, qr_expira_em: null, cupons_emitidos: issued },
            ),
          ),
          '10.0.0.1',
          city.gen.cod_cidade,
          at,
        ]);
        if (p3) await p3;
      }
      c.sales++;
      phaseV.tick();
      if ((i & 4095) === 0) phaseV.note = `${couponId.toLocaleString('en-US')} cupons`;
    }
    c.coupons = batch.nextCoupon(c.id) - 1;
  }
  await close('vendas', vendas);
  await close('cupons', cupons);
  if (auditoria) await close('auditoria', auditoria);
  phaseV.note = `${couponId.toLocaleString('en-US')} cupons`;
  timings.vendas_cupons = phaseV.finish();
  return { balancesBySlot, vendaCounter };
}

/** Each consumer's balance per campaign, and each campaign's next coupon number. */
async function writeBalances(g: Gen, l: Layout, balancesBySlot: readonly MemoryBalances[]): Promise<void> {
  const { opts, store, open, close } = g;
  const { cities, campaigns } = l;
  const saldos = open('saldos');
  const phaseS = new Phase(
    'saldos',
    cities.reduce((a, c) => a + c.consumers.count, 0),
    opts.onProgress,
  );
  for (const city of cities) {
    for (let slot = 0; slot < city.campaigns.length; slot++) {
      const { pontosE6: pts, cupons: cps } = balancesBySlot[slot];
      for (let u = city.consumers.first; u < city.consumers.first + city.consumers.count; u++) {
        if (pts[u] > 0) {
          const p = saldos.push([u, city.campaigns[slot], pts[u], cps[u]]);
          if (p) await p;
        }
        if (slot === 0) phaseS.tick();
      }
    }
  }
  await close('saldos', saldos);
  phaseS.finish();
  for (const c of campaigns) {
    await store.query(`update campanhas set proximo_cupom = ? where id_campanha = ?`, [c.coupons + 1, c.id]);
  }
}

/** The winners' history (after the indexes: each pick reads one coupon by number). */
async function writeWinners(g: Gen, l: Layout, sellerRows: readonly unknown[][]): Promise<void> {
  const { seed, int, today, store, open, close, pushRow } = g;
  const { cities, campaigns } = l;
  const contemplados = open('contemplados');
  const sorteios = open('sorteios');
  let winnerId = 0;
  for (const c of campaigns) {
    const drawn: number[] = [];
    const city = cities[c.cityIdx];
    const fimOrToday = c.fim < today ? c.fim : addDays(today, -1);
    // A running campaign was drawn yesterday: among the coupons issued by then (≈ 95 %).
    const pool = c.running ? Math.floor(c.coupons * 0.95) : c.coupons;
    for (let k = 0; k < Math.min(c.plan.winners, pool); k++) {
      let numero = 1 + int(pool);
      while (drawn.includes(numero)) numero = 1 + int(pool);
      const row = (
        await store.query<{
          id_cupom: number;
          id_usuario: number;
          id_venda: number;
          id_estabelecimento: number;
        }>(
          `select id_cupom, id_usuario, id_venda, id_estabelecimento from cupons where id_campanha = ? and numero = ?`,
          [c.id, numero],
        )
      )[0];
      if (!row) throw new Error(`cupom ${numero} da campanha ${c.id} não encontrado`);
      const venda = (
        await store.query<{ id_vendedor: number | null }>(
          `select id_vendedor from vendas where id_venda = ?`,
          [Number(row.id_venda)],
        )
      )[0];
      const idVendedor =
        venda?.id_vendedor === null || venda === undefined ? null : Number(venda.id_vendedor);
      const nomeVendedor =
        idVendedor === null
          ? ''
          : ((sellerRows.find((s) => s[0] === idVendedor)?.[2] as string | undefined) ?? '');
      const dia = addDays(fimOrToday, c.running ? 0 : 7 + k * 7);
      const at = instantAt(dia, 15, k);
      const posicao = numero - 1 - drawn.filter((d) => d < numero).length;
      const elegiveis = pool - drawn.length;
      drawn.push(numero);
      winnerId++;
      await pushRow(contemplados, [
        winnerId,
        c.id,
        Number(row.id_cupom),
        Number(row.id_usuario),
        Number(row.id_estabelecimento),
        Number(row.id_venda),
        idVendedor,
        nomeVendedor,
        nameOf(seed, Number(row.id_usuario)),
        dia,
        at,
        at,
      ]);
      await pushRow(sorteios, [
        winnerId,
        c.id,
        Number(row.id_cupom),
        winnerId,
        null,
        null,
        elegiveis,
        posicao,
        'S',
        'S',
        city.admins[0],
        at,
      ]);
      await store.query(`update cupons set sorteado_em = ? where id_cupom = ?`, [at, Number(row.id_cupom)]);
    }
    c.drawn = drawn.length;
  }
  await close('contemplados', contemplados);
  await close('sorteios', sorteios);
}

/** City content: notices, tourism, notifications, promotions, push subscriptions, settings. */
async function writeCityContent(g: Gen, l: Layout): Promise<void> {
  const { opts, seed, rnd, int, pick, gauss, now, nowMs, today, open, close, writeAll, pushRow } = g;
  const { cities, totalShops, active, superadminId } = l;
  const avisos: unknown[][] = [];
  const turismo: unknown[][] = [];
  const notificacoes: unknown[][] = [];
  const userNotif: unknown[][] = [];
  let nAviso = 0;
  let nTur = 0;
  let nNotif = 0;
  let nMsg = 0;
  const TITULOS_AVISO = [
    'Feira de artesanato no domingo',
    'Horário especial no feriado',
    'Sorteio ao vivo nesta sexta',
    'Campanha de vacinação',
    'Novas lojas participantes',
    'Festival gastronômico',
    'Interdição de rua no centro',
    'Mutirão de limpeza',
  ];
  cities.forEach((city) => {
    const g = city.gen;
    TITULOS_AVISO.forEach((title, k) => {
      const criado = iso(nowMs - (5 + k * 9) * DAY);
      avisos.push([
        ++nAviso,
        g.cod_cidade,
        'M',
        title,
        `<p>${title} em ${g.cidade}. Participe!</p>`,
        '',
        addDays(today, k < 6 ? 3 + k * 10 : -5 - k),
        criado,
        criado,
      ]);
    });
    for (let k = 0; k < 10; k++) {
      const at = iso(nowMs - (40 + k) * DAY);
      turismo.push([
        ++nTur,
        g.cod_cidade,
        k % 5,
        `${['Parque', 'Hotel', 'Restaurante', 'Festival', 'Posto de Saúde'][k % 5]} ${pick(NOMES_LOJA)}`,
        '',
        '',
        k === 9 ? 'N' : 'S',
        Math.round((g.lat + gauss() * 0.03) * 1e6) / 1e6,
        Math.round((g.lon + gauss() * 0.03) * 1e6) / 1e6,
        k % 5 === 3 ? addDays(today, 30) : null,
        at,
        at,
      ]);
    }
    // To the partners of the city, and one to the sender itself.
    const sender = city.admins[0];
    for (const [destino, title] of [
      ['P', 'Reunião com os lojistas participantes'],
      ['P', 'Novo material de divulgação da campanha'],
      ['I', 'Teste de notificação'],
    ] as const) {
      const id = ++nNotif;
      const at = iso(nowMs - (3 + id) * DAY);
      const targets =
        destino === 'I'
          ? [sender]
          : Array.from({ length: city.partners.count }, (_, k) => city.partners.first + k);
      notificacoes.push([
        id,
        g.cod_cidade,
        destino,
        'M',
        title,
        `${title}.`,
        '',
        sender,
        targets.length,
        0,
        at,
      ]);
      for (const u of targets) {
        userNotif.push([
          ++nMsg,
          u,
          id,
          'N',
          title,
          `${title}.`,
          '',
          at,
          rnd() < 0.5 ? iso(nowMs - DAY) : null,
        ]);
      }
    }
    // Personal messages to ~2 % of the consumers.
    for (let u = city.consumers.first; u < city.consumers.first + city.consumers.count; u++) {
      if (rnd() < 0.02) {
        userNotif.push([
          ++nMsg,
          u,
          null,
          'N',
          'Você ganhou cupons!',
          'Confira seus cupons em Minhas conquistas.',
          '',
          iso(nowMs - int(20) * DAY - int(DAY)),
          rnd() < 0.4 ? iso(nowMs - int(DAY)) : null,
        ]);
      }
    }
  });
  await writeAll('avisos', avisos);
  await writeAll('turismo', turismo);
  await writeAll('notificacoes', notificacoes);
  await writeAll('usuario_notificacoes', userNotif);

  const promocoes: unknown[][] = [];
  for (let shop = 1; shop <= totalShops; shop++) {
    if (!active[shop] || rnd() >= 0.1) continue;
    const dias = pick(PLANOS);
    const ini = addDays(today, -int(Math.min(dias, 60)) + (rnd() < 0.1 ? 5 : 0));
    const at = instantAt(addDays(ini, -2), 11);
    const porc = rnd() < 0.6;
    promocoes.push([
      promocoes.length + 1,
      shop,
      ini,
      addDays(ini, dias - 1),
      dias,
      rnd() < 0.85 ? 'S' : 'N',
      '',
      '',
      porc ? 0 : (5 + int(46)) * 10_000,
      porc ? (5 + int(26)) * 10_000 : 0,
      porc ? 0 : (50 + int(150)) * 100,
      `P${String(shop).padStart(6, '0')}`,
      porc ? 'Desconto no total da compra' : 'Desconto em compras acima do mínimo',
      at,
      at,
    ]);
  }
  await writeAll('promocoes', promocoes);

  const push = open('push_assinaturas');
  let nPush = 0;
  const pushFor = async (u: number) => {
    const at = iso(nowMs - int(60) * DAY - int(DAY));
    const key = (prefix: string, len: number) =>
      `${prefix}${Buffer.from(`${seed}:${u}:${prefix}`).toString('base64url')}`
        .padEnd(len, 'A')
        .slice(0, len);
    const android = rnd() < 0.7;
    await pushRow(push, [
      ++nPush,
      u,
      `https://fcm.googleapis.com/fcm/send/bench-${seed}-${u}`,
      key('B', 87),
      key('a', 22),
      'S',
      rnd() < 0.8 ? 'S' : 'N',
      'S',
      android ? 'Android' : 'iPhone',
      android ? String(10 + int(5)) : `17.${int(6)}`,
      `177.${int(256)}.${int(256)}.${int(256)}`,
      at,
      at,
    ]);
  };
  await pushFor(superadminId);
  for (const city of cities) {
    for (const a of city.admins) await pushFor(a);
    for (let u = city.consumers.first; u < city.consumers.first + city.consumers.count; u++) {
      if (rnd() < 0.03) await pushFor(u);
    }
  }
  await close('push_assinaturas', push);

  await writeAll('configuracoes', [
    ['bench', JSON.stringify({ scale: opts.scale, seed, gerado_em: now.toISOString(), dia: today })],
  ]);
}

/** summary.json's content: the figures and the sample people the benchmarks log in as. */
function summarize(
  g: Gen,
  l: Layout,
  s: {
    started: number;
    dialect: BenchDialect;
    dataDir: string;
    samples: Map<number, SummaryUser>;
    sellers: Sellers;
    vendaCounter: Int32Array;
  },
): Summary {
  const { opts, seed, now, today, store, timings, counts } = g;
  const { cities, campaigns, superadminId, partnerOfShop } = l;
  const { started, dialect, dataDir, samples, vendaCounter } = s;
  const { sellersFirst, sellersCount } = s.sellers;
  const main = cities[0];
  const present = (c: Campaign): SummaryCampaign => ({
    id_campanha: c.id,
    cod_cidade: cities[c.cityIdx].gen.cod_cidade,
    den_campanha: c.den,
    validade_ini: c.ini,
    validade_fim: c.fim,
    running: c.running,
    shops: c.shops.length,
    sales: c.sales,
    coupons: c.coupons,
    drawn: c.drawn,
  });
  const big = campaigns.reduce((a, b) => (b.coupons > a.coupons ? b : a));
  const user = (id: number): SummaryUser => {
    const u = samples.get(id);
    if (!u) throw new Error(`usuário ${id} fora da amostra`);
    return u;
  };
  const partners: SummaryPartner[] = big.shops.slice(0, 10).map((shop) => ({
    ...user(partnerOfShop[shop]),
    id_estabelecimento: shop,
    id_campanha: big.id,
    id_vendedor: sellersCount[shop] > 0 ? sellersFirst[shop] : DEFAULT_SELLER_ID,
    last_numero_venda: vendaCounter[shop],
  }));
  const consumers = [...samples.values()].filter(
    (u) => u.id_usuario >= main.consumers.first && u.id_usuario < main.consumers.first + main.consumers.count,
  );
  return {
    version: 1,
    scale: opts.scale,
    seed,
    dialect,
    databaseUrl: store.url,
    sqliteFile: store.sqliteFile,
    dataDir,
    generatedAt: now.toISOString(),
    today,
    elapsedMs: Date.now() - started,
    timings,
    counts: Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))),
    password: BENCH_PASSWORD,
    passwordClientHash: clientPasswordHash(BENCH_PASSWORD),
    city: { cod_cidade: main.gen.cod_cidade, cidade: main.gen.cidade, uf: main.gen.uf },
    cities: cities.map((c) => ({
      cod_cidade: c.gen.cod_cidade,
      cidade: c.gen.cidade,
      uf: c.gen.uf,
      consumers: c.consumers.count,
      shops: c.shops.count,
    })),
    admin: user(main.admins[0]),
    superadmin: user(superadminId),
    partner: partners[0],
    partners,
    bigCampaign: present(big),
    campaigns: campaigns.map(present),
    consumerIds: { first: main.consumers.first, last: main.consumers.first + main.consumers.count - 1 },
    consumers: consumers.slice(0, 20),
  };
}
