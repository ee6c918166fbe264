import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { parseDias, parseReferencia, type Calendario } from './calendario.js';

/**
 * The apurações' settings (issue 49), read once from the configuration. The calendar's anchor
 * and the auditors come from the environment or, when it is silent, from `configuracoes`
 * (`loteria_federal_referencia`, `apuracao_auditores`: the demo data sets both), so a demo
 * programme runs with no variable while a city's deployment states its own.
 */
export interface ApuracaoSettings {
  /** `HH:MM`, America/Sao_Paulo: the contest's instant on its day. */
  hora: string;
  /** Minutes before the contest's instant: the last moment to schedule or move it. */
  antecedenciaMin: number;
  dias: number[];
  referencia: string | undefined;
  auditores: string;
  /** Caixa's result page, a template with `{concurso}`. */
  resultadoUrl: string | undefined;
  vendaRetroativaDias: number;
  /** `${PUBLIC_URL}${BASE_PATH}`: the ticket file's full address in the edital and the ata. */
  siteUrl: string;
}

export const REFERENCIA_KEY = 'loteria_federal_referencia';
export const AUDITORES_KEY = 'apuracao_auditores';

export function settingsFrom(c: Config): ApuracaoSettings {
  return {
    hora: c.APURACAO_HORA_CONCURSO,
    antecedenciaMin: c.APURACAO_ANTECEDENCIA_MINUTOS,
    dias: parseDias(c.LOTERIA_FEDERAL_DIAS),
    referencia: c.LOTERIA_FEDERAL_REFERENCIA,
    auditores: c.APURACAO_AUDITORES,
    resultadoUrl: c.LOTERIA_FEDERAL_RESULTADO_URL,
    vendaRetroativaDias: c.VENDA_RETROATIVA_DIAS,
    siteUrl: `${c.publicUrl}${c.BASE_PATH}`,
  };
}

async function stored(db: Kysely<Database>, chave: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('configuracoes')
    .select('valor')
    .where('chave', '=', chave)
    .executeTakeFirst();
  return r?.valor;
}

/** The calendar of contest numbers, or null when no anchor is set. */
export async function calendarioOf(db: Kysely<Database>, s: ApuracaoSettings): Promise<Calendario | null> {
  const ref = parseReferencia(s.referencia ?? (await stored(db, REFERENCIA_KEY)) ?? '');
  return ref && { ...ref, dias: s.dias };
}

/** The auditors' e-mails, lower case, without repeats. */
export async function auditoresOf(db: Kysely<Database>, s: ApuracaoSettings): Promise<string[]> {
  const text = s.auditores.trim() !== '' ? s.auditores : ((await stored(db, AUDITORES_KEY)) ?? '');
  return [
    ...new Set(
      text
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => /^[^\s@]+@[^\s@]+$/.test(e)),
    ),
  ];
}

/** Caixa's official result of contest `n`, when the template is set. */
export const resultadoOficial = (s: ApuracaoSettings, n: number): string | null =>
  s.resultadoUrl ? s.resultadoUrl.replaceAll('{concurso}', String(n)) : null;
