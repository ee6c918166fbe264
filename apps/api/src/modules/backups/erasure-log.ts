import type { Store } from '../../lib/storage.js';

/**
 * The erasure log (issue 54): who was removed under the LGPD, and when, kept where a restore
 * does not reach — the private backup store (BACKUP_STORAGE_URL), one small object per removal
 * (`remocoes/<instant>-<id_usuario>.json`: the id and the instant, no personal value). A
 * database restored from last night's backup would bring back the people removed today; the
 * restore replays this log (restore.ts), so they stay removed.
 *
 * A removal enqueues ERASURE_LOG_JOB in its own transaction (account/service.ts): the entry is
 * written if and only if the removal committed, retried until it is.
 */

export const ERASURE_LOG_JOB = 'registro-remocao';

export interface ErasureEntry {
  id_usuario: number;
  removido_em: string;
}

const FOLDER = 'remocoes';

const stamp = (iso: string) => iso.replace(/[-:.]/g, '');

/** Writes one removal to the log (the same removal twice writes the same object). */
export async function logErasure(store: Store, e: ErasureEntry): Promise<void> {
  const body = Buffer.from(JSON.stringify({ id_usuario: e.id_usuario, removido_em: e.removido_em }));
  await store.put(`${FOLDER}/${stamp(e.removido_em)}-${e.id_usuario}.json`, body, 'application/json');
}

/** Every removal of the log, oldest first; an unreadable entry is an error (never skipped). */
export async function readErasureLog(store: Store): Promise<ErasureEntry[]> {
  const out: ErasureEntry[] = [];
  for (const key of (await store.list(`${FOLDER}/`)).sort()) {
    const raw = await store.read(key);
    if (!raw) continue;
    const e = JSON.parse(raw.toString('utf8')) as Partial<ErasureEntry>;
    if (!Number.isSafeInteger(e.id_usuario) || typeof e.removido_em !== 'string') {
      throw new Error(`registro de remoção ilegível: ${key}`);
    }
    out.push({ id_usuario: e.id_usuario!, removido_em: e.removido_em });
  }
  return out.sort((a, b) => a.removido_em.localeCompare(b.removido_em));
}
