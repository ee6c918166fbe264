import type { SalvaTokenBody } from '@praca/contract';
import { MSG_NOTIFICACAO } from '@praca/contract/plain';
import { basePath } from '@/config/env';
import { client } from './api-client';
import type { PushPayload } from './push-listen';

/**
 * Web Push in the browser (spec §4 push permission and foreground push, issue 8): the
 * service worker public/sw.js shows the pushes; this module registers it, asks the
 * permission from a click, sends the subscription to the API, and hears the pushes that
 * arrive while the app is open.
 */

export { listenToServiceWorker, NOTIFICACOES_QUERY_KEY } from './push-listen';
export type { PushPayload } from './push-listen';

/** Whether this browser has what Web Push needs: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** {@link pushSupported}, warning in the console when it is not (spec §8, to the letter). */
export function checkPushSupport(): boolean {
  if (pushSupported()) return true;
  console.warn(MSG_NOTIFICACAO.naoSuportado);
  return false;
}

/**
 * 'indisponivel' no support; 'negado' the person refused in the browser; 'ativado' this
 * browser holds a subscription; 'desativado' none yet (the button may ask).
 */
export type PushState = 'indisponivel' | 'negado' | 'ativado' | 'desativado';

/** The service worker's address and scope: the app's base path (`/` or `/praca/`). */
const serviceWorkerUrl = () => `${basePath()}sw.js`;

/** The registration under the app's scope, if there is one (no new registration). */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration(basePath());
  } catch {
    return undefined;
  }
}

/** Where this browser stands, without asking anything. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'indisponivel';
  if (Notification.permission === 'denied') return 'negado';
  if (Notification.permission !== 'granted') return 'desativado';
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return subscription ? 'ativado' : 'desativado';
}

/** A base64url VAPID key as the bytes `pushManager.subscribe` wants. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The system and its version from a user agent, e.g. 'Android 14', 'iOS 17.4', 'Windows 10'. */
export function osVersion(userAgent: string): string {
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/Android\s+([\d.]+)/i, (m) => `Android ${m[1]}`],
    [/(?:iPhone|CPU) OS\s+([\d_]+)/i, (m) => `iOS ${m[1]!.replace(/_/g, '.')}`],
    [/Windows NT\s+([\d.]+)/i, (m) => `Windows ${m[1] === '10.0' ? '10' : m[1]}`],
    [/Mac OS X\s+([\d_.]+)/i, (m) => `macOS ${m[1]!.replace(/_/g, '.')}`],
    [/CrOS/i, () => 'ChromeOS'],
    [/Linux/i, () => 'Linux'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(userAgent);
    if (m) return name(m);
  }
  return '';
}

/** The salvatoken body for a subscription (spec §3 Push token registration; flags default S). */
export function salvaTokenBody(
  subscription: PushSubscription,
  userAgent = navigator.userAgent,
): SalvaTokenBody {
  const ua = userAgent.trim();
  return {
    token: subscription.toJSON() as SalvaTokenBody['token'],
    ies_promocao: 'S',
    ies_live: 'S',
    ies_sorteio: 'S',
    device: ua.slice(0, 200),
    os_version: osVersion(ua),
    ip: '',
  };
}

/**
 * Turns push on for this browser; call it straight from a click (the permission prompt
 * needs a user gesture, so nothing is awaited before it). Answers the new state: 'negado'
 * when the person refuses (no token is sent), 'indisponivel' without support. A failed
 * call (the key, the subscription, salvatoken) throws.
 */
export async function enablePush(): Promise<PushState> {
  if (!checkPushSupport()) return 'indisponivel';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'negado' : 'desativado';

  const base = basePath();
  await navigator.serviceWorker.register(serviceWorkerUrl(), { scope: base });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const chave = (await client.GET('/v1/pushnotification/chave')).data as {
      publicKey?: unknown;
    } | null;
    if (typeof chave?.publicKey !== 'string') throw new Error(MSG_NOTIFICACAO.erroPush);
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(chave.publicKey),
    });
  }
  // Sent every time: the server updates the row of an endpoint it already has.
  await client.POST('/v1/usuarios/salvatoken', { body: salvaTokenBody(subscription) });
  return 'ativado';
}

/**
 * Turns push off for this browser when the person leaves (Sair, account removal), so the next
 * person on this browser does not get their messages: the push service then answers 410 to
 * the server, which deletes the row. Never throws and never waits more than a moment.
 */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await existingRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Best effort: the server still drops the row once the push service says it is gone.
  }
}

/**
 * Stores a push that arrived while the app was open as the person's notification
 * (`POST /v1/usuarios/notificacao`, type N; spec §4). With `id_notificacao` the server answers
 * the row the fan-out already made. Answers false when the payload has nothing to store.
 */
export async function storeForegroundPush(payload: PushPayload): Promise<boolean> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const id = Number(payload.id_notificacao);
  // The contract's body schema (zod) is fetched only when a push arrives: the layout that
  // listens is on every page, and zod stays off the consumer's first load (decision 016).
  const { NotificacaoUsuarioBody } = await import('@praca/contract');
  const parsed = NotificacaoUsuarioBody.safeParse({
    type: 'N',
    title: text(payload.title),
    body: text(payload.body),
    image: text(payload.image),
    ...(Number.isInteger(id) && id > 0 ? { id_notificacao: id } : {}),
  });
  if (!parsed.success) return false;
  await client.POST('/v1/usuarios/notificacao', { body: parsed.data });
  return true;
}
