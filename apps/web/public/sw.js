/* global self, clients */
/**
 * Praça's service worker (issue 8), hand-written: it only shows Web Push messages and opens
 * the app when one is clicked. No caching, no offline pages.
 *
 * Registered by src/lib/push.ts at `<base>sw.js` with scope `<base>`, so every address here
 * is resolved against `self.registration.scope` and the app works under a base path.
 *
 * Push payload (sent by the API, JSON): { title, body, image, url, id_notificacao }, where
 * `image` is an absolute URL or '' and `url` an app path such as '/notificacao'.
 *
 * Messages posted to the app's open windows (read by src/lib/push.ts):
 *   { type: 'praca-push', notificacao: payload } a push arrived (the app stores it and
 *                                                refreshes the bell's badge);
 *   { type: 'praca-open', path: '/notificacao' } a notification was clicked while this
 *                                                window was open (the app's router goes there).
 */

const scope = () => new URL(self.registration.scope);
const ICON = () => new URL('icons/icon-192.png', scope()).href;

// A new version takes over at once, without waiting for the old tabs to close.
self.addEventListener('install', () => {
  self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload as an object; a push without JSON still shows its text. */
function readPayload(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch {
    return { body: data.text() };
  }
}

/** The app path ('/notificacao') and its absolute URL under the scope; other origins are refused. */
function target(url) {
  const base = scope();
  let path = typeof url === 'string' && url ? url : '/notificacao';
  if (/^https?:\/\//i.test(path)) {
    const abs = new URL(path);
    if (abs.origin !== base.origin) path = '/notificacao';
    else path = abs.pathname + abs.search + abs.hash;
  }
  // A path that already carries the base path ('/praca/notificacao') loses it first.
  if (base.pathname !== '/' && path.startsWith(base.pathname)) path = path.slice(base.pathname.length - 1);
  if (!path.startsWith('/')) path = `/${path}`;
  return { path, href: new URL(path.slice(1), base).href };
}

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Praça';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON(),
    badge: ICON(),
    lang: 'pt-BR',
    data: { url: target(payload.url).path },
  };
  if (typeof payload.image === 'string' && payload.image) options.image = payload.image;
  if (payload.id_notificacao) options.tag = `notificacao-${payload.id_notificacao}`;

  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // Open windows store it as the person's notification and refresh the badge (spec §4).
      windows().then((list) =>
        list.forEach((client) => client.postMessage({ type: 'praca-push', notificacao: payload })),
      ),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { path, href } = target(event.notification.data && event.notification.data.url);
  event.waitUntil(
    windows().then((list) => {
      const base = scope().href;
      const open = list.find((client) => client.url.startsWith(base));
      if (open) {
        // The app's own router goes to the page, without reloading it.
        open.postMessage({ type: 'praca-open', path });
        return open.focus();
      }
      return clients.openWindow(href);
    }),
  );
});
