import { ROTULO_ACAO_AUDITADA, ROTULO_ENTIDADE_AUDITADA, ROTULO_LISTA_EXPORTADA } from '@praca/contract';

/** The audit log's entities as a person reads them (domain §10; the labels live in the contract). */
export const ENTITY_LABELS = ROTULO_ENTIDADE_AUDITADA;

const labelOf = (labels: Record<string, string>, value: string): string | undefined =>
  Object.hasOwn(labels, value) ? labels[value] : undefined;

/** `redefinir_senha` → `Redefinir senha`: the recorded word made readable, for one without a label. */
const readable = (word: string): string => {
  const text = word.replace(/[_-]/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** An entity's label ('apuracao' → 'Apuração'); one the screen does not know yet, made readable. */
export const entityLabel = (entidade: string): string =>
  labelOf(ROTULO_ENTIDADE_AUDITADA, entidade) ?? readable(entidade);

/** An action's label ('creditar_cpf' → 'Creditar CPF'). */
export const actionLabel = (acao: string): string => labelOf(ROTULO_ACAO_AUDITADA, acao) ?? readable(acao);

/** An exported list's label ('contestacoes' → 'Contestações'). */
export const listLabel = (lista: string): string => labelOf(ROTULO_LISTA_EXPORTADA, lista) ?? readable(lista);

/** The record an entry names: an export names its list, by its label. */
export const recordLabel = (a: { entidade: string; id_entidade: string }): string =>
  a.entidade === 'exportacao' && labelOf(ROTULO_LISTA_EXPORTADA, a.id_entidade)
    ? listLabel(a.id_entidade)
    : a.id_entidade;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A recorded value as text: '' for none, JSON for lists and objects. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One field of the before/after view. */
export interface FieldChange {
  campo: string;
  antes: unknown;
  depois: unknown;
  /** The value differs between before and after (only when both were recorded). */
  alterado: boolean;
}

/** What a before/after pair holds, for the details view. */
export type Changes =
  /** Both or one are objects: field by field, changed fields first, then in recorded order. */
  | { kind: 'fields'; hasBefore: boolean; hasAfter: boolean; fields: FieldChange[] }
  /** Something else (a list, a text): the two values as they are. */
  | { kind: 'values' }
  /** Nothing recorded on either side. */
  | { kind: 'none' };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The before/after pair of an entry, field by field when they are objects. */
export function changesOf(antes: unknown, depois: unknown): Changes {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(antes) && none(depois)) return { kind: 'none' };
  const objects = (isRecord(antes) || none(antes)) && (isRecord(depois) || none(depois));
  if (!objects) return { kind: 'values' };
  const before = isRecord(antes) ? antes : undefined;
  const after = isRecord(depois) ? depois : undefined;
  const names = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const fields = names.map((campo) => ({
    campo,
    antes: before?.[campo],
    depois: after?.[campo],
    alterado: before !== undefined && after !== undefined && !same(before[campo], after[campo]),
  }));
  // Changed fields first; the sort is stable, so each group keeps the recorded order.
  fields.sort((a, b) => Number(b.alterado) - Number(a.alterado));
  return { kind: 'fields', hasBefore: before !== undefined, hasAfter: after !== undefined, fields };
}
