import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CPF_COMPROVACAO_FOTOS_DIAS,
  formatCpf,
  maskCpf,
  MSG,
  MSG_CPF_COMPROVACAO,
  textoCpfComprovacaoDecidida,
  tituloCpfComprovacaoDecidida,
  type CpfComprovacaoAdmin,
  type CpfComprovacaoBody,
  type CpfComprovacoesAdmQuery,
  type DecisaoCpfComprovacaoBody,
  type MinhaCpfComprovacao,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/types.js';
import { instantOnClock, now, nowIso, today } from '../../lib/clock.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import { HttpError } from '../../lib/errors.js';
import type { Store } from '../../lib/storage.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { recordInAdminCity, requestedAdminCity } from '../cities/admin-scope.js';
import { notifyPerson } from '../notifications/service.js';
import { pageWindow, type Page } from '../shared/admin.js';
import { proveCpf, type ProveCpfDeps } from '../users/cpf-identity.js';
import * as photos from './photos.js';
import { presentProof, presentProofAdmin } from './presenter.js';
import * as repo from './repository.js';
import * as users from '../users/service.js';

/**
 * Proof of a CPF by an admin (issue 52). A person whose account declares a CPF sends a photo of
 * a document and a selfie holding it; an admin of the account's city (the super-admin any)
 * approves it once, and the CPF becomes `comprovado` through `proveCpf` (users/cpf-identity.ts,
 * the one entry point of a proof, which also credits the CPF's waiting sales before the answer),
 * or refuses it with a reason. At most CPF_APROVACOES_DIA approvals per admin and day (São
 * Paulo's). The photos are private (photos.ts), each view is audited, and they are deleted
 * CPF_COMPROVACAO_FOTOS_DIAS after the decision (`removeDuePhotos`).
 */

export interface CpfComprovacaoDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  store: Store;
  cpf: CpfVault;
  /** The key the photos' links are signed with (kept in the database, every instance agrees). */
  linkKey: () => Promise<string>;
  /** The server's BASE_PATH (`/` or `/praca/`): the links' prefix. */
  basePath: string;
  /** CPF_APROVACOES_DIA. */
  approvalsPerDay: number;
  /** What `proveCpf` needs (the crediting of the CPF's waiting sales, the photo's reversals). */
  proof: ProveCpfDeps;
  log: FastifyBaseLogger;
}

type Body = z.output<typeof CpfComprovacaoBody>;
type Decision = z.output<typeof DecisaoCpfComprovacaoBody>;
type AdmQuery = z.output<typeof CpfComprovacoesAdmQuery>;

const digitsOf = (deps: Pick<CpfComprovacaoDeps, 'cpf'>, sealed: string): string =>
  sealed ? deps.cpf.open(sealed) : '';

/** `GET /v1/usuarios/cpf/comprovacao`: the account's CPF state and its latest proof. */
export async function mine(
  deps: Pick<CpfComprovacaoDeps, 'db' | 'cpf'>,
  user: AuthUser,
): Promise<MinhaCpfComprovacao> {
  const account = await repo.findAccount(deps.db, user.id);
  const latest = await repo.latestOf(deps.db, user.id);
  const cpf = account?.cpf_cifrado ? digitsOf(deps, account.cpf_cifrado) : '';
  return {
    // A CPF stored without a situation was typed by the person: declared.
    cpf_situacao: account?.cpf_busca ? account.cpf_situacao || 'declarado' : '',
    cpf: cpf ? maskCpf(cpf) : '',
    comprovacao: latest ? presentProof(latest) : null,
  };
}

/**
 * `POST /v1/usuarios/cpf/comprovacao`: 201 `{id_comprovacao, status: 'aberta'}`. 400 without a
 * declared CPF or with photos that are not the caller's own uploads; 409 when the CPF is proven
 * already or a proof is open. The uploads move to the proofs' private folder.
 */
export async function submit(
  deps: Pick<CpfComprovacaoDeps, 'db' | 'store' | 'log'>,
  user: AuthUser,
  body: Body,
  ip: string,
): Promise<{ id_comprovacao: number; status: 'aberta' }> {
  const { db, store } = deps;
  const account = await repo.findAccount(db, user.id);
  if (account?.cpf_situacao === 'comprovado') throw new HttpError(409, MSG_CPF_COMPROVACAO.jaComprovado);
  if (!account?.cpf_busca || !account.cpf_cifrado) throw new HttpError(400, MSG_CPF_COMPROVACAO.semCpf);
  if (await repo.hasOpen(db, user.id)) throw new HttpError(409, MSG_CPF_COMPROVACAO.jaAberta);
  if (body.imagem === body.selfie) throw new HttpError(400, MSG_CPF_COMPROVACAO.fotosIguais);
  // Another person's upload answers as an unknown one: nobody learns it exists.
  const uploads = [photos.uploadKey(body.imagem, user.id), photos.uploadKey(body.selfie, user.id)];
  for (const key of uploads) {
    if (key === null || !(await store.exists(key)))
      throw new HttpError(400, MSG_CPF_COMPROVACAO.fotoNaoEncontrada);
  }
  const moved: string[] = [];
  try {
    for (const key of uploads) {
      const to = await photos.moveUpload(store, user.id, key!);
      if (to === null) throw new HttpError(400, MSG_CPF_COMPROVACAO.fotoNaoEncontrada);
      moved.push(to);
    }
    const at = nowIso();
    const id = await transaction(db, async (trx) => {
      const idComprovacao = await repo.insertProof(trx, {
        id_usuario: user.id,
        cod_cidade: account.cod_cidade,
        cpf_busca: account.cpf_busca!,
        cpf_cifrado: account.cpf_cifrado!,
        imagem: moved[0]!,
        selfie: moved[1]!,
        criado_em: at,
      });
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'criar',
        entidade: 'cpf_comprovacao',
        id_entidade: idComprovacao,
        depois: { status: 'aberta', cod_cidade: account.cod_cidade },
        ip,
      });
      return idComprovacao;
    });
    return { id_comprovacao: id, status: 'aberta' };
  } catch (err) {
    await photos.deletePhotos(store, moved, deps.log);
    // Two proofs sent at once: the partial unique index lets one in.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_CPF_COMPROVACAO.jaAberta);
    throw err;
  }
}

/** A page of the city's proofs for an admin, with the photos' links made for that admin. */
export async function ofCity(
  deps: CpfComprovacaoDeps,
  user: AuthUser,
  q: AdmQuery,
): Promise<Page<CpfComprovacaoAdmin>> {
  const codCidade = requestedAdminCity(user, q);
  const page = await repo.listByCity(deps.db, { codCidade, status: q.status, ...pageWindow(q) });
  const key = await deps.linkKey();
  const expira = Math.floor(now().getTime() / 1000) + photos.LINK_MINUTES * 60;
  const expiram = new Date(expira * 1000).toISOString();
  return {
    total: page.total,
    itens: page.itens.map((r) => {
      const link = (foto: photos.Foto) =>
        photos.photoLink(key, deps.basePath, { id: r.id_comprovacao, foto, por: user.id, expira });
      const links = r.fotos_removidas_em ? null : { imagem: link('imagem'), selfie: link('selfie'), expiram };
      return presentProofAdmin(r, digitsOf(deps, r.cpf_cifrado), links);
    }),
  };
}

/**
 * `GET /v1/adm/cpf-comprovacoes/{id}/fotos/{foto}?por=&expira=&assinatura=`: a photo through a
 * link the list made for admin `por`. The link is the credential (an `<img>` sends no bearer
 * token): a wrong or expired signature is 403; the admin must still administer the proof's
 * city. Each view is audited under that admin.
 */
export async function photo(
  deps: CpfComprovacaoDeps,
  p: { id_comprovacao: number; foto: photos.Foto; por: number; expira: number; assinatura: string },
  ip: string,
): Promise<Buffer> {
  const key = await deps.linkKey();
  const parts = { id: p.id_comprovacao, foto: p.foto, por: p.por, expira: p.expira };
  if (!photos.linkValid(key, parts, p.assinatura, Math.floor(now().getTime() / 1000))) {
    throw new HttpError(403, MSG_CPF_COMPROVACAO.linkExpirado);
  }
  const admin = await repo.findAdmin(deps.db, p.por);
  const row = await deps.db
    .selectFrom('cpf_comprovacoes')
    .select(['cod_cidade', 'imagem', 'selfie', 'fotos_removidas_em'])
    .where('id_comprovacao', '=', p.id_comprovacao)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, MSG_CPF_COMPROVACAO.naoEncontrada);
  const stillAdmin =
    admin !== undefined &&
    admin.removido_em === null &&
    (admin.superadmin === 1 || (admin.admin === 1 && admin.cod_cidade === row.cod_cidade));
  if (!stillAdmin) throw new HttpError(403, MSG.semPermissao);
  const png = row.fotos_removidas_em
    ? null
    : await deps.store.read(p.foto === 'imagem' ? row.imagem : row.selfie);
  if (!png) throw new HttpError(404, MSG_CPF_COMPROVACAO.fotoRemovida);
  await recordAudit(deps.db, {
    id_usuario: p.por,
    acao: 'ver_foto',
    entidade: 'cpf_comprovacao',
    id_entidade: p.id_comprovacao,
    depois: { foto: p.foto },
    ip,
  });
  return png;
}

/** The start of today on the programme's clock (São Paulo), as an ISO instant. */
const startOfToday = (): string => instantOnClock(today()).toISOString();

/**
 * `POST /v1/adm/cpf-comprovacoes/{id}/decisao`: approves or refuses an open proof (a decided one
 * is 409). The decision is claimed in one transaction (the proof locked, the admin's day count
 * under a lock of the admin's row), so two approvals at once never both pass; an approval then
 * proves the CPF through `proveCpf` and answers after the CPF's waiting sales were credited. If
 * the proof itself fails (another account proved that CPF in between), the approval is undone
 * and its error answered.
 */
export async function decide(
  deps: CpfComprovacaoDeps,
  user: AuthUser,
  idComprovacao: number,
  body: Decision,
  ip: string,
): Promise<CpfComprovacaoAdmin> {
  const at = nowIso();
  const row = await transaction(deps.db, async (trx) => {
    const row = recordInAdminCity(
      user,
      await repo.lockProof(trx, deps.dialect, idComprovacao),
      MSG_CPF_COMPROVACAO.naoEncontrada,
    );
    if (row.status !== 'aberta') throw new HttpError(409, MSG_CPF_COMPROVACAO.jaDecidida);
    if (body.decisao === 'aprovada') {
      await users.lockPersonRow(trx, deps.dialect, user.id);
      if ((await repo.approvalsSince(trx, user.id, startOfToday())) >= deps.approvalsPerDay) {
        throw new HttpError(429, MSG_CPF_COMPROVACAO.limiteDiario(deps.approvalsPerDay));
      }
      const account = await repo.findAccount(trx, row.id_usuario);
      if (!account || account.removido_em !== null || account.cpf_busca !== row.cpf_busca) {
        throw new HttpError(409, MSG_CPF_COMPROVACAO.cpfMudou);
      }
      if (await repo.provenElsewhere(trx, row.cpf_busca, row.id_usuario)) {
        throw new HttpError(409, MSG_CPF_COMPROVACAO.cpfDeOutraConta);
      }
    }
    const done = await repo.decide(trx, idComprovacao, {
      status: body.decisao,
      at,
      por: user.id,
      motivo: body.motivo,
    });
    if (!done) throw new HttpError(409, MSG_CPF_COMPROVACAO.jaDecidida);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: body.decisao === 'aprovada' ? 'aprovar' : 'recusar',
      entidade: 'cpf_comprovacao',
      id_entidade: idComprovacao,
      antes: { status: row.status },
      depois: { status: body.decisao, motivo: body.motivo, id_usuario: row.id_usuario },
      ip,
    });
    if (body.decisao === 'recusada') await notifyDecision(trx, row.id_usuario, body);
    return row;
  });
  if (body.decisao === 'aprovada') {
    try {
      await proveCpf(deps.proof, {
        idUsuario: row.id_usuario,
        cpfBusca: row.cpf_busca,
        cpfCifrado: row.cpf_cifrado,
        via: 'foto',
        ip,
        at,
      });
    } catch (err) {
      await undoApproval(deps, user, row, err, ip);
      throw err;
    }
    await notifyDecision(deps.db, row.id_usuario, body);
  }
  const shown = await repo.findProof(deps.db, idComprovacao);
  if (!shown) throw new HttpError(404, MSG_CPF_COMPROVACAO.naoEncontrada);
  return presentProofAdmin(shown, digitsOf(deps, shown.cpf_cifrado), null);
}

function notifyDecision(db: Kysely<Database>, idUsuario: number, body: Decision): Promise<void> {
  return notifyPerson(db, idUsuario, {
    title: tituloCpfComprovacaoDecidida(body.decisao),
    body: textoCpfComprovacaoDecidida(body),
  });
}

/**
 * The proof failed after its approval was recorded: unless the account holds the CPF proven
 * anyway (the crediting failed after the proof committed), the proof opens again, audited.
 */
async function undoApproval(
  deps: CpfComprovacaoDeps,
  user: AuthUser,
  row: { id_comprovacao: number; id_usuario: number; cpf_busca: string },
  err: unknown,
  ip: string,
): Promise<void> {
  const account = await repo.findAccount(deps.db, row.id_usuario);
  if (account?.cpf_situacao === 'comprovado' && account.cpf_busca === row.cpf_busca) return;
  await transaction(deps.db, async (trx) => {
    if (!(await repo.reopen(trx, row.id_comprovacao))) return;
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'alterar',
      entidade: 'cpf_comprovacao',
      id_entidade: row.id_comprovacao,
      antes: { status: 'aprovada' },
      depois: { status: 'aberta', erro: err instanceof HttpError ? err.erro : 'erro inesperado' },
      ip,
    });
  });
}

/**
 * Deletes the photos of the proofs decided more than CPF_COMPROVACAO_FOTOS_DIAS ago (a hundred
 * per call) and records it. Re-runnable by any instance at any time: what is due is read from
 * the table, and only the instance whose update marked a proof audits it.
 */
export async function removeDuePhotos(
  deps: Pick<CpfComprovacaoDeps, 'db' | 'store' | 'log'>,
): Promise<number> {
  const at = now();
  const before = new Date(at.getTime() - CPF_COMPROVACAO_FOTOS_DIAS * 86_400_000).toISOString();
  let removed = 0;
  for (const r of await repo.photosDue(deps.db, before)) {
    if (!(await photos.deletePhotos(deps.store, [r.imagem, r.selfie], deps.log))) continue;
    await transaction(deps.db, async (trx) => {
      if (!(await repo.markPhotosRemoved(trx, r.id_comprovacao, at.toISOString()))) return;
      await recordAudit(trx, {
        id_usuario: null,
        acao: 'apagar_fotos',
        entidade: 'cpf_comprovacao',
        id_entidade: r.id_comprovacao,
        depois: { motivo: `${CPF_COMPROVACAO_FOTOS_DIAS} dias após a decisão` },
      });
      removed += 1;
    });
  }
  return removed;
}

/**
 * The person's proofs for their data export (LGPD art. 18): the decision, the CPF the photos
 * show, and the photos still kept (PNG as data URLs).
 */
export async function exportOf(
  deps: Pick<CpfComprovacaoDeps, 'db' | 'store' | 'cpf'>,
  idUsuario: number,
): Promise<unknown[]> {
  const rows = await repo.allOf(deps.db, idUsuario);
  const dataUrl = async (key: string): Promise<string | null> => {
    const png = await deps.store.read(key);
    return png ? `data:image/png;base64,${png.toString('base64')}` : null;
  };
  const out: unknown[] = [];
  for (const r of rows) {
    const kept = r.fotos_removidas_em === null;
    const cpf = digitsOf(deps, r.cpf_cifrado);
    out.push({
      id_comprovacao: r.id_comprovacao,
      cod_cidade: r.cod_cidade,
      cpf: cpf ? formatCpf(cpf) : '',
      status: r.status,
      motivo: r.motivo,
      criado_em: r.criado_em,
      decidido_em: r.decidido_em,
      fotos_removidas_em: r.fotos_removidas_em,
      foto_documento: kept ? await dataUrl(r.imagem) : null,
      foto_selfie: kept ? await dataUrl(r.selfie) : null,
    });
  }
  return out;
}

/**
 * In the removal's transaction (LGPD): an open proof is closed as refused, every proof forgets
 * the CPF, and the photos count as deleted (the caller deletes the files after the commit,
 * `photos.deletePhotosOf`).
 */
export async function forgetPerson(trx: Kysely<Database>, idUsuario: number, at: string): Promise<void> {
  await trx
    .updateTable('cpf_comprovacoes')
    .set({ status: 'recusada', motivo: 'Conta removida', decidido_em: at })
    .where('id_usuario', '=', idUsuario)
    .where('status', '=', 'aberta')
    .execute();
  await trx
    .updateTable('cpf_comprovacoes')
    .set({ cpf_busca: '', cpf_cifrado: '' })
    .where('id_usuario', '=', idUsuario)
    .execute();
  await trx
    .updateTable('cpf_comprovacoes')
    .set({ fotos_removidas_em: at })
    .where('id_usuario', '=', idUsuario)
    .where('fotos_removidas_em', 'is', null)
    .execute();
}
