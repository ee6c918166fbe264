import { useEffect, useRef } from 'react';
import { ActionIcon, Box, Flex, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { NotificacaoUsuario } from '@praca/contract';
import { MSG_NOTIFICACAO } from '@praca/contract/plain';
import { TrashIcon } from '@/components/icons';
import { EmptyState, ErrorState } from '@/components/query-states';
import { imageUrl } from '@/config/env';
import { formatDateTime } from '@/lib/format';
import { useDeleteNotificacao } from '../api/delete-notificacao';
import { useNotificacoes } from '../api/get-notificacoes';
import { useMarkNotificacoesLidas } from '../api/mark-notificacoes-lidas';

const NOTIFICATIONS_ERROR = 'Não foi possível carregar as notificações.';
const NOTIFICATIONS_LOADING = 'Carregando notificações…';
const DELETE_ERROR = 'Não foi possível excluir a notificação.';
const deleteLabel = (title: string) => `Excluir notificação ${title}`;

interface ItemProps {
  notificacao: NotificacaoUsuario;
  onDelete: (id: number) => void;
  deleting: boolean;
}

/** One notification: image (when it has one), title, body as plain text with its line breaks, date. */
function NotificationItem({ notificacao: n, onDelete, deleting }: ItemProps) {
  const quando = formatDateTime(n.dat_recece);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-busy={deleting || undefined}>
      <Flex gap="sm" align="flex-start" wrap="nowrap">
        {n.image.trim() ? (
          <img
            src={imageUrl(n.image)}
            alt=""
            width={200}
            height={200}
            loading="lazy"
            style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 8, flex: 'none' }}
          />
        ) : null}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Title>
          {n.body ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
          ) : null}
          {quando ? (
            <Text size="xs" c="dimmed" mt={6}>
              Recebida em <time dateTime={n.dat_recece}>{quando}</time>
            </Text>
          ) : null}
        </Box>
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          aria-label={deleteLabel(n.title)}
          onClick={() => onDelete(n.id_message)}
          disabled={deleting}
        >
          <TrashIcon />
        </ActionIcon>
      </Flex>
    </Paper>
  );
}

/**
 * What the list shows unread is read from now on (domain §8): asked once per notification, so
 * a failure is not asked again and again; one that arrives while the page is open is read too.
 */
function useMarkShownAsRead(itens: NotificacaoUsuario[] | undefined) {
  const { mutate } = useMarkNotificacoesLidas();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const ids = (itens ?? [])
      .filter((n) => n.lida !== 'S' && !asked.current.has(n.id_message))
      .map((n) => n.id_message);
    if (ids.length === 0) return;
    for (const id of ids) asked.current.add(id);
    mutate(ids);
  }, [itens, mutate]);
}

/**
 * The person's notifications (spec §2 Notification list): newest first, read ones too, each
 * with a delete button; opening the page marks them read, so the bell's badge (the unread
 * count) goes away while the list keeps them. Deleting removes one from both at once.
 */
export function NotificationList() {
  const query = useNotificacoes();
  const remove = useDeleteNotificacao();
  useMarkShownAsRead(query.data);

  if (query.isPending) {
    return (
      <Stack gap="sm" role="status">
        <VisuallyHidden>{NOTIFICATIONS_LOADING}</VisuallyHidden>
        <Skeleton h={88} />
        <Skeleton h={88} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={NOTIFICATIONS_ERROR}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const itens = query.data;
  return (
    <Stack gap="sm">
      <div role="status" aria-live="polite">
        {remove.isError ? (
          <Text c="red.9" size="sm">
            {DELETE_ERROR}
          </Text>
        ) : null}
      </div>
      {itens.length === 0 ? (
        <EmptyState>{MSG_NOTIFICACAO.listaVazia}</EmptyState>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notificações">
          {itens.map((n) => (
            <NotificationItem
              key={n.id_message}
              notificacao={n}
              onDelete={(id) => remove.mutate(id)}
              deleting={remove.isPending && remove.variables === n.id_message}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
