import type { z } from 'zod';
import type { AuditoriaItem, AuditoriaQuery } from '@praca/contract';
import { col } from '../exports/columns.js';
import type { ListaExportavel } from '../exports/service.js';
import { exportSource } from './service.js';

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

/** The audit log's export; its large ones run in a worker thread that loads this module. */
export const AUDIT_EXPORT: ListaExportavel<z.output<typeof AuditoriaQuery>, A> = {
  lista: 'auditoria',
  titulo: 'Auditoria',
  arquivo: () => 'auditoria',
  colunas: AUDIT_COLUMNS,
  fonte: exportSource,
  modulo: import.meta.url,
};
