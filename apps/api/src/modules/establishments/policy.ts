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

// ── Admin screens (issue 5; spec §6, domain §3) ──────────────────────────────

/** Creating and deleting shops is the super-admin's alone. */
export const mayCreateOrDeleteShops: Rule = (u) => u.superadmin;

/** Fields only the super-admin may change (spec §6: category, city, active flags, photos). */
export const SUPERADMIN_ONLY_FIELDS = [
  'id_categoria',
  'cod_cidade',
  'ind_ativo',
  'ies_campanha',
  'url_foto',
  'url_logo',
] as const;

export const mayEditRestrictedShopFields: Rule = (u) => u.superadmin;

/**
 * The shops an admin linked to shops is limited to (domain §3: "where it is linked to
 * establishments, only those"); undefined when not limited (super-admin, unlinked admin).
 */
export const adminShopLimit = (u: AuthUser): number[] | undefined =>
  !u.superadmin && u.estabelecimentos.length > 0 ? u.estabelecimentos : undefined;

/**
 * Who may read and edit a shop in the admin screens: the super-admin anywhere, an admin on
 * the shops of its city (only its linked ones when it has any).
 */
export function mayAdministerShop(u: AuthUser, shop: ShopScope): boolean {
  if (u.superadmin) return true;
  if (!u.admin || shop.cod_cidade !== u.cod_cidade) return false;
  const limit = adminShopLimit(u);
  return limit === undefined || limit.includes(shop.id_estabelecimento);
}

/**
 * The city an admin list shows (spec §6): the super-admin's chosen one (its own when none),
 * the admin's own city. Null when an admin asks for another city.
 */
export function adminListCity(u: AuthUser, requested: number | undefined): number | null {
  if (u.superadmin) return requested ?? u.cod_cidade;
  if (requested !== undefined && requested !== u.cod_cidade) return null;
  return u.cod_cidade;
}

// ── The partner's own shops (issue 35) ───────────────────────────────────────

/** The partner's own-shop routes are for partners; admins have their editor. */
export const isPartner: Rule = (u) => u.parceiro;

/**
 * Which shops a partner keeps (contacts, address, pictures, sellers): those linked to it,
 * never another, whatever else the person is.
 */
export const mayKeepOwnShop = (u: AuthUser, idEstabelecimento: number): boolean =>
  u.parceiro && u.estabelecimentos.includes(idEstabelecimento);
