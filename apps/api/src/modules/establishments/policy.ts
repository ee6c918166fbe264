import type { Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';

export interface ShopScope {
  id_estabelecimento: number;
  cod_cidade: number;
}

/** Partners, admins and super-admins run shops; consumers get 403. */
export const mayRunShops: Rule = (u) => u.parceiro || u.admin || u.superadmin;

/**
 * Who may act on a shop's sellers and sales (domain §3): the super-admin anywhere, a partner
 * on the shops linked to it, an admin on the shops of its city.
 */
export function mayRunShop(u: AuthUser, shop: ShopScope): boolean {
  if (u.superadmin) return true;
  if (u.parceiro && u.estabelecimentos.includes(shop.id_estabelecimento)) return true;
  return u.admin && shop.cod_cidade === u.cod_cidade;
}
