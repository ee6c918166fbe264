import type { Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';

interface ShopScope {
  id_estabelecimento: number;
  cod_cidade: number;
}

/** Reviews are moderated by partners and admins (anyone else gets 403). */
export const mayModerate: Rule = (u) => u.parceiro || u.admin || u.superadmin;

/**
 * Who may see and act on a shop's reviews (domain §3, §6): the super-admin anywhere, a
 * partner on the shops linked to it, an admin on the shops of its city.
 */
export function mayModerateShop(u: AuthUser, shop: ShopScope): boolean {
  if (u.superadmin) return true;
  if (u.parceiro && u.estabelecimentos.includes(shop.id_estabelecimento)) return true;
  return u.admin && shop.cod_cidade === u.cod_cidade;
}

/** The shops a moderator's list covers when no shop is named. */
export interface ModerationScope {
  /** Every city (super-admin), optionally narrowed to one. */
  all: boolean;
  codCidade?: number;
  shops: number[];
}

export function moderationScope(u: AuthUser, codCidade?: number): ModerationScope {
  if (u.superadmin) return { all: true, codCidade, shops: [] };
  return {
    all: false,
    codCidade: u.admin ? u.cod_cidade : undefined,
    shops: u.parceiro ? u.estabelecimentos : [],
  };
}
