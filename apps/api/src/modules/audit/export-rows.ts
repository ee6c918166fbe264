import type { AuditoriaItem } from '@praca/contract';
import { col } from '../exports/columns.js';
import { keysetPages } from '../exports/sources.js';
import type { LinhasNaThread } from '../exports/thread.js';
import { presentAuditEntry } from './presenter.js';
import { countForExport, exportAuthors, exportPage, type AuditFilter } from './repository.js';

/**
 * The audit log's rows as a file (issue 39, decision 048), from the filter its rules
 * (service.ts) answered. Its large exports run in a worker thread that loads this module:
 * kysely, the db types, the audit's repository and presenter.
 */

type A = AuditoriaItem;
const json = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** The audit log as a spreadsheet (issue 39): the columns of the screen, values as recorded (JSON). */
const AUDIT_COLUMNS = [
  col<A>('ID', 'id', (a) => a.id),
  col<A>('Data e hora', 'instante', (a) => a.criado_em, { largura: 18 }),
  col<A>('ID do autor', 'id', (a) => a.id_usuario),
  col<A>('Autor', 'texto', (a) => a.nome_usuario, { largura: 28 }),
  col<A>('E-mail do autor', 'texto', (a) => a.email_usuario, { largura: 28 }),
  col<A>('Ação', 'texto', (a) => a.acao),
  col<A>('Entidade', 'texto', (a) => a.entidade),
  col<A>('ID da entidade', 'texto', (a) => a.id_entidade),
  col<A>('Antes', 'texto', (a) => json(a.antes), { largura: 40 }),
  col<A>('Depois', 'texto', (a) => json(a.depois), { largura: 40 }),
  col<A>('IP', 'texto', (a) => a.ip),
] as const;

/** The entries of the filter, every one, by (criado_em, id). */
export const AUDIT_ROWS: LinhasNaThread<AuditFilter, A> = {
  lista: 'auditoria',
  titulo: 'Auditoria',
  colunas: AUDIT_COLUMNS,
  linhas: (db, f) => {
    // The authors matching the search, found once (by id, or a subquery when many).
    let authors: ReturnType<typeof exportAuthors> | undefined;
    const found = () => (authors ??= exportAuthors(db, f));
    return {
      contar: async (cap) => countForExport(db, f, await found(), cap),
      paginas: async function* () {
        const by = await found();
        for await (const page of keysetPages(
          (after: { criado_em: string; id: number } | undefined, size) => exportPage(db, f, by, after, size),
          (r) => ({ criado_em: r.criado_em, id: r.id }),
        ))
          yield page.map(presentAuditEntry);
      },
    };
  },
  modulo: import.meta.url,
};
