import type { Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';

/** Who may do what with API keys and webhooks (issue 39, decision 050). A key's caller never may. */

/** Only partners make keys. */
export const mayMakeKeys: Rule = (u) => u.parceiro && !u.chave;

/** A key is made for one of the partner's own shops: an admin's reach over its city makes none. */
export const mayMakeKeyFor = (u: AuthUser, idEstabelecimento: number): boolean =>
  u.estabelecimentos.includes(idEstabelecimento);

/** Admins (their city), the super-admin (any) and partners (their own shops) register hooks. */
export const mayRegisterWebhooks: Rule = (u) => !u.chave && (u.admin || u.superadmin || u.parceiro);

/** A hook for a shop the caller runs: an admin's or the super-admin's, or the shop's partner's. */
export const mayHookShop = (u: AuthUser, idEstabelecimento: number): boolean =>
  u.admin || u.superadmin || u.estabelecimentos.includes(idEstabelecimento);

/** A whole city's events are the admins' alone (the city itself is checked as the admin screens'). */
export const mayHookCity = (u: AuthUser): boolean => u.admin || u.superadmin;

/** The hooks a caller sees: the super-admin all, an admin its city's, a partner its shops'. */
export type HookVisibility = { all: true } | { city: number } | { shops: number[] };

export function hookVisibility(u: AuthUser): HookVisibility {
  if (u.superadmin) return { all: true };
  if (u.admin) return { city: u.cod_cidade };
  return { shops: u.estabelecimentos };
}
