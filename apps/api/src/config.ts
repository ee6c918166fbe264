import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EXPORTACAO_IMEDIATA_MAX } from '@praca/contract';
import { isPostgresUrl, sqlitePathOf } from './db/url.js';
import { parseFileStorageUrl, parseStorageUrl } from './lib/storage.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, from src/ or from the compiled dist/src/. */
export const REPO_ROOT = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`) ? '../../../..' : '../../..',
);

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A setting that may be absent: empty is the same as unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined);

/** STORAGE_URL and BACKUP_STORAGE_URL: unset, `s3://bucket/prefix` or `file:///absolute/path`. */
const storageUrl = () =>
  optionalText().refine(
    (v) => v === undefined || parseStorageUrl(v) !== null || parseFileStorageUrl(v) !== null,
    'use s3://bucket/prefixo ou file:///caminho/absoluto',
  );

/** A secret setting: unset, or at least 32 characters. */
const secret = () =>
  optionalText().refine((v) => v === undefined || v.length >= 32, 'use ao menos 32 caracteres');

/** Every environment variable, validated once at boot (README lists them). */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || isPostgresUrl(v) || sqlitePathOf(v) !== null, 'use postgres://… ou sqlite:caminho'),
  DATA_DIR: z.string().default('data'),
  /**
   * Where images, receipts and ticket files live (lib/storage.ts, docs/deploy.md): DATA_DIR when
   * empty, a shared directory `file:///path` every instance mounts (issue 54), or S3-compatible
   * object storage `s3://bucket/prefix`, reached with the S3_ variables.
   */
  STORAGE_URL: storageUrl(),
  /** The S3-compatible service's address (MinIO, R2…); AWS's own when empty. */
  S3_ENDPOINT: optionalText().refine(
    (v) => v === undefined || /^https?:\/\/[^/]+/.test(v),
    'use uma URL http(s)',
  ),
  S3_REGION: z.string().default('us-east-1'),
  /** `<endpoint>/<bucket>/<key>` addresses (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: flag,
  /** Without them the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /**
   * Issue 54: the backups (modules/backups, docs/deploy.md). Without BACKUP_KEY and
   * BACKUP_STORAGE_URL nothing is scheduled. BACKUP_KEY (at least 32 characters) encrypts every
   * archive and is never in one; BACKUP_STORAGE_URL is a private place apart from STORAGE_URL
   * (`file:///path` or `s3://bucket/prefix`, with the S3_ variables); BACKUP_CRON is when, in
   * São Paulo's time (default every day at 03:00); BACKUP_RETENCAO how many archives stay.
   */
  BACKUP_KEY: secret(),
  BACKUP_STORAGE_URL: storageUrl(),
  BACKUP_CRON: z
    .string()
    .default('0 3 * * *')
    .refine(
      (v) => v.trim() === 'desligado' || v.trim().split(/\s+/).length === 5,
      'use as cinco partes do cron (por exemplo 0 3 * * *) ou desligado',
    ),
  BACKUP_RETENCAO: z.coerce.number().int().min(1).max(10_000).default(7),
  PUBLIC_URL: z.string().url().optional(),
  BASE_PATH: z
    .string()
    .default('/')
    .transform((v) => `/${v.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')),
  SEED: z.enum(['demo', 'none']).default('demo'),
  CIDADES_BASIC_USER: z.string().min(1).default('praca'),
  CIDADES_BASIC_PASS: z.string().min(1).default('praca-cidades'),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Praça <nao-responda@praca.local>'),
  SUPPORT_EMAIL: z.string().default('suporte@praca.local'),
  SUPPORT_WHATSAPP: z.string().default('(11) 99999-0000'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /**
   * Issue 52: the most an XLSX import's parts may inflate to (as their sizes say, and as they
   * are read), in a worker with its own small heap; past it, 413.
   */
  IMPORT_MAX_DESCOMPACTADO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** Largest import file (CSV or XLSX, issue 39): 20,000 shops as CSV are about 5 MB. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** HMAC key of the sale hand-over codes; without it one is generated once and kept in the database. */
  QR_SECRET: secret(),
  /**
   * Issue 40: the secret the CPFs are looked up and encrypted with (lib/cpf-vault.ts). Without
   * it, one is generated once in DATA_DIR/chaves/cpf.key; several instances need the same one.
   */
  CPF_KEY: secret(),
  QR_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 30)
    .default(24),
  /**
   * How long `POST /v1/adm/apuracoes` waits for its ticket file to be frozen (a job) before it
   * answers 202 with status congelando (decision 046).
   */
  APURACAO_CONGELAMENTO_ESPERA_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /**
   * Issue 49: the Loteria Federal's contest instant (its day at this hour, America/Sao_Paulo),
   * copied into each apuração when it is scheduled; a later change moves none.
   */
  APURACAO_HORA_CONCURSO: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM, por exemplo 19:00')
    .default('19:00'),
  /**
   * One contest of Caixa's published calendar, `<concurso>:<YYYY-MM-DD>`: every other number's
   * date follows from it and LOTERIA_FEDERAL_DIAS. Without it (and without the demo data's)
   * scheduling an apuração answers 409.
   */
  LOTERIA_FEDERAL_REFERENCIA: optionalText().refine(
    (v) => v === undefined || /^\d{1,6}:\d{4}-\d{2}-\d{2}$/.test(v),
    'use <concurso>:<AAAA-MM-DD>',
  ),
  /** The Loteria Federal's draw weekdays (dom,seg,ter,qua,qui,sex,sab). */
  LOTERIA_FEDERAL_DIAS: z.string().default('qua,sab'),
  /**
   * How long before the contest's instant an apuração must be scheduled (and is the last moment
   * it may be moved): time to publish the notice in the Diário Oficial. Default two days.
   */
  APURACAO_ANTECEDENCIA_MINUTOS: z.coerce.number().int().min(0).max(525_600).default(2880),
  /** Comma-separated e-mails of the apurações' auditors: at least one must not be an admin's. */
  APURACAO_AUDITORES: z.string().default(''),
  /** Caixa's official result page, a template with `{concurso}` (optional): linked publicly. */
  LOTERIA_FEDERAL_RESULTADO_URL: optionalText().refine(
    (v) => v === undefined || (/^https?:\/\//.test(v) && v.includes('{concurso}')),
    'use um endereço http(s) com {concurso}',
  ),
  /** Public downloads of an apuração's ticket file per minute and address. */
  APURACAO_CSV_RATE_MAX: z.coerce.number().int().positive().default(30),
  /**
   * Issue 52: days a declared CPF must be held, by one account alone and unchanged, before the
   * counter sales made to it are credited to that account (a proven CPF collects at once).
   */
  CPF_CARENCIA_DIAS: z.coerce.number().int().min(0).max(365).default(30),
  /**
   * Issue 53: receipts (NFC-e) one resident may send per shop and São Paulo day, as the Nota
   * Fiscal Gaúcha's; the next is 409.
   */
  RECIBO_MAX_LOJA_DIA: z.coerce.number().int().positive().max(1000).default(3),
  /** Issue 53: days a receipt no partner has reported waits before it expires. */
  RECIBO_PENDENTE_DIAS: z.coerce.number().int().positive().max(366).default(30),
  /** How many days back a sale may be dated (issue 37): older dates are refused. */
  VENDA_RETROATIVA_DIAS: z.coerce.number().int().min(0).max(366).default(7),
  /**
   * Failed logins per 15 minutes (decision 019): per address and e-mail together, the lock;
   * per address alone, far higher, to slow a spread-out attack without locking out the other
   * people behind one address. A solved challenge opens either lock (issue 52).
   */
  LOGIN_RATE_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_MAX_IP: z.coerce.number().int().positive().default(300),
  /**
   * Issue 52: failed logins for one e-mail (any address) in 15 minutes past which a login needs
   * a solved proof of work (428 without); the e-mail is never locked.
   */
  LOGIN_DESAFIO_APOS: z.coerce.number().int().positive().default(20),
  /** How hard a log-in challenge is at first (counters tried, half on average), ×1.1 each further failure, up to the ceiling. */
  LOGIN_DESAFIO_INICIAL: z.coerce.number().int().positive().default(50_000),
  LOGIN_DESAFIO_TETO: z.coerce.number().int().positive().max(0xffffffff).default(2_000_000),
  REGISTRO_RATE_MAX: z.coerce.number().int().positive().default(20),
  /** Password-reset requests per 15 minutes: per caller address, and per e-mail asked for. */
  RESET_RATE_MAX_IP: z.coerce.number().int().positive().default(50),
  RESET_RATE_MAX_EMAIL: z.coerce.number().int().positive().default(10),
  /** Wrong current passwords (password change, removal) per 15 minutes, per person and address. */
  SENHA_RATE_MAX: z.coerce.number().int().positive().default(10),
  /** Reviews posted per 15 minutes, per person. */
  AVALIACAO_RATE_MAX: z.coerce.number().int().positive().default(10),
  /** Removal requests (each sends an e-mail) per 15 minutes, per person. */
  REMOCAO_RATE_MAX: z.coerce.number().int().positive().default(5),
  /** Customer searches of the sales screen per minute, per partner or admin. */
  BUSCA_CLIENTE_RATE_MAX: z.coerce.number().int().positive().default(60),
  /** Issue 52: approvals of CPF proofs (photos) per admin and day (São Paulo's). */
  CPF_APROVACOES_DIA: z.coerce.number().int().positive().default(50),
  /**
   * Issue 52: the same look-ups (the customer search, and sales to a person or a CPF, whichever
   * session or API key of the partner makes them) per day (UTC), per partner or admin.
   */
  BUSCA_CLIENTE_DIA_MAX: z.coerce.number().int().positive().default(2000),
  /** Image uploads per 15 minutes, per admin. */
  UPLOAD_RATE_MAX: z.coerce.number().int().positive().default(60),
  /**
   * Alerts for the city (issue 37, docs/security.md): a shop's day is a peak above
   * ALERTA_PICO_FATOR × its 30-day daily median, or, with a median of 0, from ALERTA_PICO_MINIMO
   * sales; more than ALERTA_VENDAS_PESSOA sales of one shop to one person in a day; values just
   * under a limit (ALERTA_VALOR_MARGEM_PCT % under it) at least ALERTA_VALOR_REPETICOES times;
   * sales registered from midnight until ALERTA_MADRUGADA_FIM o'clock (São Paulo).
   */
  ALERTA_PICO_FATOR: z.coerce.number().positive().default(5),
  ALERTA_PICO_MINIMO: z.coerce.number().int().positive().default(10),
  ALERTA_VENDAS_PESSOA: z.coerce.number().int().positive().default(3),
  ALERTA_VALOR_MARGEM_PCT: z.coerce.number().positive().max(50).default(5),
  ALERTA_VALOR_REPETICOES: z.coerce.number().int().min(2).default(3),
  ALERTA_MADRUGADA_FIM: z.coerce.number().int().min(1).max(12).default(5),
  /**
   * Issue 53, alerts over the residents' fiscal receipts sent in the ALERTA_RECIBOS_DIAS days up
   * to the day asked: a shop with more than ALERTA_RECIBOS_NAO_INFORMADOS receipts its partner
   * never reported (pending or expired); one key tried by at least ALERTA_CHAVE_PESSOAS people;
   * an entity with at least ALERTA_DOACOES_MINIMO donated receipts and more than
   * ALERTA_DOACOES_PCT % of the city's.
   */
  ALERTA_RECIBOS_DIAS: z.coerce.number().int().min(1).max(366).default(30),
  ALERTA_RECIBOS_NAO_INFORMADOS: z.coerce.number().int().min(0).default(10),
  ALERTA_CHAVE_PESSOAS: z.coerce.number().int().min(2).default(3),
  ALERTA_DOACOES_MINIMO: z.coerce.number().int().min(1).default(10),
  ALERTA_DOACOES_PCT: z.coerce.number().min(0).max(99).default(50),
  /** Other origins allowed to call the API from a browser (comma-separated); none by default. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Map page (/mapa): tile URL template, its attribution and the Nominatim-style geocoder. */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((v) => /^https?:\/\/[^/]+/.test(v), 'use uma URL http(s)'),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap'),
  GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org/search'),
  /**
   * Web Push (issue 8): the VAPID key pair (base64url) and contact; without the keys a pair is
   * generated once and kept in the database. Both keys or neither.
   */
  VAPID_PUBLIC_KEY: optionalText(),
  VAPID_PRIVATE_KEY: optionalText(),
  VAPID_SUBJECT: optionalText().refine(
    (v) => v === undefined || /^(mailto:|https:\/\/)/.test(v),
    'use mailto:… ou https://…',
  ),
  /**
   * Outbound requests on a stranger's say-so (Web Push endpoints, webhooks: lib/outbound-http.ts)
   * to this machine's loopback (http or https), for tests with a local push service or
   * receiver only. Off by default: endpoints must be https on public addresses (issue 37).
   */
  PUSH_ALLOW_LOOPBACK: flag,
  /**
   * "Entrar com gov.br" (issue 52, OpenID Connect): without a client id the button does not show
   * and /v1/govbr/* answers 404. The issuer's discovery document gives the endpoints; the
   * confiabilidades API (`…/confiabilidades/v3/contas/{cpf}/niveis`) gives the account's level
   * when the id_token has no `reliability_info`. Below GOVBR_NIVEL_MINIMO a login is refused.
   */
  GOVBR_ISSUER: z.string().url().default('https://sso.acesso.gov.br/'),
  GOVBR_CLIENT_ID: optionalText(),
  GOVBR_CLIENT_SECRET: optionalText(),
  GOVBR_API_URL: optionalText().refine(
    (v) => v === undefined || /^https?:\/\/[^/]+/.test(v),
    'use uma URL http(s)',
  ),
  GOVBR_NIVEL_MINIMO: z.enum(['bronze', 'prata', 'ouro']).default('prata'),
  /** Requests one API key (issue 39) makes in a minute on the sales routes, before 429. */
  CHAVE_RATE_MAX: z.coerce.number().int().positive().default(120),
  /** Webhook deliveries: attempts in all, and the first retry's wait (doubled each time). */
  WEBHOOK_TENTATIVAS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_ESPERA_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * Issue 53: the city's SEFAZ gateway (docs/sefaz.md), `POST`ed `{"chave": …}` to confirm a
   * receipt; without it receipts are matched with the partners' reports alone. It goes through
   * the outbound guard (lib/outbound-http.ts): https on a public address. SEFAZ_TOKEN, when set,
   * is sent as `Authorization: Bearer …`; SEFAZ_TIMEOUT_MS bounds each consultation.
   */
  SEFAZ_CONSULTA_URL: optionalText()
    .refine((v) => v === undefined || URL.canParse(v), 'use uma URL https://…')
    .refine((v) => v === undefined || /^https?:\/\//i.test(v), 'use uma URL https://…'),
  SEFAZ_TOKEN: optionalText(),
  SEFAZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * SQLite durability: NORMAL (default; a killed server loses nothing it answered, a power cut
   * may take back the last commits) or FULL (an fsync per commit group; slower sales).
   */
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  /**
   * Issue 54: on SIGTERM or SIGINT the server stops taking connections, answers 503 to new
   * requests and gives the ones in flight, and the running jobs, this long to finish; then the
   * jobs still running go back to the queue, the connections left are closed, and it exits 0.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Tests with several processes only (issue 54): a file holding the programme's clock, read by
   * every process that names it (lib/clock.ts, `watchClockFile`). Refused with NODE_ENV=production.
   */
  TEST_CLOCK_FILE: optionalText(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines: `auto` (text in a terminal, JSON otherwise and in production), `pretty` or `json`. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  TRUST_PROXY: flag,
  /**
   * Exports of the admin lists (issue 39, decision 048): up to this many rows the file comes in
   * the answer; past it a background job writes it (202 with the export's id).
   */
  EXPORTACAO_IMEDIATA_MAX: z.coerce.number().int().min(1).default(EXPORTACAO_IMEDIATA_MAX),
  /**
   * Issue 54, overload (@fastify/under-pressure, sampled every second): past either threshold
   * every route but `/health` answers 503 with `Retry-After` (OVERLOAD_RETRY_AFTER_S) and
   * `/health/pronto` reports `carga`. The event loop's mean delay in ms, and the heap in use as a
   * share (%) of V8's heap limit; 0 turns a check off.
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  OVERLOAD_HEAP_USED_PCT: z.coerce.number().min(0).max(100).default(90),
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Issue 54: Prometheus metrics (`/metrics`) on a port of their own, off when unset, on
   * METRICS_HOST (loopback by default), never on the public port. The business totals are read
   * from the database at most every METRICS_TOTALS_TTL_S seconds.
   */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine(
      (v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 65535),
      'use uma porta de 0 a 65535',
    ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOTALS_TTL_S: z.coerce.number().int().min(0).max(3600).default(30),
  /** Benchmarks only (bench/): the in-memory ceiling route `/__bench/ceiling`; never in production. */
  BENCH_CEILING: flag,
});

export type Config = z.infer<typeof EnvSchema> & {
  dataDir: string;
  imagesDir: string;
  outboxDir: string;
  webDist: string;
  publicUrl: string;
  /** Log lines as text for a person (plugins/request-log.ts) rather than JSON. */
  logPretty: boolean;
};

/**
 * Text or JSON log lines: LOG_FORMAT `pretty` or `json` as asked; `auto` is text only for a
 * person, that is when the output is a terminal and NODE_ENV is not set to `production`.
 */
export function logIsPretty(
  format: 'auto' | 'pretty' | 'json',
  nodeEnv: string | undefined,
  isTTY: boolean,
): boolean {
  if (format !== 'auto') return format === 'pretty';
  return isTTY && nodeEnv !== 'production';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuração inválida:\n${lines}`);
  }
  const c = parsed.data;
  if (c.TEST_CLOCK_FILE && c.NODE_ENV === 'production')
    throw new Error(
      'Configuração inválida:\n  TEST_CLOCK_FILE: só para testes; o relógio de um servidor em produção (NODE_ENV=production) é o do sistema',
    );
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT)
    throw new Error('Configuração inválida:\n  METRICS_PORT: use uma porta diferente de PORT');
  // A relative DATA_DIR is taken from where npm was started (INIT_CWD), so `npm start` at the
  // repository root keeps its data in ./data there.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, c.DATA_DIR);
  // Issue 54: the backups go apart from the files they copy (and from the data folder's own).
  if (
    c.BACKUP_STORAGE_URL &&
    (c.BACKUP_STORAGE_URL === c.STORAGE_URL || parseFileStorageUrl(c.BACKUP_STORAGE_URL) === dataDir)
  ) {
    throw new Error(
      'Configuração inválida:\n  BACKUP_STORAGE_URL: use um lugar separado de STORAGE_URL e de DATA_DIR',
    );
  }
  return {
    ...c,
    dataDir,
    imagesDir: path.join(dataDir, 'images'),
    outboxDir: path.join(dataDir, 'outbox'),
    webDist: c.WEB_DIST ? path.resolve(base, c.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    // The environment's own NODE_ENV: only one set to production turns a terminal's text off.
    logPretty: logIsPretty(c.LOG_FORMAT, env.NODE_ENV, process.stdout.isTTY === true),
  };
}
