import type { ChaveItem, EntregaItem, EventoWebhook, WebhookItem } from '@praca/contract';
import type { KeyRow } from './keys-repository.js';
import type { DeliveryRow, listVisibleHooks } from './repository.js';

/** What leaves the server of keys, hooks and deliveries, field by field: never a secret. */

type HookRow = Awaited<ReturnType<typeof listVisibleHooks>>[number];

/** The stored JSON list of a hook's events. */
export const eventsOf = (eventos: string): EventoWebhook[] => JSON.parse(eventos) as EventoWebhook[];

export const presentKey = (k: KeyRow): ChaveItem => ({
  id_chave: k.id_chave,
  nome: k.nome,
  id_estabelecimento: k.id_estabelecimento,
  nome_estabelecimento: k.nome_estabelecimento,
  inicio: k.inicio,
  criada_em: k.criada_em,
  usada_em: k.usada_em,
});

export const presentHook = (h: HookRow): WebhookItem => ({
  id_webhook: h.id_webhook,
  url: h.url,
  eventos: eventsOf(h.eventos),
  cod_cidade: h.cod_cidade,
  id_estabelecimento: h.id_estabelecimento,
  nome_estabelecimento: h.nome_estabelecimento,
  criado_em: h.criado_em,
  situacao: Number(h.ativo) ? 'ativo' : 'inativo',
});

export const presentDelivery = (d: DeliveryRow): EntregaItem => ({
  id_entrega: d.id_entrega,
  evento: d.evento as EventoWebhook,
  situacao: d.situacao as EntregaItem['situacao'],
  tentativas: d.tentativas,
  status: d.status,
  erro: d.erro,
  criada_em: d.criada_em,
  tentada_em: d.tentada_em,
});
