import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import { EVENTOS_WEBHOOK, type EventoWebhook, type SituacaoEntrega, type WebhookItem } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateWebhook, useDeleteWebhook, useEntregas, useWebhooks } from '../api/webhooks';
import { ConfirmModal } from './confirm-modal';
import type { ShopOption } from './keys-section';
import { ShownOnce } from './shown-once';

const EVENT_LABELS: Record<EventoWebhook, string> = {
  'venda.criada': 'Venda registrada',
  'venda.estornada': 'Venda excluída (estorno)',
  'apuracao.agendada': 'Apuração agendada',
  'apuracao.apurada': 'Apuração apurada',
  'contestacao.resolvida': 'Contestação resolvida',
};

const SITUACAO: Record<SituacaoEntrega, { label: string; color: string }> = {
  pendente: { label: 'Pendente', color: 'gray' },
  entregue: { label: 'Entregue', color: 'green' },
  falhou: { label: 'Falhou, nova tentativa', color: 'yellow' },
  morta: { label: 'Desistiu', color: 'red' },
};

/** The delivery history of one hook: event, state, attempts, HTTP status, time. */
function Deliveries({ hook }: { hook: WebhookItem }) {
  const entregas = useEntregas(hook.id_webhook);
  if (entregas.isPending)
    return (
      <Stack role="status">
        <VisuallyHidden>Carregando entregas…</VisuallyHidden>
        <Skeleton h={60} />
      </Stack>
    );
  if (entregas.isError)
    return (
      <ErrorState
        title="Não foi possível carregar as entregas."
        error={entregas.error}
        onRetry={() => void entregas.refetch()}
        retrying={entregas.isFetching}
      />
    );
  if (entregas.data.length === 0) return <EmptyState>Nenhum evento enviado ainda.</EmptyState>;
  return (
    <ScrollTable label={`Entregas de ${hook.url}`} minWidth={560}>
      <Table>
        <Table.Caption>Últimas entregas, mais recentes primeiro.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Evento</Table.Th>
            <Table.Th scope="col">Situação</Table.Th>
            <Table.Th scope="col">Tentativas</Table.Th>
            <Table.Th scope="col">Código HTTP</Table.Th>
            <Table.Th scope="col">Última tentativa</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entregas.data.map((d) => (
            <Table.Tr key={d.id_entrega}>
              <Table.Td>{EVENT_LABELS[d.evento]}</Table.Td>
              <Table.Td>
                <Badge color={SITUACAO[d.situacao].color} variant="light">
                  {SITUACAO[d.situacao].label}
                </Badge>
              </Table.Td>
              <Table.Td>{d.tentativas}</Table.Td>
              <Table.Td>{d.status ?? (d.erro ? `— (${d.erro})` : '—')}</Table.Td>
              <Table.Td>{d.tentada_em ? formatDateTime(d.tentada_em) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

interface WebhooksSectionProps {
  /** The partner's shops (a hook is for one of them); null for an admin (the whole city). */
  shops: ShopOption[] | null;
}

/** Webhooks: register an https URL for events (secret shown once), the list, history, remove. */
export function WebhooksSection({ shops }: WebhooksSectionProps) {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState('');
  const [eventos, setEventos] = useState<string[]>(['venda.criada']);
  const [shop, setShop] = useState<string | null>(shops?.length === 1 ? shops[0].value : null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<WebhookItem | null>(null);
  // A partner's hook hears its shop's events: the apurações are the city's.
  const offered = shops
    ? EVENTOS_WEBHOOK.filter((e) => e.startsWith('venda.') || e === 'contestacao.resolvida')
    : EVENTOS_WEBHOOK;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!/^https:\/\//i.test(url.trim())) {
      setError('Informe um endereço que comece com https://');
      return;
    }
    if (eventos.length === 0 || (shops && !shop)) {
      setError(shops ? 'Escolha o estabelecimento e ao menos um evento.' : 'Escolha ao menos um evento.');
      return;
    }
    create.mutate(
      {
        url: url.trim(),
        eventos: eventos as EventoWebhook[],
        ...(shop ? { id_estabelecimento: Number(shop) } : {}),
      },
      {
        onSuccess: (c) => {
          setShown(c.segredo);
          setUrl('');
        },
        onError: (err) => setError(describeError(err)),
      },
    );
  };

  let list;
  if (hooks.isPending) {
    list = (
      <Stack role="status" gap="xs">
        <VisuallyHidden>Carregando webhooks…</VisuallyHidden>
        <Skeleton h={36} />
      </Stack>
    );
  } else if (hooks.isError) {
    list = (
      <ErrorState
        title="Não foi possível carregar os webhooks."
        error={hooks.error}
        onRetry={() => void hooks.refetch()}
        retrying={hooks.isFetching}
      />
    );
  } else if (hooks.data.length === 0) {
    list = <EmptyState>Nenhum webhook cadastrado.</EmptyState>;
  } else {
    list = (
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Webhooks cadastrados"
      >
        {hooks.data.map((h) => (
          <Paper component="li" key={h.id_webhook} withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {h.url}
              </Text>
              <Text size="sm">
                {h.nome_estabelecimento ?? 'Toda a cidade'} ·{' '}
                {h.eventos.map((e) => EVENT_LABELS[e]).join(', ')} · criado em {formatDateTime(h.criado_em)}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-expanded={open === h.id_webhook}
                  onClick={() => setOpen(open === h.id_webhook ? null : h.id_webhook)}
                >
                  {open === h.id_webhook ? 'Ocultar histórico' : 'Histórico de entregas'}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setToRemove(h)}>
                  Remover<VisuallyHidden> o webhook {h.url}</VisuallyHidden>
                </Button>
              </Group>
              {open === h.id_webhook ? <Deliveries hook={h} /> : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="webhooks-titulo">
      <Stack gap="md">
        <Title order={2} id="webhooks-titulo" fz="h3">
          Webhooks
        </Title>
        <Text size="sm">
          O Praça avisa o seu sistema por um POST a cada evento, assinado no cabeçalho{' '}
          <code>X-Praca-Assinatura</code> com o segredo do webhook. Como verificar está em{' '}
          <a href="/docs">/docs</a>.
        </Text>
        {shown ? <ShownOnce label="Segredo do webhook" value={shown} onDone={() => setShown(null)} /> : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Endereço (https)"
              placeholder="https://meusistema.com.br/praca"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              required
            />
            {shops ? (
              <Select
                label="Estabelecimento"
                placeholder="Escolha"
                data={shops}
                value={shop}
                onChange={setShop}
                required
                allowDeselect={false}
              />
            ) : null}
            <Checkbox.Group label="Eventos" value={eventos} onChange={setEventos} required>
              <Stack gap={6} mt={6}>
                {offered.map((e) => (
                  <Checkbox key={e} value={e} label={EVENT_LABELS[e]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending}>
                Cadastrar webhook
              </Button>
            </Group>
            <FormAlert message={error} onClose={() => setError(null)} />
          </Stack>
        </form>
        {list}
      </Stack>
      <ConfirmModal
        opened={toRemove !== null}
        title="Remover webhook"
        text={`Remover o webhook ${toRemove?.url ?? ''}? Nenhum evento será mais enviado a ele.`}
        confirmLabel="Remover"
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove.id_webhook, {
            onSuccess: () => {
              notifySuccess('Webhook removido.');
              setToRemove(null);
            },
            onError: (err) => {
              notifyError(describeError(err));
              setToRemove(null);
            },
          });
        }}
      />
    </Paper>
  );
}
