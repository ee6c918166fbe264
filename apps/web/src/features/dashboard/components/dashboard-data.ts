import type { CampanhaAdmin, DashboardVenda } from '@praca/contract';

/** Spec §9: the dashboard shows the first 25 characters of a shop's name. */
const SHOP_NAME_MAX = 25;

/** The first `max` characters (whole characters: an accent or emoji is never split). */
export function cutName(name: string, max = SHOP_NAME_MAX): string {
  const chars = Array.from(name.trim());
  return chars.length > max ? chars.slice(0, max).join('') : chars.join('');
}

export interface YearSales {
  ano: number;
  vendas: DashboardVenda[];
}

/** The sales grouped by year, newest year first; each year keeps the server's order. */
export function salesByYear(vendas: DashboardVenda[]): YearSales[] {
  const years = new Map<number, DashboardVenda[]>();
  for (const v of vendas) {
    const list = years.get(v.ano);
    if (list) list.push(v);
    else years.set(v.ano, [v]);
  }
  return [...years.entries()].sort(([a], [b]) => b - a).map(([ano, list]) => ({ ano, vendas: list }));
}

export interface AdBanners {
  top: CampanhaAdmin | null;
  bottom: CampanhaAdmin | null;
}

/**
 * The ad banners (spec §2): above, the first running or upcoming campaign that has a banner;
 * below, another one, or the same when it is the only one. None: no banner at all.
 */
export function adBanners(campanhas: CampanhaAdmin[]): AdBanners {
  const withBanner = campanhas.filter((c) => c.banner.trim() !== '');
  const top = withBanner[0] ?? null;
  return { top, bottom: withBanner[1] ?? top };
}
