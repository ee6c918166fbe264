import { useEstabelecimentos } from '@/lib/api/get-estabelecimentos';
import { useAdminCity } from '@/lib/admin-city';
import type { Sessao } from '@praca/contract';

export type SalesMode = 'parceiro' | 'admin';

interface Shop {
  id: number;
  nome: string;
}

export interface ShopChoice {
  shops: Shop[];
  /** The admin must first choose a city in the top navigation. */
  needsCity: boolean;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

/** The shops of the session's map (id → name), by name. */
function sessionShops(session: Pick<Sessao, 'estabelecimentos'> | null): Shop[] {
  return Object.entries(session?.estabelecimentos ?? {})
    .map(([id, nome]) => ({ id: Number(id), nome }))
    .filter((s) => Number.isInteger(s.id) && s.id > 0)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/**
 * Which shops the sales screen can show. A partner: the shops linked to it (session). An
 * admin linked to shops: those. Any other admin, and the super-admin: the active shops of the
 * admin city (GET /v1/estabelecimentos, the city chosen in the top navigation). There is no
 * admin list of every shop yet, so an inactive shop cannot be picked here; the server checks
 * each call anyway.
 */
export function useShopChoice(mode: SalesMode, session: Sessao | null): ShopChoice {
  const own = sessionShops(session);
  const useCity = mode === 'admin' && own.length === 0;
  const [city] = useAdminCity();
  const codCidade = useCity ? Number(city) : 0;
  const query = useEstabelecimentos(codCidade);
  if (!useCity) return { shops: own, needsCity: false, loading: false, error: null, retry: () => undefined };
  const shops = (query.data ?? [])
    .map((e) => ({ id: e.id_estabelecimento, nome: e.nome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return {
    shops,
    needsCity: !(codCidade > 0),
    loading: codCidade > 0 && query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
  };
}
