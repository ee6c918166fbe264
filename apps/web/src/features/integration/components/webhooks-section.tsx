import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  EVENTOS_WEBHOOK,
  WebhookBody,
  type EventoWebhook,
  type SituacaoEntrega,
  type WebhookItem,
} from '@praca/contract';
import { AdminListStates } from '@/components/admin-list/admin-list';
import { checkWithContract, withRefusals, type ContractRefusal } from '@/components/editor/contract-check';
import { EditorErrorAlert } from '@/components/editor/editor-dialog';
import { ScrollTable } from '@/components/scroll-table';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateWebhook, useDeleteWebhook, useEntregas, useWebhooks } from '../api/webhooks';
import { ConfirmModal } from './confirm-modal';
import type { ShopOption } from './keys-section';
import { ShownOnce } from './shown-once';
import { useSecretForm } from './use-secret-form';

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
  return (
    <AdminListStates
      query={entregas}
      noun={{ article: 'as', plural: 'entregas' }}
      skeletons={1}
      isEmpty={(d) => d.length === 0}
      empty="Nenhum evento enviado ainda."
    >
      {(data) => (
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
              {data.map((d) => (
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
      )}
    </AdminListStates>
  );
}

interface WebhookForm {
  url: string;
  eventos: string[];
  id_estabelecimento: string;
}

const HOOK_FIELDS = ['url', 'eventos', 'id_estabelecimento'] as const;
type HookField = (typeof HOOK_FIELDS)[number];

/** The hook's body, checked with the contract; https, the events and the shop are worded here. */
function checkHook(v: WebhookForm, forShop: boolean) {
  const own: ContractRefusal<HookField>[] = [];
  if (!/^https:\/\//i.test(v.url.trim()))
    own.push({ erro: 'Informe um endereço que comece com https://', campo: 'url' });
  if (forShop && !v.id_estabelecimento)
    own.push({ erro: 'Escolha o estabelecimento.', campo: 'id_estabelecimento' });
  if (v.eventos.length === 0) own.push({ erro: 'Escolha ao menos um evento.', campo: 'eventos' });
  const raw = {
    url: v.url,
    eventos: v.eventos,
    ...(v.id_estabelecimento ? { id_estabelecimento: Number(v.id_estabelecimento) } : {}),
  };
  return withRefusals(own, checkWithContract(WebhookBody, raw, HOOK_FIELDS));
}

interface WebhooksSectionProps {
  /** The partner's shops (a hook is for one of them); null for an admin (the whole city). */
  shops: ShopOption[] | null;
  /** The section's own heading; off where the page's title already says 'Webhooks'. */
  heading?: boolean;
}

/** Webhooks: register an https URL for events (secret shown once), the list, history, remove. */
export function WebhooksSection({ shops, heading = true }: WebhooksSectionProps) {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const { text, control, values, mark, bind, setField, save, alert, shown, hideShown } = useSecretForm({
    initial: {
      url: '',
      eventos: ['venda.criada'],
      id_estabelecimento: shops?.length === 1 ? shops[0].value : '',
    },
    check: (v: WebhookForm) => checkHook(v, shops !== null),
    create,
    secretOf: (c) => c.segredo,
    afterCreate: (v) => ({ ...v, url: '' }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<WebhookItem | null>(null);
  // A partner's hook hears its shop's events: the apurações are the city's.
  const offered = shops
    ? EVENTOS_WEBHOOK.filter((e) => e.startsWith('venda.') || e === 'contestacao.resolvida')
    : EVENTOS_WEBHOOK;

  const list = (
    <AdminListStates
      query={hooks}
      noun={{ article: 'os', plural: 'webhooks' }}
      skeletons={1}
      isEmpty={(d) => d.length === 0}
      empty="Nenhum webhook cadastrado."
    >
      {(data) => (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Webhooks cadastrados"
        >
          {data.map((h) => (
            <Paper component="li" key={h.id_webhook} withBorder p="sm" radius="sm">
              <Stack gap="xs">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ wordBreak: 'break-all' }}>
                    {h.url}
                  </Text>
                  {h.situacao === 'inativo' ? (
                    <Badge color="gray" variant="light">
                      Inativo
                    </Badge>
                  ) : null}
                </Group>
                {h.situacao === 'inativo' ? (
                  <Text size="sm" c="dimmed">
                    Quem o cadastrou não está mais ligado ao estabelecimento: nenhum evento é enviado.
                  </Text>
                ) : null}
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
      )}
    </AdminListStates>
  );

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      {...(heading ? { 'aria-labelledby': 'webhooks-titulo' } : { 'aria-label': 'Webhooks' })}
    >
      <Stack gap="md">
        {heading ? (
          <Title order={2} id="webhooks-titulo" fz="h3">
            Webhooks
          </Title>
        ) : null}
        <Text size="sm">
          O Praça avisa o seu sistema por um POST a cada evento, assinado no cabeçalho{' '}
          <code>X-Praca-Assinatura</code> com o segredo do webhook. Como verificar está em{' '}
          <a href="/docs">/docs</a>.
        </Text>
        {shown ? <ShownOnce label="Segredo do webhook" value={shown} onDone={hideShown} /> : null}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Endereço (https)"
              placeholder="https://meusistema.com.br/praca"
              type="url"
              required
              {...text('url')}
            />
            {shops ? (
              <Select
                label="Estabelecimento"
                placeholder="Escolha"
                data={shops}
                value={values?.id_estabelecimento || null}
                onChange={(v) => setField('id_estabelecimento', v ?? '')}
                error={mark('id_estabelecimento')}
                ref={bind('id_estabelecimento')}
                required
                allowDeselect={false}
              />
            ) : null}
            <Checkbox.Group label="Eventos" required {...control('eventos')}>
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
            <EditorErrorAlert error={alert.error} onClose={alert.clear} />
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
