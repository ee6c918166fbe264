import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificacaoUsuario } from '@praca/contract';
import { client } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push-listen';

export type { NotificacaoUsuario };

/** The page's list, read ones included; under the bell's key, so what reloads one reloads both. */
const NOTIFICACOES_TODAS_QUERY_KEY = [...NOTIFICACOES_QUERY_KEY, 'todas'] as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The contract's row, tolerant of a missing or odd field; only the id is required. Hand-written
 * (no zod on the consumer's first load, decision 016): the badge counts these on every page.
 */
function toNotificacao(item: unknown): NotificacaoUsuario | null {
  if (!item || typeof item !== 'object') return null;
  const d = item as Record<string, unknown>;
  const id =
    typeof d.id_message === 'string' || typeof d.id_message === 'number' ? Number(d.id_message) : NaN;
  if (!Number.isSafeInteger(id)) return null;
  return {
    id_message: id,
    id_notificacao: Number.isSafeInteger(d.id_notificacao) ? (d.id_notificacao as number) : null,
    type: str(d.type),
    title: str(d.title),
    body: str(d.body),
    image: str(d.image),
    dat_recece: str(d.dat_recece),
    lida: d.lida === 'S' ? 'S' : 'N',
  };
}

/**
 * `GET /v1/usuarios/notificacao`: the person's unread notifications, newest first (spec §7,
 * contract NotificacaoUsuario); with `todas` the read ones too. An item without an id is left out.
 */
async function getNotificacoes(todas: boolean, signal?: AbortSignal): Promise<NotificacaoUsuario[]> {
  const res = await client.GET('/v1/usuarios/notificacao', {
    params: { query: todas ? { todas: 'S' } : {} },
    signal,
  });
  if (!Array.isArray(res.data)) return [];
  return res.data.flatMap((item: unknown) => {
    const n = toNotificacao(item);
    return n ? [n] : [];
  });
}

const unreadQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICACOES_QUERY_KEY,
    queryFn: ({ signal }) => getNotificacoes(false, signal),
    staleTime: 60_000,
    retry: false,
    // Refresh the badge now and then, but stop asking once the call has failed.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 120_000),
  });

/** The list of the /notificacao page: read and unread, loaded each time the page opens. */
export function useNotificacoes() {
  return useQuery({
    queryKey: NOTIFICACOES_TODAS_QUERY_KEY,
    queryFn: ({ signal }) => getNotificacoes(true, signal),
    retry: false,
  });
}

/**
 * The badge count: the unread notifications (domain §8); 0 while loading and on any error
 * (spec §7).
 */
export function useNotificationCount(enabled = true): number {
  const { data } = useQuery({ ...unreadQueryOptions(), enabled });
  return data?.filter((n) => n.lida !== 'S').length ?? 0;
}
