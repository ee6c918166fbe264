import { ErroSchema } from '@praca/contract';

/** `{erro}` answers of a route, for its schema and the OpenAPI document. */
export function erros<C extends number>(...codes: C[]): Record<C, typeof ErroSchema> {
  return Object.fromEntries(codes.map((c) => [c, ErroSchema])) as Record<C, typeof ErroSchema>;
}

/** Routes that need `Authorization: Bearer <token>`. */
export const bearer = [{ bearerAuth: [] }];
