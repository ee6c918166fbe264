import type { ZodType } from 'zod';

/**
 * An API answer read with the contract's schema where a feature must decide what a malformed
 * one means (issue 51: features' api files parse answers here, never with their own safeParse).
 */

/** The answer as `schema` reads it, or null when it does not fit (a save whose echo is optional). */
export function answerOrNull<T>(schema: ZodType<T>, data: unknown): T | null {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The answer as `schema` reads it; when it does not fit, `invalid()` is thrown. */
export function answerOr<T>(schema: ZodType<T>, data: unknown, invalid: () => Error): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
