import type { Sessao } from '@praca/contract';
import { isAdmin, isLoggedIn, isPartner } from '@/lib/session';

/** The bottom tab bar's height above the safe area; the layout pads the page by as much. */
export const TAB_BAR_HEIGHT = 64;

/** The bar is for consumers: a partner's or an admin's work lives in their menus. */
export const isConsumer = (session: Sessao | null): boolean =>
  isLoggedIn(session) && !isPartner(session) && !isAdmin(session);
