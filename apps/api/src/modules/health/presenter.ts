import { APP_VERSION, MSG_PRONTIDAO, type HealthSchema, type Prontidao } from '@praca/contract';
import type { z } from 'zod';

/** The health answer: up, on which database, in which version. */
export const presentHealth = (banco: string): z.input<typeof HealthSchema> => ({
  status: 'ok',
  banco,
  versao: APP_VERSION,
});

export type Checagem = Prontidao['checks']['banco'];

/** Readiness: every check, and on 503 the failing ones named in `erro`. */
export const presentReadiness = (checks: Prontidao['checks'], failing: readonly string[]): Prontidao =>
  failing.length === 0
    ? { status: 'ok', checks }
    : { status: 'indisponivel', erro: `${MSG_PRONTIDAO.naoPronto}: ${failing.join(', ')}`, checks };
