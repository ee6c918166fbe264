import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  EXPORTACAO_VALIDADE_HORAS,
  MSG_EXPORTACAO,
  type Exportacao,
  type ExportacaoCriada,
  type FormatoExportacao,
} from '@praca/contract';
import { transaction, isPostgresUrl } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { sqliteFile } from '../../db/url.js';
import type { Jobs, JobContext } from '../../jobs/index.js';
import { nowIso, today } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { LocalStore, type Store } from '../../lib/storage.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from '../cities/policy.js';
import type { Coluna } from './columns.js';
import * as repo from './repository.js';
import { exportInThread } from './thread.js';
import { LeitorFoiEmbora, MIME, writeExport, type Fonte, type Ganchos } from './writers.js';

/**
 * Exports of the admin lists (issue 39, decision 048). A list is declared once, with its
 * columns and where its rows come from; its route hands `?formato=` queries to `answer`:
 * - up to `imediataMax` rows, the file is streamed in the answer (200), page by page;
 * - past it, a background job (src/jobs) writes it to the store's private folder `exportacoes/`
 *   (lib/storage.ts: DATA_DIR, a shared directory or S3, so any instance serves its download,
 *   issue 54), and the answer is 202 `{id_exportacao}`; the caller follows the progress and
 *   downloads it.
 * Either way the export is recorded in the audit log: who, which list, filters, row count.
 */

/** An exportable list: its columns and its rows, under the list's own rules. */
export interface ListaExportavel<Q extends object, R> {
  /** Its name in the audit log and in a job ('vendas', 'estabelecimentos', ...). */
  lista: string;
  /** The sheet's name. */
  titulo: string;
  /** The file's name without the extension (ASCII); the day is appended. */
  arquivo(q: Q): string;
  colunas: readonly Coluna<R>[];
  /**
   * Lets the caller in as the list does (throwing its 400/403/404 before anything is written)
   * and answers where its rows come from, with the list's filters.
   */
  fonte(db: Kysely<Database>, user: AuthUser, q: Q): Promise<Fonte<R>>;
  /**
   * For the lists that grow with the city's sales: their jobs' rows are read and written in a
   * worker thread (thread.ts). The job answers the list's rules here, as the caller (`filtro`:
   * the same checks and 400/403/404 as `fonte`, answering plain data), and the worker reads the
   * rows from that filter with the `LinhasNaThread` it finds by the list's name in `modulo`, a
   * light module (kysely, the db types, the list's repository and presenter). Without it, a job
   * runs in the server's thread.
   */
  naThread?: { modulo: string; filtro(db: Kysely<Database>, user: AuthUser, q: Q): Promise<object> };
}

/** The filters an export records: the query without the format and the page. */
function filtersOf(q: object): Record<string, unknown> {
  const { formato: _f, pagina: _p, limite: _l, ...rest } = q as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
}

/** `attachment` with an ASCII name and its UTF-8 spelling. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** What the job carries: the export's row id. */
interface ExportJob {
  id_exportacao: number;
}

/** The caller as the list's rules (and a job) see them, and the request's address (audit). */
export interface Autor {
  user: AuthUser;
  ip: string;
}

const EXPORT_JOB = 'exportacao';

/**
 * What a `?formato=` query answers: the job that writes a large file (202), or the file itself,
 * a stream that ends when it is whole and is destroyed if the reader goes away (200).
 */
export type ExportAnswer =
  | { status: 202; body: ExportacaoCriada }
  | { status: 200; type: string; headers: Record<string, string>; body: PassThrough };

/** A count with no cap (a job's progress). */
const ALL_ROWS = 1e12;

export interface ExporterDeps {
  db: Kysely<Database>;
  /** The SQLite file's default folder, and `<dataDir>/tmp`, where this instance writes a file before storing it. */
  dataDir: string;
  /** Where finished files are kept, for every instance (`exportacoes/<name>`). */
  store: Store;
  /** The database a job's worker thread opens on its own (config.DATABASE_URL). */
  databaseUrl?: string;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  log: FastifyBaseLogger;
  /** Rows up to which an export is answered at once. */
  imediataMax: number;
}

// Lists are declared with their own query and row types; the registry keeps them erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyList = ListaExportavel<any, any>;

export class Exporter {
  readonly #lists = new Map<string, AnyList>();
  readonly #deps: ExporterDeps;

  constructor(deps: ExporterDeps) {
    this.#deps = deps;
    deps.jobs.define<ExportJob>(EXPORT_JOB, (job, ctx) => this.run(job.id_exportacao, ctx), {
      maxAttempts: 3,
      backoffMs: 5_000,
      // 2M sales as XLSX take about 4 minutes (bench/README.md): an hour before it counts as hung.
      expireSeconds: 60 * 60,
    });
  }

  /** This instance's own folder for the files being written (never read by another). */
  get scratchDir(): string {
    return path.join(this.#deps.dataDir, 'tmp');
  }

  /** Declares a list (at registration, so a job finds it on any instance). */
  list<Q extends object, R>(l: ListaExportavel<Q, R>): ListaExportavel<Q, R> {
    if (this.#lists.has(l.lista)) throw new Error(`exportação ${l.lista} declarada duas vezes`);
    this.#lists.set(l.lista, l);
    return l;
  }

  /**
   * Answers a list's `?formato=` query for `autor`: the file, streamed as it is written (200), or,
   * when large, the job (202). The route sends it as it is (plugins/exports.ts).
   */
  async answer<Q extends object, R>(
    autor: Autor,
    l: ListaExportavel<Q, R>,
    q: Q & { formato?: FormatoExportacao },
  ): Promise<ExportAnswer> {
    const { db, log, imediataMax } = this.#deps;
    const { user, ip } = autor;
    const formato = q.formato ?? 'csv';
    const fonte = await l.fonte(db, user, q);
    const nome = `${l.arquivo(q)}-${today()}.${formato}`;
    const total = await fonte.contar(imediataMax);
    if (total > imediataMax)
      return { status: 202, body: await this.#enqueue(user, ip, l, q, formato, nome, total) };

    const filtros = filtersOf(q);
    const out = new PassThrough();
    writeExport(formato, l.titulo, l.colunas, fonte, out, {
      antesDeFechar: (linhas) =>
        recordAudit(db, {
          id_usuario: user.id,
          acao: 'exportar',
          entidade: 'exportacao',
          id_entidade: l.lista,
          depois: { lista: l.lista, formato, filtros, linhas },
          ip,
        }),
    }).catch((err: unknown) => {
      if (!(err instanceof LeitorFoiEmbora)) log.error({ err, lista: l.lista }, 'exportação interrompida');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return { status: 200, type: MIME[formato], headers: fileHeaders(nome), body: out };
  }

  async #enqueue(
    user: AuthUser,
    ip: string,
    l: AnyList,
    q: object,
    formato: FormatoExportacao,
    nome: string,
    total: number,
  ): Promise<ExportacaoCriada> {
    const { db, jobs } = this.#deps;
    await this.sweep();
    const id = await transaction(db, async (trx) => {
      const id = await repo.insertExport(trx, {
        id_usuario: user.id,
        cod_cidade: user.cod_cidade,
        lista: l.lista,
        formato,
        filtros: JSON.stringify({ ...q, formato }),
        autor: JSON.stringify({ user, ip } satisfies Autor),
        total,
        nome_arquivo: nome,
        criada_em: nowIso(),
      });
      await jobs.enqueue<ExportJob>(trx, EXPORT_JOB, { id_exportacao: id });
      return id;
    });
    return { id_exportacao: id, situacao: 'pendente', total };
  }

  /**
   * The job: writes the file to a part file of this instance's (DATA_DIR/tmp), its progress in
   * the row every half second, then the audit entry, and stores it whole as
   * `exportacoes/<name>` (moved into place when the store is a folder on the same disk). A re-run
   * starts over; a run of a finished export does nothing.
   */
  async run(id: number, ctx: JobContext): Promise<void> {
    const { db, log, databaseUrl, dataDir, store } = this.#deps;
    const row = await repo.findExport(db, id);
    if (!row || row.situacao === 'pronta') return;
    const l = this.#lists.get(row.lista);
    if (!l) throw new Error(`exportação ${row.lista} desconhecida`);
    await repo.markRunning(db, id);
    const { user, ip } = JSON.parse(row.autor) as Autor;
    const q = JSON.parse(row.filtros) as object;
    fs.mkdirSync(this.scratchDir, { recursive: true });
    const file = `${id}-${randomToken(6).replace(/[^\w]/g, '')}.${row.formato}`;
    const part = path.join(this.scratchDir, `exportacao-${file}.parcial`);
    try {
      let shown = Date.now();
      const ganchos: Ganchos = {
        progresso: async (n) => {
          if (Date.now() - shown < 500) return;
          shown = Date.now();
          await repo.saveProgress(db, id, n);
        },
        antesDeFechar: (n) =>
          recordAudit(db, {
            id_usuario: user.id,
            acao: 'exportar',
            entidade: 'exportacao',
            id_entidade: id,
            depois: { lista: l.lista, formato: row.formato, filtros: filtersOf(q), linhas: n },
            ip,
          }),
      };
      const linhas = l.naThread
        ? await exportInThread(
            {
              modulo: l.naThread.modulo,
              lista: l.lista,
              formato: row.formato,
              filtro: await l.naThread.filtro(db, user, q),
              arquivo: part,
              sqliteFile: isPostgresUrl(databaseUrl) ? null : sqliteFile(databaseUrl, dataDir),
              databaseUrl,
            },
            // The request counted only up to the limit; the progress needs the whole count.
            { ...ganchos, total: (n) => repo.saveTotal(db, id, n) },
          )
        : await this.#inThisThread(id, l, user, q, row.formato, part, ganchos);
      await store.put(exportKey(file), { file: part, move: true }, MIME[row.formato]);
      fs.rmSync(part, { force: true });
      const concluida = nowIso();
      await repo.markDone(db, id, {
        linhas,
        arquivo: file,
        concluida_em: concluida,
        expira_em: new Date(Date.parse(concluida) + EXPORTACAO_VALIDADE_HORAS * 3_600_000).toISOString(),
      });
    } catch (err) {
      fs.rmSync(part, { force: true });
      log.error({ err, id_exportacao: id }, 'exportação falhou');
      if (!ctx.lastAttempt) throw err;
      await repo.markFailed(db, id, err instanceof HttpError ? err.erro : MSG_EXPORTACAO.falhou, nowIso());
    }
  }

  /** A job of a list without `naThread`, in the server's thread (lists bounded by a city's shops). */
  async #inThisThread(
    id: number,
    l: AnyList,
    user: AuthUser,
    q: object,
    formato: FormatoExportacao,
    part: string,
    ganchos: Ganchos,
  ): Promise<number> {
    const { db } = this.#deps;
    const fonte = await l.fonte(db, user, q);
    await repo.saveTotal(db, id, await fonte.contar(ALL_ROWS));
    const out = fs.createWriteStream(part);
    const linhas = await writeExport(formato, l.titulo, l.colunas, fonte, out, ganchos);
    await finished(out);
    return linhas;
  }

  /** Removes the files of expired exports (a hundred at a time, when a new one is asked for). */
  async sweep(now = nowIso()): Promise<void> {
    const { db } = this.#deps;
    for (const r of await repo.expiredFiles(db, now)) {
      if (r.arquivo) await this.#deps.store.delete(exportKey(r.arquivo));
      await repo.forgetFile(db, r.id_exportacao);
    }
  }

  /** The export, for whom asked for it or an admin of its city (404 none; 403 someone else). */
  async #readable(user: AuthUser, id: number): Promise<repo.ExportRow> {
    const row = await repo.findExport(this.#deps.db, id);
    if (!row) throw new HttpError(404, MSG_EXPORTACAO.naoEncontrada);
    const mine = row.id_usuario === user.id;
    if (!mine && !(user.admin && mayAdministerCity(user, row.cod_cidade)))
      throw new HttpError(403, MSG_EXPORTACAO.outraPessoa);
    return row;
  }

  /** `GET /v1/adm/exportacoes/{id}`. */
  async status(user: AuthUser, id: number): Promise<Exportacao> {
    return present(await this.#readable(user, id));
  }

  /**
   * `GET /v1/adm/exportacoes/{id}/arquivo`: the finished file (409 not yet, 410 expired or
   * failed), from the store, whichever instance wrote it: its path when the store is a folder
   * (sent through one buffer, download.ts), else its stream.
   */
  async file(user: AuthUser, id: number): Promise<ExportFile> {
    const row = await this.#readable(user, id);
    const shown = present(row);
    if (shown.situacao === 'expirada') {
      await this.sweep();
      throw new HttpError(410, MSG_EXPORTACAO.expirada);
    }
    if (shown.situacao === 'falha') throw new HttpError(410, MSG_EXPORTACAO.falhou);
    if (shown.situacao !== 'pronta' || !row.arquivo) throw new HttpError(409, MSG_EXPORTACAO.naoPronta);
    const key = exportKey(row.arquivo);
    const { store } = this.#deps;
    const base = { nome: row.nome_arquivo, mime: MIME[row.formato] };
    if (store instanceof LocalStore) {
      const file = store.pathOf(key);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) throw new HttpError(410, MSG_EXPORTACAO.expirada);
      return { ...base, size: stat.size, path: file };
    }
    const got = await store.get(key);
    if (!got) throw new HttpError(410, MSG_EXPORTACAO.expirada);
    return { ...base, size: got.size, body: got.body };
  }
}

/** A finished export's file: a path on this machine's disk, or a stream from the store. */
export type ExportFile = { nome: string; mime: string; size: number } & (
  { path: string; body?: undefined } | { body: Readable; path?: undefined }
);

/** The store's key of an export's file (the row keeps its name). */
const exportKey = (arquivo: string) => `exportacoes/${path.basename(arquivo)}`;

function present(r: repo.ExportRow, now = nowIso()): Exportacao {
  const expirada =
    r.situacao === 'pronta' && (r.arquivo === null || (r.expira_em !== null && r.expira_em < now));
  const situacao = expirada ? 'expirada' : r.situacao;
  const progresso =
    situacao === 'pronta' ? 100 : r.total > 0 ? Math.min(99, Math.floor((r.linhas * 100) / r.total)) : 0;
  return {
    id_exportacao: r.id_exportacao,
    lista: r.lista,
    formato: r.formato,
    situacao,
    linhas: r.linhas,
    total: r.total,
    progresso,
    nome_arquivo: r.nome_arquivo,
    criada_em: r.criada_em,
    concluida_em: r.concluida_em,
    expira_em: r.expira_em,
    url: situacao === 'pronta' ? `/v1/adm/exportacoes/${r.id_exportacao}/arquivo` : null,
    erro: r.erro,
  };
}

/** Download headers of a finished file. */
export const fileHeaders = (nome: string) => ({
  'content-disposition': disposition(nome),
  'cache-control': 'private, no-store',
});
