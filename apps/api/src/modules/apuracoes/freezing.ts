import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_APURACAO,
  couponCode,
  type AgendarApuracaoBody,
  type Apuracao,
  type ReagendarApuracaoBody,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { lockCampaignDraws } from '../draws/service.js';
import { mayApurarInCity } from './policy.js';
import * as repo from './repository.js';
import { apuracaoOf, checkContestDay, publicRecord, type ApuracaoDeps } from './service.js';
import { APURACAO_CSV_FIRST_LINE, bilheteLine, titularDe } from './rule.js';

/** Eligible coupons read per query while freezing: memory stays bounded. */
const FREEZE_BATCH = 10_000;
/** Left-out numbers inserted per statement. */
const LEFT_OUT_BATCH = 500;

/** The data folder's subfolder of the ticket files. */
const FILES_DIR = 'apuracoes';

type Agendar = z.output<typeof AgendarApuracaoBody>;
type Reagendar = z.output<typeof ReagendarApuracaoBody>;

/**
 * Scheduling an apuração freezes its ticket file (issue 36); moving it keeps that file. The
 * module's overview is in service.ts.
 */

/**
 * Writes the ticket file of the campaign's coupons numbered up to `upTo` that are neither voided
 * nor drawn nor of a removed person, in number order (= série-número order), hashing the very
 * bytes written, and lists every number up to `upTo` that it leaves out. Answers the hash and
 * how many tickets it holds.
 */
async function writeTicketFile(
  trx: Kysely<Database>,
  file: fs.FileHandle,
  o: { idCampanha: number; idApuracao: number; upTo: number; secret: string },
): Promise<{ hash: string; qtd: number }> {
  const hash = createHash('sha256');
  let offset = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    for (let done = 0; done < bytes.length;) {
      done += (await file.write(bytes, done, bytes.length - done, offset + done)).bytesWritten;
    }
    offset += bytes.length;
  };

  let leftOut: number[] = [];
  const leaveOut = async (from: number, to: number) => {
    for (let n = from; n <= to; n++) {
      leftOut.push(n);
      if (leftOut.length >= LEFT_OUT_BATCH) {
        await repo.insertLeftOut(trx, o.idApuracao, leftOut);
        leftOut = [];
      }
    }
  };

  await write(APURACAO_CSV_FIRST_LINE);
  const titulares = new Map<number, string>();
  let qtd = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.frozenBatch(trx, o.idCampanha, after, o.upTo, FREEZE_BATCH);
    let text = '';
    for (const r of rows) {
      await leaveOut(after + 1, r.numero - 1);
      let titular = titulares.get(r.id_usuario);
      if (titular === undefined) {
        titular = titularDe(o.secret, o.idApuracao, r.id_usuario);
        titulares.set(r.id_usuario, titular);
      }
      const { serie, numero } = couponCode(r.numero);
      text += bilheteLine({ serie, numero, titular, id_estabelecimento: r.id_estabelecimento });
      qtd++;
      after = r.numero;
    }
    await write(text);
    if (rows.length < FREEZE_BATCH) break;
  }
  await leaveOut(after + 1, o.upTo);
  await repo.insertLeftOut(trx, o.idApuracao, leftOut);
  return { hash: hash.digest('hex'), qtd };
}

/**
 * `POST /v1/adm/apuracoes`: schedules an apuração and freezes its ticket file at this instant.
 * Order of the checks: unknown campaign 404, another city's 403, a past or impossible contest
 * day 400, no eligible coupon 409 (nothing stored, no file left). Sales go on: a coupon issued
 * later is numbered above `maior_numero` and is not in this file.
 */
export async function schedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  body: Agendar,
  ip: string,
): Promise<Apuracao> {
  const campaign = await repo.findCampaign(deps.db, body.id_campanha);
  if (!campaign) throw new HttpError(404, MSG_APURACAO.campanhaNaoEncontrada);
  if (!mayApurarInCity(user, campaign.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  checkContestDay(body.data_concurso);
  const secret = await deps.secret();

  const dir = path.join(deps.dataDir, FILES_DIR);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}.csv`);
  let placed: string | null = null;
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      await lockCampaignDraws(trx, deps.dialect, campaign.id_campanha);
      const upTo = await repo.highestNumber(trx, campaign.id_campanha);
      if (upTo === null) throw new HttpError(409, MSG_APURACAO.semBilhetes);
      const idApuracao = await repo.insertApuracao(trx, {
        id_campanha: campaign.id_campanha,
        concurso: body.concurso,
        data_concurso: body.data_concurso,
        qtd_premios: body.qtd_premios,
        mloja: body.mloja,
        musuario: body.musuario,
        criado_por: user.id,
        congelado_em: nowIso(),
      });
      const file = await fs.open(tmp, 'wx');
      let frozen: { hash: string; qtd: number };
      try {
        frozen = await writeTicketFile(trx, file, {
          idCampanha: campaign.id_campanha,
          idApuracao,
          upTo,
          secret,
        });
        if (frozen.qtd === 0) throw new HttpError(409, MSG_APURACAO.semBilhetes);
        await file.sync();
      } finally {
        await file.close();
      }
      const arquivo = `${FILES_DIR}/${idApuracao}.csv`;
      placed = path.join(deps.dataDir, arquivo);
      await fs.rename(tmp, placed);
      await syncDir(dir);
      const values = { hash_bilhetes: frozen.hash, qtd_bilhetes: frozen.qtd, maior_numero: upTo, arquivo };
      await repo.setFrozenFile(trx, idApuracao, values);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'agendar',
        entidade: 'apuracao',
        id_entidade: idApuracao,
        depois: { ...body, ...values },
        ip,
      });
      await deps.events?.emit(
        trx,
        'apuracao.agendada',
        { cod_cidade: campaign.cod_cidade, id_estabelecimento: null },
        {
          id_apuracao: idApuracao,
          id_campanha: campaign.id_campanha,
          concurso: body.concurso,
          data_concurso: body.data_concurso,
          qtd_premios: body.qtd_premios,
          qtd_bilhetes: frozen.qtd,
          hash_bilhetes: frozen.hash,
        },
      );
      return idApuracao;
    });
    return await publicRecord(deps, id);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    if (placed) await fs.rm(placed, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** The rename is durable once the folder's entry is. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// --- rescheduling ----------------------------------------------------------------------------

/**
 * `PATCH /v1/adm/apuracoes/{id}`: moves an apuração without a result to another contest
 * (recorded, audited, shown publicly). 404, 403, 409 once apurada, 400 for a past day.
 */
export async function reschedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Reagendar,
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  checkContestDay(body.data_concurso);
  const motivo = body.motivo ? body.motivo : null;
  await deps.db.transaction().execute(async (trx) => {
    const next = { concurso: body.concurso, data_concurso: body.data_concurso };
    if (!(await repo.reschedule(trx, id, next))) throw new HttpError(409, MSG_APURACAO.jaApurada);
    await repo.insertReschedule(trx, {
      id_apuracao: id,
      concurso_anterior: a.concurso,
      data_anterior: a.data_concurso,
      ...next,
      motivo,
      por: user.id,
    });
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'reagendar',
      entidade: 'apuracao',
      id_entidade: id,
      antes: { concurso: a.concurso, data_concurso: a.data_concurso },
      depois: { ...next, motivo },
      ip,
    });
  });
  return publicRecord(deps, id);
}
