import { createECDH } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_NOTIFICACAO,
  PUSH_SUBSCRIPTIONS_MAX,
  type NotificacaoUsuario,
  type NotificacaoUsuarioBody,
  type SalvaTokenBody,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import type { Push } from './push.js';
import { presentMessage } from './presenter.js';
import * as repo from './repository.js';
import * as users from '../users/service.js';

/**
 * A person's notifications and push subscriptions (issue 8; spec §3 User notification, Push
 * token registration, §7; domain §8). The list holds the unread ones (`lida_em` null), newest
 * first, or all of them; the notifications page marks what it shows as read, and deleting is
 * how a person dismisses one.
 */

type ForegroundBody = z.output<typeof NotificacaoUsuarioBody>;
type TokenBody = z.output<typeof SalvaTokenBody>;

/** The unread ones (the badge's count), or with `todas` the read ones too (the page). */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  todas: boolean,
): Promise<NotificacaoUsuario[]> {
  return (await repo.listMessages(db, user.id, todas ? 'all' : 'unread')).map(presentMessage);
}

/**
 * The notifications the page showed are read from now (domain §8: the badge counts the unread).
 * Ids of another person's notifications, unknown or already read are left as they are.
 */
export async function markRead(
  db: Kysely<Database>,
  user: AuthUser,
  idMessages: readonly number[],
): Promise<void> {
  await repo.markRead(db, user.id, [...new Set(idMessages)], nowIso());
}

/** 404 for an unknown id and for another person's notification alike. */
export async function removeMessage(db: Kysely<Database>, user: AuthUser, idMessage: number): Promise<void> {
  if (!(await repo.deleteOwnMessage(db, user.id, idMessage))) {
    throw new HttpError(404, MSG_NOTIFICACAO.notificacaoNaoEncontrada);
  }
}

/**
 * A push that arrived while the app was open, kept as the person's notification. With an
 * `id_notificacao` the person already holds (the fan-out stored it), that row is answered and
 * `criada` is false; an `id_notificacao` that names no notification is stored without it.
 */
export async function storeForeground(
  db: Kysely<Database>,
  user: AuthUser,
  body: ForegroundBody,
): Promise<{ criada: boolean; mensagem: NotificacaoUsuario }> {
  let idNotificacao: number | null = null;
  if (body.id_notificacao !== undefined) {
    const held = await repo.findOwnByNotification(db, user.id, body.id_notificacao);
    if (held) return { criada: false, mensagem: presentMessage(held) };
    if (await repo.notificationExists(db, body.id_notificacao)) idNotificacao = body.id_notificacao;
  }
  const values: repo.MessageValues = {
    id_usuario: user.id,
    id_notificacao: idNotificacao,
    type: body.type,
    title: body.title,
    body: body.body,
    image: body.image,
    dat_recece: nowIso(),
  };
  const row = await repo.insertMessage(db, values);
  if (row) return { criada: true, mensagem: presentMessage(row) };
  // Stored by the fan-out between the look-up and the insert.
  const held =
    idNotificacao === null ? undefined : await repo.findOwnByNotification(db, user.id, idNotificacao);
  if (!held) throw new Error('notificação não gravada');
  return { criada: false, mensagem: presentMessage(held) };
}

/**
 * Stores a notification for one person from the programme itself (no admin's notification
 * row): a winner of an apuração learns it here (issue 36). Type 'N', no image.
 */
export async function notifyPerson(
  db: Kysely<Database>,
  idUsuario: number,
  message: { title: string; body: string },
): Promise<void> {
  await repo.insertMessage(db, {
    id_usuario: idUsuario,
    id_notificacao: null,
    type: 'N',
    title: message.title,
    body: message.body,
    image: '',
    dat_recece: nowIso(),
  });
}

/** A P-256 public key (65 bytes, uncompressed, on the curve) and a 16-byte auth secret. */
function validKeys(p256dh: string, auth: string): boolean {
  const pub = Buffer.from(p256dh, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4 || Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(pub);
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers the browser's push subscription for the caller: one row per endpoint; the same
 * endpoint again updates its keys, flags and device and moves it to the caller (a shared
 * browser now belongs to whoever logged in last). `criada` tells a new row from an update.
 * The endpoint must be https on public addresses (400 otherwise: the server would POST there),
 * and a person holds at most PUSH_SUBSCRIPTIONS_MAX of them: one more is refused with 409
 * rather than replacing the oldest, so nobody's working device silently stops getting pushes.
 */
export async function saveToken(
  db: Kysely<Database>,
  dialect: Dialect,
  push: Pick<Push, 'acceptsEndpoint'>,
  user: AuthUser,
  body: TokenBody,
  requestIp: string,
): Promise<{ criada: boolean }> {
  const { endpoint, keys } = body.token;
  if (!validKeys(keys.p256dh, keys.auth)) throw new HttpError(400, MSG_NOTIFICACAO.assinaturaInvalida);
  if (!(await push.acceptsEndpoint(endpoint))) throw new HttpError(400, MSG_NOTIFICACAO.enderecoRecusado);
  return transaction(db, async (trx) => {
    // Parallel registrations of one person count one after the other.
    await users.lockPersonRow(trx, dialect, user.id);
    const existing = await repo.findSubscription(trx, endpoint);
    if (
      existing?.id_usuario !== user.id &&
      (await repo.countSubscriptions(trx, user.id)) >= PUSH_SUBSCRIPTIONS_MAX
    ) {
      throw new HttpError(409, MSG_NOTIFICACAO.limiteAparelhos);
    }
    await repo.upsertSubscription(
      trx,
      {
        id_usuario: user.id,
        endpoint,
        p256dh: keys.p256dh.replace(/=+$/, ''),
        auth: keys.auth.replace(/=+$/, ''),
        ies_promocao: body.ies_promocao,
        ies_live: body.ies_live,
        ies_sorteio: body.ies_sorteio,
        device: body.device,
        os_version: body.os_version,
        ip: body.ip || requestIp,
      },
      nowIso(),
    );
    return { criada: !existing };
  });
}
