import { z } from 'zod';
import { IdSchema } from './common.js';

/**
 * The door for shop systems (issue 39): API keys a partner makes for one of its shops, and
 * webhooks an admin (city) or a partner (own shop) registers for the programme's events.
 */

/** What a key looks like: the recognisable prefix, then 43 base64url characters (256 bits). */
export const PREFIXO_CHAVE = 'praca_';

export const ChaveBody = z.object({
  nome: z.string().trim().min(1).max(60),
  id_estabelecimento: IdSchema,
});
export type ChaveBody = z.input<typeof ChaveBody>;

/** 201 of POST /v1/parceiro/chaves: the key itself, shown this once. */
export const ChaveCriada = z.object({ id_chave: z.number().int(), chave: z.string() });
export type ChaveCriada = z.infer<typeof ChaveCriada>;

/** A key in the list: never its secret, only its first characters to tell keys apart. */
export const ChaveItem = z.object({
  id_chave: z.number().int(),
  nome: z.string(),
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  /** `praca_` and the key's first 4 characters. */
  inicio: z.string(),
  criada_em: z.string(),
  /** Last use, to the minute (null: never used). */
  usada_em: z.string().nullable(),
});
export type ChaveItem = z.infer<typeof ChaveItem>;

export const IdChaveParams = z.object({ id: IdSchema });

export const EVENTOS_WEBHOOK = [
  'venda.criada',
  'venda.estornada',
  'apuracao.agendada',
  'apuracao.apurada',
  'contestacao.resolvida',
] as const;
export const EventoWebhook = z.enum(EVENTOS_WEBHOOK);
export type EventoWebhook = z.infer<typeof EventoWebhook>;

export const WebhookBody = z.object({
  url: z.string().trim().min(1).max(500),
  eventos: z.array(EventoWebhook).min(1).max(EVENTOS_WEBHOOK.length),
  /** A partner must name one of its shops; an admin omits it for the whole city. */
  id_estabelecimento: IdSchema.optional(),
  /** Super-admin only: the city (else the admin's own). */
  cod_cidade: IdSchema.optional(),
});
export type WebhookBody = z.input<typeof WebhookBody>;

/** 201 of POST /v1/webhooks: the signing secret, shown this once. */
export const WebhookCriado = z.object({ id_webhook: z.number().int(), segredo: z.string() });
export type WebhookCriado = z.infer<typeof WebhookCriado>;

export const WebhookItem = z.object({
  id_webhook: z.number().int(),
  url: z.string(),
  eventos: z.array(EventoWebhook),
  cod_cidade: z.number().int(),
  id_estabelecimento: z.number().int().nullable(),
  nome_estabelecimento: z.string().nullable(),
  criado_em: z.string(),
  /**
   * Issue 52: `inativo` once its owner may no longer hear it (a shop's hook whose partner lost
   * the link to the shop, or an owner removed): nothing more is delivered to it.
   */
  situacao: z.enum(['ativo', 'inativo']),
});
export type WebhookItem = z.infer<typeof WebhookItem>;

export const SituacaoEntrega = z.enum(['pendente', 'entregue', 'falhou', 'morta']);
export type SituacaoEntrega = z.infer<typeof SituacaoEntrega>;

/** One delivery of an event to a webhook: its last attempt's status code and time. */
export const EntregaItem = z.object({
  id_entrega: z.number().int(),
  evento: EventoWebhook,
  situacao: SituacaoEntrega,
  tentativas: z.number().int(),
  /** HTTP status of the last attempt (null: no answer, e.g. refused or timed out). */
  status: z.number().int().nullable(),
  erro: z.string().nullable(),
  criada_em: z.string(),
  tentada_em: z.string().nullable(),
});
export type EntregaItem = z.infer<typeof EntregaItem>;

export const IdWebhookParams = z.object({ id: IdSchema });

/** What a receiver gets in the body of every delivery. */
export interface EventoEntregue {
  id: number;
  evento: EventoWebhook;
  criado_em: string;
  dados: Record<string, unknown>;
}

export const MSG_INTEGRACAO = {
  chaveNaoEncontrada: 'Chave não encontrada',
  webhookNaoEncontrado: 'Webhook não encontrado',
  urlRecusada:
    'Endereço recusado: use https:// num servidor público (não endereços locais ou de rede privada)',
  escolhaEstabelecimento: 'Escolha um dos seus estabelecimentos',
  /** Issue 52: `{n}` is replaced by CHAVES_API_MAX. */
  limiteChaves: 'Você já tem {n} chaves de API ativas: revogue uma antes de criar outra',
} as const;
