import { z } from 'zod';
import { CaminhoImagemSchema } from './admin.js';
import { CodCidadeSchema, IdSchema, SimNao } from './common.js';
import { NOTIFICATION_MESSAGE_MAX } from './limits.js';
import {
  MSG_NOTIFICACAO,
  TITULO_COMPRAS_DO_CPF,
  TEXTO_CPF_REMOVIDO,
  TITULO_CPF_REMOVIDO,
  TITULO_CPF_TRANSFERIDO,
  textoCpfTransferido,
  TITULO_CONTEMPLADO_APURACAO,
  TITULO_CUPOM_COMPLETADO,
  textoComprasDoCpf,
  textoContempladoApuracao,
  textoCupomCompletado,
} from './notification-texts.js';

export {
  MSG_NOTIFICACAO,
  TITULO_COMPRAS_DO_CPF,
  TEXTO_CPF_REMOVIDO,
  TITULO_CPF_REMOVIDO,
  TITULO_CPF_TRANSFERIDO,
  textoCpfTransferido,
  TITULO_CONTEMPLADO_APURACAO,
  TITULO_CUPOM_COMPLETADO,
  textoComprasDoCpf,
  textoContempladoApuracao,
  textoCupomCompletado,
};

/** Who gets the rows (`p`): N all users of the city, P its partners, I the sender (domain §8). */
export const DestinoNotificacao = z.enum(['N', 'P', 'I'], { error: MSG_NOTIFICACAO.destinoInvalido });
export type DestinoNotificacao = z.infer<typeof DestinoNotificacao>;
/** Whose subscriptions get the Web Push: A all users of the city, P its partners, I the sender. */
export const AlvoPush = z.enum(['A', 'P', 'I'], { error: MSG_NOTIFICACAO.alvoInvalido });
export type AlvoPush = z.infer<typeof AlvoPush>;

/**
 * One row of `GET /v1/usuarios/notificacao` (spec §3 User notification), newest first. The
 * list holds the unread ones only (`lida` N): its length is the badge (spec §7, domain §8);
 * with `todas=S` it holds the read ones too, as the notifications page shows them. Opening that
 * page marks what it shows as read (`POST /v1/usuarios/notificacao/lidas`); deleting an item is
 * how a person dismisses it.
 */
export const NotificacaoUsuario = z.object({
  id_message: z.number().int(),
  id_notificacao: z.number().int().nullable(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string(),
  /** ISO instant the person received it. */
  dat_recece: z.string(),
  /** S once the person has seen it on the notifications page. */
  lida: SimNao,
});
export type NotificacaoUsuario = z.infer<typeof NotificacaoUsuario>;

/** The most notifications one answer carries, and one call marks as read. */
export const NOTIFICACOES_POR_LISTA = 500;

/** `GET /v1/usuarios/notificacao?todas=S`: the read ones too (the page); without it the unread (the badge). */
export const NotificacoesQuery = z.object({ todas: SimNao.default('N') });

/** `POST /v1/usuarios/notificacao/lidas`: the notifications the page showed, now read. */
export const NotificacoesLidasBody = z.object({
  id_message: z.array(IdSchema).min(1).max(NOTIFICACOES_POR_LISTA),
});
export type NotificacoesLidasBody = z.input<typeof NotificacoesLidasBody>;

const titulo = z
  .string({ error: MSG_NOTIFICACAO.tituloObrigatorio })
  .trim()
  .min(1, { error: MSG_NOTIFICACAO.tituloObrigatorio })
  .max(120, { error: 'Use no máximo 120 caracteres no título' });
const mensagem = z
  .string({ error: MSG_NOTIFICACAO.mensagemObrigatoria })
  .max(NOTIFICATION_MESSAGE_MAX, { error: MSG_NOTIFICACAO.mensagemLonga });

/**
 * `POST /v1/usuarios/notificacao`: a push that arrived while the app was open, stored as the
 * person's own notification (spec §4). With `id_notificacao` it is idempotent: the fan-out
 * already stored that one, so the answer is the existing row (200) instead of a new one (201).
 */
export const NotificacaoUsuarioBody = z.object({
  type: z.literal('N').default('N'),
  title: titulo,
  body: mensagem.default(''),
  image: z.string().trim().max(300).default(''),
  id_notificacao: IdSchema.optional(),
});
export type NotificacaoUsuarioBody = z.input<typeof NotificacaoUsuarioBody>;

export const IdMessageParams = z.object({ id_message: IdSchema });

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'Chave inválida' })
  .max(200);

/** The browser's `PushSubscription.toJSON()` (W3C Push API). */
export const PushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: MSG_NOTIFICACAO.assinaturaInvalida })
      .max(1000)
      .regex(/^https?:\/\/[^\s]+$/, { error: MSG_NOTIFICACAO.assinaturaInvalida }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url, auth: base64url }, { error: MSG_NOTIFICACAO.assinaturaInvalida }),
  },
  { error: MSG_NOTIFICACAO.assinaturaInvalida },
);
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/**
 * `POST /v1/usuarios/salvatoken` (spec §3 Push token registration). `token` is the
 * subscription, as an object or as its JSON text. One row per endpoint; re-registering updates it.
 */
export const SalvaTokenBody = z.object({
  token: z.union([
    PushSubscriptionSchema,
    z
      .string({ error: MSG_NOTIFICACAO.assinaturaInvalida })
      .max(4000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: MSG_NOTIFICACAO.assinaturaInvalida });
          return z.NEVER;
        }
      })
      .pipe(PushSubscriptionSchema),
  ]),
  ies_promocao: SimNao.default('S'),
  ies_live: SimNao.default('S'),
  ies_sorteio: SimNao.default('S'),
  device: z.string().trim().max(200).default(''),
  os_version: z.string().trim().max(200).default(''),
  ip: z.string().trim().max(100).default(''),
});
export type SalvaTokenBody = z.input<typeof SalvaTokenBody>;

/** `GET /v1/pushnotification/chave`: the server's VAPID public key (base64url) for `pushManager.subscribe`. */
export const ChavePushResposta = z.object({ publicKey: z.string() });

/** `POST /v1/adm/notificacao?p=N|P|I`. */
export const NotificacaoAdminQuery = z.object({ p: DestinoNotificacao });
export const NotificacaoAdminBody = z.object({
  type: z.literal('M').default('M'),
  title: titulo,
  body: mensagem.trim().min(1, { error: MSG_NOTIFICACAO.mensagemObrigatoria }),
  image: CaminhoImagemSchema.default(''),
  cod_cidade: CodCidadeSchema,
  /** Push target (the form's second choice); defaults to the same people as `p` (N→A). */
  push: AlvoPush.optional(),
});
export type NotificacaoAdminBody = z.input<typeof NotificacaoAdminBody>;

/**
 * The 202 answer of `POST /v1/adm/notificacao`: counts of the fan-out. The Web Push messages go
 * out in background jobs after the answer (issue 38), so `enviadas`, `falhas` and `removidas`
 * count what was done by then (usually 0) and `pendentes` what is queued; the progress is
 * `GET /v1/adm/notificacoes`.
 */
export const ResultadoEnvioNotificacao = z.object({
  id_notificacao: z.number().int(),
  /** People who got a user-notification row. */
  destinatarios: z.number().int(),
  /** Web Push messages the push services accepted. */
  enviadas: z.number().int(),
  /** Web Push messages that failed (gone subscriptions included). */
  falhas: z.number().int(),
  /** Subscriptions deleted because their push service answered 404 or 410. */
  removidas: z.number().int(),
  /** Web Push messages queued, still to go. */
  pendentes: z.number().int().default(0),
});

/** `GET /v1/adm/notificacoes?cod_cidade=`: the city's latest notifications and their fan-out. */
export const EnviosNotificacaoQuery = z.object({ cod_cidade: CodCidadeSchema });
export const EnvioNotificacao = z.object({
  id_notificacao: z.number().int(),
  title: z.string(),
  destino: DestinoNotificacao,
  criado_em: z.string(),
  /** Web Push messages of the fan-out: total = enviadas + falhas + pendentes. */
  total: z.number().int(),
  enviadas: z.number().int(),
  /** Failed for good (gone subscriptions included). */
  falhas: z.number().int(),
  /** Of the failures, subscriptions deleted (404/410). */
  removidas: z.number().int(),
  pendentes: z.number().int(),
});
export type EnvioNotificacao = z.infer<typeof EnvioNotificacao>;
export type ResultadoEnvioNotificacao = z.infer<typeof ResultadoEnvioNotificacao>;

/** `GET /v1/pushnotification/registration?TODOS=A|P|I&cod_cidade=` → the tokens (subscription JSON text). */
export const RegistrationQuery = z.object({ TODOS: AlvoPush, cod_cidade: CodCidadeSchema });
/** `PATCH /v1/pushnotification/registration`: tokens (JSON text or bare endpoints) to delete. */
export const RegistrationPatchBody = z.object({
  failedTokens: z.array(z.string().max(4000)).max(10_000),
});
export const RegistrationPatchResposta = z.object({ removidos: z.number().int() });
