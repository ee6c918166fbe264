import { sql } from 'kysely';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  MSG_ADMIN,
  MSG_IMPORTACAO,
  type ErroImportacao,
  type ImportacaoRecusada,
  type ImportacaoResposta,
  type ImportMode,
} from '@praca/contract';
import { transaction } from '../../db/index.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { findCity } from '../cities/service.js';
import type { AdminDeps } from '../shared/admin.js';
import type { ReadLimits, ReadTable } from './file-reader.js';
import { withCityImportLock } from './lock.js';
import { readTableInThread } from './read-thread.js';
import { dupKey, type CheckedRow, type ImportContext, type ImportKind, type RawRow } from './kind.js';

/**
 * Imports (issue 39, decision 049): a file is read into a table, its first row names the
 * columns, each data row is checked by the kind (establishments, tourism items), and then:
 * `previa` answers the first rows as they will be stored and every error; `tudo` stores every
 * row in one transaction, or nothing when any row has an error (422); `validas` stores the
 * valid rows in one transaction and reports the others. A stored import leaves one audit
 * entry (who, which file, how many rows, the new ids).
 */

export interface Upload {
  arquivo: string;
  conteudo: Buffer;
}

export interface ImportOutcome {
  status: 200 | 201 | 422;
  body: ImportacaoResposta | ImportacaoRecusada;
  /** The cities whose cached consumer lists changed. */
  cidades: number[];
}

/** A namespace for PostgreSQL advisory locks taken by imports ('impo' in ASCII). */
const IMPORT_LOCK_NAMESPACE = 0x696d706f;

/** A column name as compared: lower case, without accents, words joined by `_`. */
const headerKey = (h: string) =>
  dupKey(h)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

interface Mapped {
  rows: RawRow[];
  colunas: string[];
  ignoradas: string[];
  erros: ErroImportacao[];
}

/** The file's columns by the kind's names (or their aliases); unknown ones are left out. */
function mapColumns<P>(table: ReadTable, kind: ImportKind<P>): Mapped {
  const known = new Set(kind.colunas.map((c) => c.nome));
  const index = new Map<string, number>();
  const ignoradas: string[] = [];
  const erros: ErroImportacao[] = [];
  table.cabecalho.forEach((raw, i) => {
    if (raw === '') return;
    const key = headerKey(raw);
    const nome = known.has(key) ? key : kind.aliases[key];
    if (nome === undefined) {
      ignoradas.push(raw);
      return;
    }
    if (index.has(nome)) {
      erros.push({
        linha: 1,
        coluna: nome,
        mensagem: MSG_IMPORTACAO.colunaRepetida.replace('{coluna}', raw),
      });
      return;
    }
    index.set(nome, i);
  });
  for (const c of kind.colunas) {
    if (c.obrigatoria && !index.has(c.nome)) {
      erros.push({
        linha: 1,
        coluna: c.nome,
        mensagem: MSG_IMPORTACAO.colunaObrigatoria.replace('{coluna}', c.nome),
      });
    }
  }
  const cols = [...index.entries()];
  const rows = table.linhas.map((l) => {
    const valores: RawRow['valores'] = {};
    for (const c of kind.colunas) valores[c.nome] = '';
    for (const [nome, i] of cols) valores[nome] = l.celulas[i] ?? '';
    return { linha: l.linha, valores };
  });
  return { rows, colunas: cols.map(([nome]) => nome), ignoradas, erros };
}

/** Ids as ranges (`101-20100,20105`), for the audit entry. */
function idRanges(ids: number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

function answer<P>(
  base: Omit<ImportacaoResposta, 'validas' | 'invalidas' | 'linhas' | 'erros' | 'erros_omitidos'>,
  checked: CheckedRow<P>[],
  fileErrors: ErroImportacao[],
): ImportacaoResposta {
  const all: ErroImportacao[] = [...fileErrors];
  for (const r of checked) for (const e of r.erros) all.push({ linha: r.linha, ...e });
  const invalid = fileErrors.length > 0 ? base.total : checked.filter((r) => r.erros.length > 0).length;
  return {
    ...base,
    validas: base.total - invalid,
    invalidas: invalid,
    linhas: checked
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((r) => ({ linha: r.linha, valida: r.erros.length === 0, dados: r.dados })),
    erros: all.slice(0, IMPORT_MAX_ERRORS),
    erros_omitidos: Math.max(0, all.length - IMPORT_MAX_ERRORS),
  };
}

export async function runImport<P>(
  deps: AdminDeps,
  user: AuthUser,
  kind: ImportKind<P>,
  modo: ImportMode,
  city: { cod_cidade?: number; codcidade?: number },
  upload: Upload,
  ip: string,
  limits: ReadLimits,
): Promise<ImportOutcome> {
  const codCidade = requestedAdminCity(user, city);
  const cidade = await findCity(deps.db, codCidade);
  if (!cidade) throw new HttpError(400, MSG_ADMIN.cidadeNaoEncontrada);
  // Issue 52: one import of a city at a time (409), its file read in a worker thread.
  return withCityImportLock(deps.db, codCidade, () =>
    importLocked(deps, user, kind, modo, { codCidade, cidade }, upload, ip, limits),
  );
}

async function importLocked<P>(
  deps: AdminDeps,
  user: AuthUser,
  kind: ImportKind<P>,
  modo: ImportMode,
  { codCidade, cidade }: { codCidade: number; cidade: { cidade: string; uf: string } },
  upload: Upload,
  ip: string,
  limits: ReadLimits,
): Promise<ImportOutcome> {
  const table = await readTableInThread({
    file: new Uint8Array(upload.conteudo),
    limits,
    tooLarge: MSG_IMPORTACAO.descompactadoGrande.replace(
      '{mb}',
      (limits.maxInflatedBytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
    ),
  });
  const mapped = mapColumns(table, kind);
  if (mapped.rows.length === 0) throw new HttpError(400, MSG_IMPORTACAO.arquivoVazio);
  const ctx: ImportContext = {
    codCidade,
    cidade: cidade.cidade,
    uf: cidade.uf,
    basePath: deps.basePath,
    dialect: deps.dialect,
  };
  const base = {
    modo,
    arquivo: upload.arquivo,
    formato: table.formato,
    cod_cidade: codCidade,
    total: mapped.rows.length,
    importadas: 0,
    ids: [] as number[],
    colunas: mapped.colunas,
    colunas_ignoradas: mapped.ignoradas,
  };
  const refuse = (body: ImportacaoResposta, erro: string): ImportOutcome => ({
    status: 422,
    body: { ...body, erro },
    cidades: [],
  });

  if (mapped.erros.length > 0) {
    const body = answer(base, [], mapped.erros);
    return modo === 'previa'
      ? { status: 200, body, cidades: [] }
      : refuse(body, MSG_IMPORTACAO.comErros.replace('{n}', String(body.invalidas)));
  }
  if (modo === 'previa') {
    return { status: 200, body: answer(base, await kind.check(deps.db, ctx, mapped.rows), []), cidades: [] };
  }

  // Checked again inside the transaction that stores, so what is stored is what was checked.
  return transaction(deps.db, async (trx) => {
    if (deps.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}::int4, ${codCidade}::int4)`.execute(
        trx,
      );
    }
    const checked = await kind.check(trx, ctx, mapped.rows);
    const valid = checked.filter((r) => r.plan !== undefined);
    const preview = answer(base, checked, []);
    if (modo === 'tudo' && valid.length < checked.length) {
      return refuse(preview, MSG_IMPORTACAO.comErros.replace('{n}', String(preview.invalidas)));
    }
    if (valid.length === 0) return refuse(preview, MSG_IMPORTACAO.nenhumaValida);
    const ids = await kind.store(
      trx,
      ctx,
      valid.map((r) => r.plan as P),
    );
    const faixas = idRanges(ids);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'importar',
      entidade: kind.entidade,
      id_entidade: faixas.length > 60 ? `${faixas.slice(0, 59)}…` : faixas,
      depois: {
        arquivo: upload.arquivo,
        formato: table.formato,
        modo,
        cod_cidade: codCidade,
        linhas: checked.length,
        importadas: ids.length,
        ignoradas: checked.length - ids.length,
        ids: faixas,
      },
      ip,
    });
    return {
      status: 201,
      body: { ...preview, importadas: ids.length, ids },
      cidades: [codCidade],
    };
  });
}
