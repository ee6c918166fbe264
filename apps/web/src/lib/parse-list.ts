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

/**
 * A list answer on the consumer's path, without zod (decision 016): the API validated every
 * item against the contract before sending, so the browser only checks the shape it can
 * afford — an array of objects; anything else is treated as empty, a non-object item left out.
 */
export function objectList<T extends object>(data: unknown): T[] {
  if (!Array.isArray(data)) return [];
  const out: T[] = [];
  for (const item of data as unknown[]) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) out.push(item as T);
  }
  return out;
}
