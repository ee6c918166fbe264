/**
 * What `npm run bench:data` leaves behind in `<data-dir>/summary.json` and what `generate()`
 * answers: where the database is, how much is in it and the ids the benchmarks need.
 * Every generated user logs in with `password` (the client sends `passwordClientHash`).
 */
export type Scale = 'tiny' | 'city' | 'state';
export type BenchDialect = 'sqlite' | 'postgres';

export interface SummaryUser {
  id_usuario: number;
  email: string;
  nome: string;
}

export interface SummaryCampaign {
  id_campanha: number;
  cod_cidade: number;
  den_campanha: string;
  validade_ini: string;
  validade_fim: string;
  /** Today falls inside the validity dates (sales can be registered on it today). */
  running: boolean;
  /** Participating establishments. */
  shops: number;
  sales: number;
  /** Coupons issued (= proximo_cupom − 1); numbered 1..coupons without gaps. */
  coupons: number;
  /** Coupons already drawn (winners history). */
  drawn: number;
}

export interface SummaryPartner extends SummaryUser {
  id_estabelecimento: number;
  /** A running campaign this establishment takes part in. */
  id_campanha: number;
  /** One of the shop's sellers, or 99 ('Sem Vendedor') when it has none. */
  id_vendedor: number;
  /** Highest numeric `numero_venda` used by this shop; generated numbers are 6-digit counters. */
  last_numero_venda: number;
}

export interface Summary {
  version: 1;
  scale: Scale;
  seed: number;
  dialect: BenchDialect;
  /** `sqlite:/abs/path/praca.db` or the PostgreSQL URL: give it to the API as DATABASE_URL. */
  databaseUrl: string;
  /** Absolute path of the SQLite file (null on PostgreSQL). */
  sqliteFile: string | null;
  /** Absolute; summary.json lives here (and, for SQLite, praca.db: DATA_DIR for the API). */
  dataDir: string;
  /** ISO instant the generation started; dates are relative to `today` (São Paulo). */
  generatedAt: string;
  today: string;
  elapsedMs: number;
  /** Milliseconds per phase (users, shops, sales+coupons, indexes, …). */
  timings: Record<string, number>;
  /** Rows per table, as counted in the database at the end. */
  counts: Record<string, number>;
  /** Everyone's password as typed, and what the client sends (SHA-256 hex) to /v1/login. */
  password: string;
  passwordClientHash: string;
  /** The main city (the only one for tiny/city; the largest for state). */
  city: { cod_cidade: number; cidade: string; uf: string };
  cities: { cod_cidade: number; cidade: string; uf: string; consumers: number; shops: number }[];
  /** An admin of the main city (not super-admin) and the super-admin. */
  admin: SummaryUser;
  superadmin: SummaryUser;
  /** A partner of a main-city shop in the running big campaign, and a few more. */
  partner: SummaryPartner;
  partners: SummaryPartner[];
  /** The campaign with the most coupons (running, main city): the draw benchmark's campaign. */
  bigCampaign: SummaryCampaign;
  campaigns: SummaryCampaign[];
  /** Consumers of the main city have the contiguous ids first..last. */
  consumerIds: { first: number; last: number };
  /** A few consumers of the main city (with and without coupons). */
  consumers: SummaryUser[];
}
