import type { AuditoriaItem } from '@praca/contract';
import type { listAudit } from './repository.js';

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

/** A recorded value as it was written (JSON), or the text itself if it is not JSON. */
function parsed(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** An audit entry, field by field; the values before and after as they were written. */
export const presentAuditEntry = (r: AuditRow): AuditoriaItem => ({
  id: r.id,
  criado_em: r.criado_em,
  id_usuario: r.id_usuario,
  nome_usuario: r.nome_usuario,
  email_usuario: r.email_usuario ?? '',
  acao: r.acao,
  entidade: r.entidade,
  id_entidade: r.id_entidade,
  antes: parsed(r.antes),
  depois: parsed(r.depois),
  ip: r.ip,
});
