import { useState } from 'react';
import { useAdminCity } from '@/lib/admin-city';

/** What an admin list query needs besides its own filters. */
export interface AdminListPage {
  /** The admin city (0: none chosen). */
  codCidade: number;
  /** 1-based. */
  pagina: number;
}

/** The part of a list query's result the page rules read. */
interface PagedQuery {
  data?: { itens: readonly unknown[] } | undefined;
  isPlaceholderData: boolean;
}

/**
 * The admin city and the page of a city-scoped admin list (spec §2 Admin lists): another city
 * starts from its first page, and when the last item of a page goes away the page before is
 * shown. `useList` is the list's query hook, called with the city, the page and `filters`.
 */
export function useAdminList<P extends object, Q extends PagedQuery>(
  useList: (params: P & AdminListPage) => Q,
  filters: P,
) {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [pagina, setPagina] = useState(1);
  // Another city starts from its first page.
  const [listedCity, setListedCity] = useState(codCidade);
  if (listedCity !== codCidade) {
    setListedCity(codCidade);
    setPagina(1);
  }

  const query = useList({ ...filters, codCidade, pagina });
  // The last item of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  return { codCidade, canChoose, pagina, setPagina, query };
}
