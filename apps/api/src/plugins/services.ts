import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { randomToken } from '../lib/crypto.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { keptKey, qrKey, type QrKey } from '../lib/qr-key.js';
import { CODE_MAIL_JOB, type AccountDeps, type CodeMailJob } from '../modules/account/service.js';
import type { AlertThresholds } from '../modules/alerts/rules.js';
import type { ApuracaoDeps } from '../modules/apuracoes/service.js';
import { settingsFrom } from '../modules/apuracoes/settings.js';
import { CHALLENGE_NOTICE_JOB, type NoticeDeps } from '../modules/auth/notice.js';
import type { LoginLimits } from '../modules/auth/service.js';
import type { ContestacaoDeps } from '../modules/contestacoes/service.js';
import type { CpfComprovacaoDeps } from '../modules/cpf-comprovacoes/service.js';
import type { DrawDeps } from '../modules/draws/service.js';
import type { EntityDeps } from '../modules/entidades/service.js';
import { createGovbrClient } from '../modules/govbr/oidc.js';
import type { GovbrDeps } from '../modules/govbr/service.js';
import { StoreProbe, type ReadinessDeps } from '../modules/health/service.js';
import type { WebhookDeps } from '../modules/integration/service.js';
import type { NotificationDeps } from '../modules/notifications/admin-service.js';
import { createPush, type Push } from '../modules/notifications/push.js';
import {
  createSaleWriter,
  creditAndTell,
  reversePhotoCredits,
  type SalesDeps,
} from '../modules/sales/service.js';
import type { ReciboDeps } from '../modules/recibos/service.js';
import { sefazFromConfig } from '../modules/recibos/sefaz.js';
import type { ProveCpfDeps } from '../modules/users/cpf-identity.js';
import type { AdminDeps } from '../modules/shared/admin.js';
import {
  FIFTEEN_MINUTES,
  ONE_DAY,
  LookupLimit,
  ONE_MINUTE,
  PersonLimit,
  SharedLimiter,
} from '../modules/shared/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail of the product (lib/mailer.ts): SMTP or the outbox, one for the app. */
    mailer: Mailer;
    /** The HMAC key of hand-over codes and of an apuração's holders (lib/qr-key.ts). */
    qrKey: QrKey;
    /** The server's Web Push identity and sender (modules/notifications/push.ts). */
    push: Push;
    /** Each module's dependencies, built once here: a routes file takes its own. */
    services: Services;
  }
}

/** What a test may hand the app in place of the real thing (`buildApp`'s options). */
export interface ServiceFakes {
  mailer?: Mailer;
}

type Enqueue = (db: Kysely<Database>, name: string, payload: object) => Promise<void>;

/** Each module's dependencies, as its routes hand them to its services. */
interface Services {
  admin: AdminDeps;
  account: AccountDeps & {
    /** Removal requests per person (REMOCAO_RATE_MAX per 15 minutes). */
    removalRequests: PersonLimit;
  };
  alerts: { thresholds: AlertThresholds };
  apuracoes: ApuracaoDeps & {
    /** Public downloads of a ticket file (tens of MB each): per address and minute. */
    downloads: SharedLimiter;
  };
  auth: { ttlHours: number; limits: LoginLimits; notice: NoticeDeps };
  contestacoes: ContestacaoDeps & { uploads: PersonLimit };
  /** Issue 52: proofs of a CPF by photos, decided by admins. */
  cpfComprovacoes: CpfComprovacaoDeps;
  draws: DrawDeps;
  entidades: EntityDeps;
  establishments: { uploads: PersonLimit };
  /** "Entrar com gov.br" (issue 52); null without GOVBR_CLIENT_ID (its routes answer 404). */
  govbr: GovbrDeps | null;
  /** Issue 54: readiness (`/health/pronto`). */
  health: ReadinessDeps;
  images: { uploads: PersonLimit };
  integration: WebhookDeps;
  notifications: NotificationDeps;
  /** Issue 53: the residents' fiscal receipts (RECIBO_MAX_LOJA_DIA, RECIBO_PENDENTE_DIAS). */
  recibos: ReciboDeps;
  reviews: { postings: PersonLimit };
  /** What the sales module's routes need (its `SalesDeps`, and the shop's sales export). */
  sales: SalesDeps;
  users: {
    /** A sign-up's dependencies but its address; sign-ups are limited per address (decision 019). */
    registration: { ttlHours: number; limiter: SharedLimiter; max: number; cpf: FastifyInstance['cpf'] };
    /** A partner's look-ups of people per person, a minute and a day (shared with sales, issue 52). */
    searches: LookupLimit;
    /** Issue 40: credits the sales that waited for a CPF the person just gave, and tells them. */
    creditCpf: (idUsuario: number, cpfBusca: string, ip: string) => Promise<unknown>;
    /** Issue 52: the dependencies of `proveCpf` (users/cpf-identity.ts), for gov.br and the admins' approval. */
    cpfProof: ProveCpfDeps;
    /** Issue 52: CPF_CARENCIA_DIAS (the customer search finds a CPF's creditable account). */
    cpfCarenciaDias: number;
  };
  winners: AdminDeps & {
    /** Issue 49: what an annulled winner's substitute needs (apuracoes/substitutes.ts). */
    substitutes: { settings: ApuracaoDeps['settings']; enqueue: Enqueue };
  };
}

/**
 * The composition root (issue 50): every service the modules use is made here, once, when the
 * app starts, after the context, the job queue, the exporter and the webhooks it hands on. A
 * routes file reads `app.services.<module>` and never builds a dependency. Tests pass fakes
 * through `buildApp`'s options (`mailer`).
 */
export function registerServices(app: FastifyInstance, fakes: ServiceFakes = {}): void {
  const c = app.config;
  const { db, dialect } = app;
  const log = app.log;
  const enqueue: Enqueue = (trx, name, payload) => app.jobs.enqueue(trx, name, payload);
  const siteUrl = `${c.publicUrl}${c.BASE_PATH}`;

  const mailer =
    fakes.mailer ?? createMailer({ smtpUrl: c.SMTP_URL, from: c.MAIL_FROM, outboxDir: c.outboxDir, log });
  // A fake is its test's to close.
  if (!fakes.mailer) app.addHook('onClose', () => mailer.close());
  app.decorate('mailer', mailer);

  const secret = qrKey(db, c.QR_SECRET);
  app.decorate('qrKey', secret);

  // The VAPID key pair is resolved when the app starts, so the first start generates and keeps it.
  const push = createPush(db, c, log);
  app.addHook('onReady', async () => {
    await push.keys();
  });
  app.addHook('onClose', () => push.close());
  // Issue 53: the city's SEFAZ gateway, when it has one (SEFAZ_CONSULTA_URL).
  const sefaz = sefazFromConfig(c, app.log);
  if (sefaz) app.addHook('onClose', () => sefaz.close());
  app.decorate('push', push);

  const admin: AdminDeps = { db, dialect, basePath: c.BASE_PATH };
  // Issue 40: a CPF just given (at sign-up, in the profile) collects the sales that waited for it.
  // Issue 52: only to the account the CPF's sales are creditable to (a proof, or a declaration
  // alone for CPF_CARENCIA_DIAS).
  const cpfCarenciaDias = c.CPF_CARENCIA_DIAS;
  const creditCpf = (idUsuario: number, cpfBusca: string, ip = '') =>
    creditAndTell({ db, dialect, cpfCarenciaDias }, idUsuario, cpfBusca, ip);
  // Issue 52: what a proof of a CPF needs (gov.br, an admin's approval of a photo proof).
  const cpfProof: ProveCpfDeps = {
    db,
    creditCpf,
    reversePhotoCredits: (trx, a) => reversePhotoCredits(trx, dialect, a),
  };
  const settings = settingsFrom(c);
  const govbr: GovbrDeps | null = c.GOVBR_CLIENT_ID
    ? {
        db,
        cpf: app.cpf,
        client: createGovbrClient({
          issuer: c.GOVBR_ISSUER,
          clientId: c.GOVBR_CLIENT_ID,
          clientSecret: c.GOVBR_CLIENT_SECRET ?? '',
          apiUrl: c.GOVBR_API_URL,
          redirectUri: `${siteUrl}v1/govbr/retorno`,
        }),
        minimo: c.GOVBR_NIVEL_MINIMO,
        ttlHours: c.SESSION_TTL_HOURS,
        prove: cpfProof,
        flows: new SharedLimiter(db, 'govbr-fluxo', FIFTEEN_MINUTES),
        flowsMax: c.LOGIN_RATE_MAX_IP,
        passwords: { limiter: new SharedLimiter(db, 'govbr-senha', FIFTEEN_MINUTES), max: c.SENHA_RATE_MAX },
        log,
      }
    : null;
  // Issue 52: one count of a partner's look-ups of people: its searches and its sales to a person.
  const lookups = new LookupLimit(db, c.BUSCA_CLIENTE_RATE_MAX, c.BUSCA_CLIENTE_DIA_MAX);
  app.decorate('services', {
    admin,
    account: {
      db,
      cpf: app.cpf,
      store: app.storage,
      cpfCarenciaDias,
      creditCpf,
      mailer,
      mail: { siteUrl, supportEmail: c.SUPPORT_EMAIL, supportWhatsapp: c.SUPPORT_WHATSAPP },
      log,
      sessionTtlHours: c.SESSION_TTL_HOURS,
      limits: {
        reset: new SharedLimiter(db, 'reset', FIFTEEN_MINUTES),
        resetIp: c.RESET_RATE_MAX_IP,
        resetEmail: c.RESET_RATE_MAX_EMAIL,
        senha: new SharedLimiter(db, 'senha', FIFTEEN_MINUTES),
        senhaMax: c.SENHA_RATE_MAX,
      },
      enqueue,
      removalRequests: new PersonLimit(db, 'remocao-pedido', c.REMOCAO_RATE_MAX, FIFTEEN_MINUTES),
    },
    alerts: {
      thresholds: {
        picoFator: c.ALERTA_PICO_FATOR,
        picoMinimo: c.ALERTA_PICO_MINIMO,
        vendasPessoa: c.ALERTA_VENDAS_PESSOA,
        valorMargemPct: c.ALERTA_VALOR_MARGEM_PCT,
        valorRepeticoes: c.ALERTA_VALOR_REPETICOES,
        madrugadaFim: c.ALERTA_MADRUGADA_FIM,
        recibosDias: c.ALERTA_RECIBOS_DIAS,
        recibosNaoInformados: c.ALERTA_RECIBOS_NAO_INFORMADOS,
        chavePessoas: c.ALERTA_CHAVE_PESSOAS,
        doacoesMinimo: c.ALERTA_DOACOES_MINIMO,
        doacoesPct: c.ALERTA_DOACOES_PCT,
      },
    },
    apuracoes: {
      db,
      dialect,
      dataDir: c.dataDir,
      store: app.storage,
      freezeWaitMs: c.APURACAO_CONGELAMENTO_ESPERA_MS,
      basePath: c.BASE_PATH,
      siteUrl,
      supportEmail: c.SUPPORT_EMAIL,
      secret,
      mailer,
      enqueue,
      log,
      events: app.webhooks,
      settings,
      downloads: new SharedLimiter(db, 'bilhetes-csv', ONE_MINUTE),
    },
    // One set of counters for the three login doors, shared by every instance.
    auth: {
      ttlHours: c.SESSION_TTL_HOURS,
      limits: {
        limiter: new SharedLimiter(db, 'login', FIFTEEN_MINUTES),
        pair: c.LOGIN_RATE_MAX,
        ip: c.LOGIN_RATE_MAX_IP,
        challengeAfter: c.LOGIN_DESAFIO_APOS,
        levels: { first: c.LOGIN_DESAFIO_INICIAL, top: c.LOGIN_DESAFIO_TETO },
        notices: new SharedLimiter(db, 'login-aviso', ONE_DAY),
        warnOwner: (email) => enqueue(db, CHALLENGE_NOTICE_JOB, { email }),
      },
      notice: { db, mailer, siteUrl, supportEmail: c.SUPPORT_EMAIL },
    },
    contestacoes: {
      db,
      dialect,
      store: app.storage,
      events: app.webhooks,
      uploads: new PersonLimit(db, 'upload-comprovante', c.UPLOAD_RATE_MAX, FIFTEEN_MINUTES),
    },
    cpfComprovacoes: {
      db,
      dialect,
      store: app.storage,
      cpf: app.cpf,
      linkKey: keptKey(db, 'cpf_comprovacao_links'),
      basePath: c.BASE_PATH,
      approvalsPerDay: c.CPF_APROVACOES_DIA,
      proof: cpfProof,
      log,
    },
    draws: { db, dialect, dataDir: c.dataDir, store: app.storage, basePath: c.BASE_PATH, log },
    entidades: {
      db,
      basePath: c.BASE_PATH,
      invite: (trx, welcome) =>
        app.jobs.enqueue(trx, CODE_MAIL_JOB, { finalidade: 'boas_vindas', ...welcome } satisfies CodeMailJob),
    },
    establishments: { uploads: new PersonLimit(db, 'upload-loja', c.UPLOAD_RATE_MAX, FIFTEEN_MINUTES) },
    govbr,
    health: {
      db,
      jobs: app.jobs,
      load: app.load,
      store: new StoreProbe(app.storage, randomToken(9).replace(/[^A-Za-z0-9]/g, 'x'), log),
      timeoutMs: 5000,
      log,
    },
    images: { uploads: new PersonLimit(db, 'upload-imagem', c.UPLOAD_RATE_MAX, FIFTEEN_MINUTES) },
    integration: {
      db,
      allowLoopback: c.PUSH_ALLOW_LOOPBACK,
      changed: (cod) => app.cityCache.invalidate(cod),
    },
    notifications: { ...admin, push, publicUrl: c.publicUrl, enqueue },
    recibos: {
      db,
      dialect,
      maxPorLojaDia: c.RECIBO_MAX_LOJA_DIA,
      pendenteDias: c.RECIBO_PENDENTE_DIAS,
      sefaz,
      enqueue: (trx, name, payload, o) => app.jobs.enqueue(trx, name, payload, o),
      events: app.webhooks,
    },
    reviews: { postings: new PersonLimit(db, 'avaliacao', c.AVALIACAO_RATE_MAX, FIFTEEN_MINUTES) },
    sales: {
      db,
      dialect,
      qrTtlHours: c.QR_TTL_HOURS,
      retroDays: c.VENDA_RETROATIVA_DIAS,
      events: app.webhooks,
      cpf: app.cpf,
      cpfCarenciaDias,
      lookups,
      enqueue,
      qrSecret: secret,
      // The one writer of new sales in one statement (PostgreSQL), with its batching queue.
      writer: createSaleWriter({ db, dialect }),
    },
    users: {
      registration: {
        ttlHours: c.SESSION_TTL_HOURS,
        limiter: new SharedLimiter(db, 'registro', FIFTEEN_MINUTES),
        max: c.REGISTRO_RATE_MAX,
        cpf: app.cpf,
      },
      searches: lookups,
      creditCpf,
      cpfProof,
      cpfCarenciaDias,
    },
    winners: { ...admin, substitutes: { settings, enqueue } },
  } satisfies Services);
}
