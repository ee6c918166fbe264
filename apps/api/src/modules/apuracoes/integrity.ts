import { createHash } from 'node:crypto';
import { MSG_APURACAO, type Apuracao } from '@praca/contract';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { notifyPerson } from '../notifications/service.js';
import { suspensionMail } from './mail.js';
import * as repo from './repository.js';
import { BilhetesFileReader, type Bilhetes } from './rule.js';
import { apuracaoOf, present, type ApuracaoDeps } from './service.js';
import { transaction } from '../../db/index.js';

/**
 * The stored ticket file against its published hash (issue 49). A file edited on the disk or
 * in the bucket must never be served or decided under the original hash: the server rehashes
 * it before every result and whenever the store's signature of it (size and modification time,
 * or ETag) differs from the last check — not on every download of 80 MB. On a mismatch the
 * apuração is suspended (status 'suspensa'), the CSV answers 503, a result 409, and the city's
 * admins are alerted; an admin restores it by uploading a file with the very same SHA-256 (an
 * auditor's copy, a backup).
 */

/** Reads the stored file whole, hashing it: its tickets, or null when missing or not the one published. */
async function readStored(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Bilhetes | null> {
  try {
    const got = await deps.store.get(a.arquivo);
    if (!got) return null;
    const reader = new BilhetesFileReader();
    for await (const chunk of got.body) reader.feed(chunk as Buffer);
    const { hash, bilhetes } = reader.end();
    return hash === a.hash_bilhetes ? bilhetes : null;
  } catch (err) {
    deps.log.warn({ err, id_apuracao: a.id_apuracao }, 'arquivo de bilhetes ilegível');
    return null;
  }
}

/** Suspends the apuração (once) and tells the city's admins. */
async function suspend(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<void> {
  deps.log.error(
    { id_apuracao: a.id_apuracao, arquivo: a.arquivo, hash_bilhetes: a.hash_bilhetes },
    'apuração suspensa: o arquivo de bilhetes guardado não confere com o hash publicado',
  );
  if (!(await repo.suspend(deps.db, a.id_apuracao, nowIso()))) return;
  const admins = await repo.adminsOf(deps.db, a.cod_cidade);
  const words = {
    title: 'Apuração suspensa',
    body: `O arquivo de bilhetes da apuração nº ${a.id_apuracao} (${a.den_campanha}) não confere com o hash publicado. Restaure-o com uma cópia de mesmo SHA-256.`,
  };
  for (const admin of admins) {
    await notifyPerson(deps.db, admin.id_usuario, words).catch((err: unknown) =>
      deps.log.error({ err, id_usuario: admin.id_usuario }, 'alerta de apuração suspensa não registrado'),
    );
    if (admin.email) {
      await deps.mailer
        .sendMail(
          suspensionMail({
            to: admin.email,
            id: a.id_apuracao,
            campanha: a.den_campanha,
            siteUrl: deps.siteUrl,
          }),
        )
        .catch((err: unknown) => deps.log.error({ err }, 'e-mail de apuração suspensa não enviado'));
    }
  }
}

/**
 * The tickets of the stored file, checked whole against the published hash (before a result):
 * a mismatch suspends the apuração and answers 409.
 */
export async function verifiedTickets(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Bilhetes> {
  if (a.suspensa_em !== null) throw new HttpError(409, MSG_APURACAO.arquivoNaoConfere);
  const bilhetes = await readStored(deps, a);
  if (!bilhetes) {
    await suspend(deps, a);
    throw new HttpError(409, MSG_APURACAO.arquivoNaoConfere);
  }
  await repo.setSignature(deps.db, a.id_apuracao, await deps.store.signature(a.arquivo));
  return bilhetes;
}

/**
 * Whether the stored file is still the one published, rehashing it only when the store's
 * signature changed since the last check; a mismatch suspends the apuração.
 */
export async function fileMatches(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<boolean> {
  const sig = await deps.store.signature(a.arquivo);
  if (sig !== null && sig === a.arquivo_assinatura) return true;
  if (sig !== null && (await readStored(deps, a))) {
    await repo.setSignature(deps.db, a.id_apuracao, sig);
    return true;
  }
  await suspend(deps, a);
  return false;
}

/**
 * `PUT /v1/adm/apuracoes/{id}/bilhetes.csv`: an admin brings a suspended apuração back with a
 * file whose SHA-256 is the published hash (400 otherwise); on one not suspended it only stores
 * the very same bytes again.
 */
export async function restoreFile(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  upload: { body: unknown; contentType: string },
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  const body = upload.body;
  if (upload.contentType !== 'text/csv' || !Buffer.isBuffer(body)) {
    throw new HttpError(400, MSG_APURACAO.restauroTipo);
  }
  if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
  const hash = createHash('sha256').update(body).digest('hex');
  if (hash !== a.hash_bilhetes) throw new HttpError(400, MSG_APURACAO.restauroNaoConfere);
  // The same bytes as published: stored again whether or not the apuração was suspended.
  await deps.store.put(a.arquivo, body, 'text/csv; charset=utf-8');
  await transaction(deps.db, async (trx) => {
    await repo.unsuspend(trx, id, await deps.store.signature(a.arquivo));
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'restaurar_bilhetes',
      entidade: 'apuracao',
      id_entidade: id,
      depois: { hash_bilhetes: hash, bytes: body.length },
      ip,
    });
  });
  const restored = await repo.findApuracao(deps.db, id);
  return present(deps, restored ?? a);
}
