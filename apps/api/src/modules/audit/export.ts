import type { z } from 'zod';
import type { AuditoriaItem, AuditoriaQuery } from '@praca/contract';
import type { ListaExportavel } from '../exports/service.js';
import { AUDIT_ROWS } from './export-rows.js';
import { exportFilter } from './service.js';

/** The audit log's export; its large ones run in a worker thread that loads export-rows.ts. */
export const AUDIT_EXPORT: ListaExportavel<z.output<typeof AuditoriaQuery>, AuditoriaItem> = {
  lista: AUDIT_ROWS.lista,
  titulo: AUDIT_ROWS.titulo,
  arquivo: () => 'auditoria',
  colunas: AUDIT_ROWS.colunas,
  fonte: async (db, user, q) => AUDIT_ROWS.linhas(db, await exportFilter(db, user, q)),
  naThread: { modulo: AUDIT_ROWS.modulo, filtro: exportFilter },
};
