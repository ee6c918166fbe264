import type { z } from 'zod';

/**
 * A list answer, item by item: an item that does not match the contract is left out instead
 * of failing the whole screen (spec §8: load failures are treated as empty).
 */
export function parseList<S extends z.ZodType>(schema: S, data: unknown): z.output<S>[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
