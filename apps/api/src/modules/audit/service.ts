import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { insertAudit, type AuditEntry } from './repository.js';

export type { AuditEntry };

/**
 * Records who changed what, with the values before and after (domain §10). Call it with the
 * transaction of the write, so the record and the change stand or fall together.
 */
export const recordAudit = (db: Kysely<Database>, entry: AuditEntry): Promise<void> => insertAudit(db, entry);
