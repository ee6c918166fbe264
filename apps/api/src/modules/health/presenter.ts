import { APP_VERSION, type HealthSchema } from '@praca/contract';
import type { z } from 'zod';

/** The health answer: up, on which database, in which version. */
export const presentHealth = (banco: string): z.input<typeof HealthSchema> => ({
  status: 'ok',
  banco,
  versao: APP_VERSION,
});
