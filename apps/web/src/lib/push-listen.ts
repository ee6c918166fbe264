/*
 * The part of lib/push.ts every logged-in page needs at once (the bell's query key and the
 * service worker's listener), apart so the rest — subscription, salvatoken, the contract's
 * body schema — loads only when used (decision 016). lib/push.ts re-exports all of it.
 */

/** The react-query key of the person's unread notifications (the bell's badge); the page's list, read ones too, sits under it. */
export const NOTIFICACOES_QUERY_KEY = ['usuarios', 'notificacao'] as const;

/** What public/sw.js sends about a push: { title, body, image, url, id_notificacao }. */
export interface PushPayload {
  title?: unknown;
  body?: unknown;
  image?: unknown;
  url?: unknown;
  id_notificacao?: unknown;
}

export interface ForegroundHandlers {
  /** A push arrived (the payload as the service worker got it). */
  onPush: (payload: PushPayload) => void;
  /** A notification was clicked: go to this app path (e.g. '/notificacao'). */
  onOpen: (path: string) => void;
}

/** Listens to the service worker's messages to this window; answers the function that stops. */
export function listenToServiceWorker({ onPush, onOpen }: ForegroundHandlers): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const container = navigator.serviceWorker;
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!data || typeof data !== 'object') return;
    const message = data as { type?: unknown; notificacao?: unknown; path?: unknown };
    if (message.type === 'praca-push' && message.notificacao && typeof message.notificacao === 'object') {
      onPush(message.notificacao as PushPayload);
    } else if (
      message.type === 'praca-open' &&
      typeof message.path === 'string' &&
      message.path.startsWith('/')
    ) {
      onOpen(message.path);
    }
  };
  container.addEventListener('message', listener);
  // Messages sent before the page finished loading wait for this.
  container.startMessages?.();
  return () => container.removeEventListener('message', listener);
}
