import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { VendaBody, VendasQuery } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import type { PersonCounter } from '../shared/rate-limiter.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import type { SaleWriter } from './sale-writer.js';

export type VendaInput = z.output<typeof VendaBody>;
export type VendasFiltro = z.output<typeof VendasQuery>;

/** What the sales service needs from the app. */
export interface SalesDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The writer of new sales in one statement (PostgreSQL), made once per database. */
  writer: SaleWriter;
  /** The key that signs hand-over codes (config QR_SECRET, or one kept in the database). */
  qrSecret: () => Promise<string>;
  qrTtlHours: number;
  /** How many days back a sale may be dated (config VENDA_RETROATIVA_DIAS). */
  retroDays: number;
  /** Webhook events (issue 39): `venda.criada`, `venda.estornada`. */
  events?: WebhookEvents;
  /** Issue 40: how a CPF is looked up (lib/cpf-vault.ts). */
  cpf?: CpfVault;
  /** Issue 52: days a declared CPF waits before its counter sales are credited (CPF_CARENCIA_DIAS). */
  cpfCarenciaDias?: number;
  /**
   * Issue 52: a partner's look-ups of people (BUSCA_CLIENTE_RATE_MAX a minute,
   * BUSCA_CLIENTE_DIA_MAX a day), shared with the customer search.
   */
  lookups?: PersonCounter;
  /** Issue 52: adds a job in the caller's transaction (the CPF's crediting behind the answer). */
  enqueue?: (trx: Kysely<Database>, name: string, payload: object) => Promise<void>;
}

/** What a write inside the caller's transaction needs: the dialect, the webhook events, the queue. */
export type InTransaction = Pick<SalesDeps, 'dialect' | 'events' | 'enqueue'>;
