import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificacaoUsuario } from '@praca/contract';
import { api } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push';

export type { NotificacaoUsuario };

const c = NotificacaoUsuario.shape;
/** The contract's row, tolerant of a missing or odd field; only the id is required. */
const NotificacaoTolerante = z.object({
  id_message: z.coerce.number().pipe(c.id_message),
  id_notificacao: c.id_notificacao.catch(null),
  type: c.type.catch(''),
  title: c.title.catch(''),
  body: c.body.catch(''),
  image: c.image.catch(''),
  dat_recece: c.dat_recece.catch(''),
}) satisfies z.ZodType<NotificacaoUsuario>;

/**
 * `GET /v1/usuarios/notificacao`: the person's unread notifications, newest first (spec §7,
 * contract NotificacaoUsuario). An item without an id is left out.
 */
export async function getNotificacoes(signal?: AbortSignal): Promise<NotificacaoUsuario[]> {
  const res = await api.get<unknown>('/v1/usuarios/notificacao', { signal });
  if (!Array.isArray(res.data)) return [];
  return res.data.flatMap((item) => {
    const parsed = NotificacaoTolerante.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const notificacoesQueryOptions = () =>
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
