import { MSG, MSG_ADMIN, MSG_VENDA } from '@praca/contract';

/**
 * Unique violations of both dialects, by the name each reports: PostgreSQL the constraint or
 * index name, SQLite `table.column[, table.column]`.
 */
const KNOWN: Record<string, string> = {
  usuarios_email_uq: MSG.emailEmUso,
  'usuarios.email': MSG.emailEmUso,
  vendas_numero_uq: MSG_VENDA.numeroDuplicado,
  'vendas.id_estabelecimento, vendas.numero_venda': MSG_VENDA.numeroDuplicado,
  // Issue 53: a receipt's key reports once; a CNPJ belongs to one shop.
  vendas_chave_nfce_uq: MSG_VENDA.chaveJaInformada,
  'vendas.chave_nfce': MSG_VENDA.chaveJaInformada,
  estabelecimento_cnpjs_pkey: MSG_ADMIN.cnpjDeOutraLoja,
  'estabelecimento_cnpjs.cnpj': MSG_ADMIN.cnpjDeOutraLoja,
};

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The violated unique constraint (or '' when unnamed), or null when `err` is something else. */
export function uniqueViolation(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as DriverError;
  if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /constraint failed: (.+)$/.exec(String(e.message ?? ''));
    return m ? m[1].trim() : '';
  }
  return null;
}

/** The message for a unique violation: a known one says what is duplicated. */
export function uniqueViolationMessage(constraint: string): string {
  return KNOWN[constraint] ?? MSG.registroDuplicado;
}

/**
 * PostgreSQL's data exceptions (class 22: bad encoding, number out of range, …) mean input
 * slipped past validation: a 400, logged so the schema gets fixed.
 */
export function isDataException(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
