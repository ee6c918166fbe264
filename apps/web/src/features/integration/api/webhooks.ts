import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EntregaItem, WebhookCriado, WebhookItem, type WebhookBody } from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

const webhooksQueryKey = ['webhooks'] as const;

/** GET /v1/webhooks: the hooks in the caller's reach. */
export function useWebhooks() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: async ({ signal }) =>
      parseList(WebhookItem, (await client.GET('/v1/webhooks', { signal })).data),
  });
}

/** GET /v1/webhooks/{id}/entregas: the last deliveries, newest first. */
export function useEntregas(id: number) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'entregas'],
    queryFn: async ({ signal }) =>
      parseList(
        EntregaItem,
        (await client.GET('/v1/webhooks/{id}/entregas', { params: { path: { id } }, signal })).data,
      ),
  });
}

/** POST /v1/webhooks: the signing secret comes back this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookBody) =>
      WebhookCriado.parse(
        (await client.POST('/v1/webhooks', { body: body as ApiBody<'post', '/v1/webhooks'> })).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await client.DELETE('/v1/webhooks/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
