import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificacaoUsuario } from '@praca/contract';
import { api } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push-listen';

export type { NotificacaoUsuario };

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
  };
}

/**
 * `GET /v1/usuarios/notificacao`: the person's unread notifications, newest first (spec §7,
 * contract NotificacaoUsuario). An item without an id is left out.
 */
async function getNotificacoes(signal?: AbortSignal): Promise<NotificacaoUsuario[]> {
  const res = await api.get<unknown>('/v1/usuarios/notificacao', { signal });
  if (!Array.isArray(res.data)) return [];
  return res.data.flatMap((item: unknown) => {
    const n = toNotificacao(item);
    return n ? [n] : [];
  });
}

const notificacoesQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICACOES_QUERY_KEY,
    queryFn: ({ signal }) => getNotificacoes(signal),
    staleTime: 60_000,
    retry: false,
    // Refresh the badge now and then, but stop asking once the call has failed.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 120_000),
  });

/** The list (the /notificacao page). */
export function useNotificacoes() {
  return useQuery(notificacoesQueryOptions());
}

/** The badge count: the list's length; 0 while loading and on any error (spec §7). */
export function useNotificationCount(enabled = true): number {
  const { data } = useQuery({ ...notificacoesQueryOptions(), enabled });
  return data?.length ?? 0;
}
