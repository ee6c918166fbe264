import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { VendaBody, VendasQuery } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
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
}

/** What a write inside the caller's transaction needs: the dialect and the webhook events. */
export type InTransaction = Pick<SalesDeps, 'dialect' | 'events'>;
