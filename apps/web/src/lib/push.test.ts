import { MSG_NOTIFICACAO } from '@praca/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import {
  checkPushSupport,
  currentPushState,
  disablePush,
  enablePush,
  listenToServiceWorker,
  osVersion,
  pushSupported,
  salvaTokenBody,
  storeForegroundPush,
  urlBase64ToUint8Array,
} from './push';

const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk1pJ1wKQ', auth: 'c2VjcmV0' },
};
const PUBLIC_KEY = 'BAEC_-8';
const UA = '  Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36 ';

function fakeSubscription() {
  return {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
  } as unknown as PushSubscription;
}

/** A browser with Web Push: the service worker container, PushManager and Notification. */
function installPush(permission: NotificationPermission, existing: PushSubscription | null = null) {
  const subscribe = vi.fn(async () => fakeSubscription());
  const registration = {
    pushManager: { getSubscription: vi.fn(async () => existing), subscribe },
  };
  const container = Object.assign(new EventTarget(), {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    startMessages: vi.fn(),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  return { container, registration, subscribe, requestPermission };
}

let api: MockApi;

beforeEach(() => {
  api = mockApi({
    'GET /v1/pushnotification/chave': () => jsonResponse(200, { publicKey: PUBLIC_KEY }),
    'POST /v1/usuarios/salvatoken': () => jsonResponse(201, { ok: true }),
    'POST /v1/usuarios/notificacao': () => jsonResponse(201, { id_message: 5 }),
  });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA);
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
});

describe('support', () => {
  it("without a service worker or the Push API: console.warn 'Notificações não são suportadas neste ambiente'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(pushSupported()).toBe(false);
    expect(checkPushSupport()).toBe(false);
    expect(warn).toHaveBeenCalledWith('Notificações não são suportadas neste ambiente');
    expect(MSG_NOTIFICACAO.naoSuportado).toBe('Notificações não são suportadas neste ambiente');
    expect(await currentPushState()).toBe('indisponivel');
    expect(await enablePush()).toBe('indisponivel');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('is supported with serviceWorker, PushManager and Notification, and does not warn', () => {
    installPush('granted');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(checkPushSupport()).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('enablePush', () => {
  it('asks the permission, registers <base>sw.js, subscribes with the VAPID key and sends salvatoken', async () => {
    const { container, subscribe, requestPermission } = installPush('granted');
    expect(await enablePush()).toBe('ativado');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(PUBLIC_KEY),
    });
    expect(api.bodyOf('POST', '/v1/usuarios/salvatoken')).toEqual({
      token: SUBSCRIPTION_JSON,
      ies_promocao: 'S',
      ies_live: 'S',
      ies_sorteio: 'S',
      device: UA.trim(),
      os_version: 'Android 14',
      ip: '',
    });
  });

  it('asks the permission before anything else is awaited (the click is the user gesture)', async () => {
    const { requestPermission } = installPush('granted');
    const running = enablePush();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await expect(running).resolves.toBe('ativado');
  });

  it('keeps an existing subscription: no new key, the token is sent again', async () => {
    const { subscribe } = installPush('granted', fakeSubscription());
    expect(await enablePush()).toBe('ativado');
    expect(subscribe).not.toHaveBeenCalled();
    expect(api.calls('GET', '/v1/pushnotification/chave')).toHaveLength(0);
    expect(api.calls('POST', '/v1/usuarios/salvatoken')).toHaveLength(1);
  });

  it('denied permission: no service worker, no token sent', async () => {
    const { container } = installPush('denied');
    expect(await enablePush()).toBe('negado');
    expect(container.register).not.toHaveBeenCalled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('a failing salvatoken throws with the server message', async () => {
    installPush('granted');
    api.routes['POST /v1/usuarios/salvatoken'] = () =>
      jsonResponse(400, { erro: MSG_NOTIFICACAO.assinaturaInvalida });
    await expect(enablePush()).rejects.toThrow(MSG_NOTIFICACAO.assinaturaInvalida);
  });

  it('the state: ativado with a subscription, desativado without, negado when refused', async () => {
    installPush('granted', fakeSubscription());
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    expect(await currentPushState()).toBe('ativado');
    installPush('granted', null);
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    expect(await currentPushState()).toBe('desativado');
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    expect(await currentPushState()).toBe('negado');
  });
});

describe('helpers', () => {
  it('decodes base64url keys', () => {
    expect(Array.from(urlBase64ToUint8Array('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });

  it('names the system from the user agent', () => {
    expect(osVersion('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)')).toBe('iOS 17.4');
    expect(osVersion('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows 10');
    expect(osVersion('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
    expect(osVersion('curl/8')).toBe('');
    expect(salvaTokenBody(fakeSubscription(), 'x'.repeat(300)).device).toHaveLength(200);
  });
});

describe('foreground push', () => {
  it('stores the push as the person notification (type N, with id_notificacao)', async () => {
    expect(
      await storeForegroundPush({
        title: 'Feira',
        body: 'Sábado\nna praça',
        image: 'http://localhost/img/users/a-0badcafe.png',
        url: '/notificacao',
        id_notificacao: 7,
      }),
    ).toBe(true);
    expect(api.bodyOf('POST', '/v1/usuarios/notificacao')).toEqual({
      type: 'N',
      title: 'Feira',
      body: 'Sábado\nna praça',
      image: 'http://localhost/img/users/a-0badcafe.png',
      id_notificacao: 7,
    });
  });

  it('stores nothing without a title', async () => {
    expect(await storeForegroundPush({ body: 'x' })).toBe(false);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("hears the service worker's messages until stopped", () => {
    const { container } = installPush('granted');
    const onPush = vi.fn();
    const onOpen = vi.fn();
    const stop = listenToServiceWorker({ onPush, onOpen });
    expect(container.startMessages).toHaveBeenCalled();
    const post = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));
    post({ type: 'praca-push', notificacao: { title: 'Oi' } });
    post({ type: 'praca-open', path: '/notificacao' });
    post({ type: 'praca-open', path: 'https://evil.example/' });
    post('texto');
    expect(onPush).toHaveBeenCalledWith({ title: 'Oi' });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith('/notificacao');
    stop();
    post({ type: 'praca-push', notificacao: { title: 'Depois' } });
    expect(onPush).toHaveBeenCalledTimes(1);
  });
});

describe('leaving (Sair, account removal)', () => {
  it("unsubscribes this browser's subscription, so the next person here gets none of the pushes", async () => {
    const unsubscribe = vi.fn(async () => true);
    const existing = Object.assign(fakeSubscription(), { unsubscribe });
    installPush('granted', existing);
    await disablePush();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing and never throws without support or without a subscription', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(disablePush()).resolves.toBeUndefined();
    installPush('granted', null);
    await expect(disablePush()).resolves.toBeUndefined();
  });
});
