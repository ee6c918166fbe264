import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A user notification (spec §3). The list screen arrives later; the badge needs the count. */
const NotificacaoUsuario = z.object({
  id_message: z.coerce.number(),
  title: z.string().catch(''),
  body: z.string().catch(''),
  image: z.string().nullish(),
  dat_recece: z.string().nullish(),
});
export type NotificacaoUsuario = z.infer<typeof NotificacaoUsuario>;

export async function getNotificacoes(signal?: AbortSignal): Promise<NotificacaoUsuario[]> {
  const res = await api.get<unknown>('/v1/usuarios/notificacao', { signal });
  if (!Array.isArray(res.data)) return [];
  return res.data.flatMap((item) => {
    const parsed = NotificacaoUsuario.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const notificacoesQueryOptions = () =>
  queryOptions({
    queryKey: ['usuarios', 'notificacao'],
    queryFn: ({ signal }) => getNotificacoes(signal),
    staleTime: 60_000,
    retry: false,
    // Refresh the badge now and then, but stop asking once the call has failed.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 120_000),
  });

/** The badge count: the list's length; 0 while loading and on any error (spec §7). */
export function useNotificationCount(enabled = true): number {
  const { data } = useQuery({ ...notificacoesQueryOptions(), enabled });
  return data?.length ?? 0;
}
