import { ErroSchema } from '@praca/contract';

/** `{erro}` answers of a route, for its schema and the OpenAPI document. */
export function erros<C extends number>(...codes: C[]): Record<C, typeof ErroSchema> {
  return Object.fromEntries(codes.map((c) => [c, ErroSchema])) as Record<C, typeof ErroSchema>;
}

/** Routes that need `Authorization: Bearer <token>`. */
export const bearer = [{ bearerAuth: [] }];

/** Routes that take a session or a shop's API key (issue 39), both as `Authorization: Bearer`. */
export const bearerOrKey: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { chaveApi: [] }];
