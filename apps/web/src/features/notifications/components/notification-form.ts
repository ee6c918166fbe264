import { checkWithContract, type ContractCheck } from '@/components/editor/contract-check';
import {
  MSG_NOTIFICACAO,
  NOTIFICATION_MESSAGE_MAX,
  NotificacaoAdminBody,
  type AlvoPush,
  type DestinoNotificacao,
  type ResultadoEnvioNotificacao,
} from '@praca/contract';

/** The form of /admin/notificacao (spec §2 Push notification form). */
export interface NotificationFormValues {
  title: string;
  body: string;
  /** The stored image path ('' none). */
  image: string;
  /** 'Enviar para': who gets the notification (`p`). */
  destino: DestinoNotificacao;
  /** 'Push para': whose devices get the Web Push (`push`). */
  push: AlvoPush;
}

export type NotificationField = 'title' | 'body' | 'image';

/** The choices of both radio groups, in the spec's order (Todos/Parceiros/Eu). */
export const DESTINOS: { value: DestinoNotificacao; label: string }[] = [
  { value: 'N', label: 'Todos' },
  { value: 'P', label: 'Parceiros' },
  { value: 'I', label: 'Eu' },
];
export const ALVOS_PUSH: { value: AlvoPush; label: string }[] = [
  { value: 'A', label: 'Todos' },
  { value: 'P', label: 'Parceiros' },
  { value: 'I', label: 'Eu' },
];

export const newNotificationValues = (): NotificationFormValues => ({
  title: '',
  body: '',
  image: '',
  destino: 'N',
  push: 'A',
});

/** The live counter under the message, e.g. '12/2000'. */
export const messageCounter = (body: string) => `${body.length}/${NOTIFICATION_MESSAGE_MAX}`;
export const messageTooLong = (body: string) => body.length > NOTIFICATION_MESSAGE_MAX;

export interface NotificationRequest {
  p: DestinoNotificacao;
  body: NotificacaoAdminBody;
}

const FIELDS: readonly NotificationField[] = ['title', 'body', 'image'];

/** The form checked against the contract (before any call), with the admin city. */
export function toNotificationRequest(
  values: NotificationFormValues,
  codCidade: number,
): ContractCheck<NotificationRequest, NotificationField> {
  // The length first: its text is the one the counter points at.
  if (messageTooLong(values.body)) return { ok: false, erro: MSG_NOTIFICACAO.mensagemLonga, campo: 'body' };
  const body: NotificacaoAdminBody = {
    type: 'M',
    title: values.title,
    body: values.body,
    image: values.image,
    cod_cidade: codCidade,
    push: values.push,
  };
  const checked = checkWithContract(NotificacaoAdminBody, body, FIELDS);
  return checked.ok ? { ok: true, body: { p: values.destino, body: checked.body } } : checked;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The toast after a 202, e.g. 'Notificação enviada para 12 pessoas · 10 push na fila' while the
 * pushes are queued, or 'Notificação enviada para 12 pessoas · 10 push enviados, 2 falharam'.
 */
export function sentText(r: ResultadoEnvioNotificacao): string {
  if (r.pendentes > 0) {
    return `Notificação enviada para ${plural(r.destinatarios, 'pessoa', 'pessoas')} · ${r.pendentes} push na fila`;
  }
  const text =
    `Notificação enviada para ${plural(r.destinatarios, 'pessoa', 'pessoas')} · ` +
    `${plural(r.enviadas, 'push enviado', 'push enviados')}, ` +
    `${r.falhas} ${r.falhas === 1 ? 'falhou' : 'falharam'}`;
  return r.falhas > 0 ? `${text} (${MSG_NOTIFICACAO.erroPush})` : text;
}
