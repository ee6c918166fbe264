import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { testSession } from '@/test/sessions';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { getListInWorker, type ListWorker } from './list-in-worker';
import { fetchListInSlices, LIST_SLICE, type ListMessage, type ListRequest } from './list-worker-core';
import { getSession, setSession } from './session';

/**
 * A stand-in for the browser's Worker that runs the real worker code (list-worker-core) on this
 * thread, with the test's fetch, and hands each message to the page in a task of its own.
 */
class FakeWorker implements ListWorker {
  onmessage: ListWorker['onmessage'] = null;
  onerror: ListWorker['onerror'] = null;
  terminated = false;
  requests: ListRequest[] = [];
  delivered = 0;
  constructor(private readonly fetchFn: typeof fetch) {}
  postMessage(request: ListRequest) {
    this.requests.push(request);
    void fetchListInSlices(
      request,
      (message) => {
        setTimeout(() => {
          if (this.terminated) return;
          this.delivered++;
          this.onmessage?.({ data: message } as MessageEvent<ListMessage>);
        }, 0);
      },
      this.fetchFn,
    );
  }
  terminate() {
    this.terminated = true;
  }
}

const shops = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id_estabelecimento: i + 1, nome: `Loja ${i + 1}` }));

let workerFetch: ReturnType<typeof vi.fn>;
let pageFetch: ReturnType<typeof vi.fn>;
let worker: FakeWorker;
const create = () => worker;

beforeEach(() => {
  workerFetch = vi.fn();
  pageFetch = vi.fn();
  vi.stubGlobal('fetch', pageFetch);
  worker = new FakeWorker(workerFetch as unknown as typeof fetch);
  setUnauthorizedHandler(vi.fn());
  setSession(testSession({ token: 'tok-9' }));
});

describe('fetchListInSlices (the worker)', () => {
  it('asks with the token and JSON, then sends the list in slices of 200 and "done"', async () => {
    const fetchFn = vi.fn(async () => jsonResponse(200, shops(450)));
    const messages: ListMessage[] = [];
    await fetchListInSlices({ url: '/v1/x?cod_cidade=1', token: 'tok' }, (m) => messages.push(m), fetchFn);

    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/x?cod_cidade=1');
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(messages.map((m) => (m.type === 'slice' ? m.items.length : m.type))).toEqual([
      LIST_SLICE,
      LIST_SLICE,
      50,
      'done',
    ]);
  });

  it('answers "fallback" to an error status, a body that is not a list, and a failed connection', async () => {
    for (const fetchFn of [
      async () => jsonResponse(401, { erro: 'Sessão expirada' }),
      async () => jsonResponse(200, { erro: 'não é uma lista' }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      const messages: ListMessage[] = [];
      await fetchListInSlices({ url: '/v1/x', token: null }, (m) => messages.push(m), fetchFn);
      expect(messages).toEqual([{ type: 'fallback' }]);
    }
  });
});

describe('getListInWorker (the page)', () => {
  it('puts the slices together in order, leaves out non-objects, and ends the worker', async () => {
    workerFetch.mockResolvedValue(jsonResponse(200, [...shops(430), 7, null, ['x']]));
    const list = await getListInWorker<{ id_estabelecimento: number }>(
      '/v1/estabelecimentos',
      { query: { cod_cidade: 3548500 } },
      create,
    );

    expect(list).toHaveLength(430);
    expect(list.map((s) => s.id_estabelecimento)).toEqual(shops(430).map((s) => s.id_estabelecimento));
    expect(worker.requests).toEqual([{ url: '/v1/estabelecimentos?cod_cidade=3548500', token: 'tok-9' }]);
    expect(worker.delivered).toBe(4); // three slices and 'done', each its own task
    expect(worker.terminated).toBe(true);
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it('on a 401 in the worker, makes the call itself: the session ends and the API error comes back', async () => {
    workerFetch.mockResolvedValue(jsonResponse(401, { erro: 'Sessão expirada' }));
    pageFetch.mockResolvedValue(jsonResponse(401, { erro: 'Sessão expirada' }));
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);

    const error = await getListInWorker('/v1/estabelecimentos', {}, create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Sessão expirada');
    expect(pageFetch).toHaveBeenCalledTimes(1);
    expect(toLogin).toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(worker.terminated).toBe(true);
  });

  it('when the worker itself fails, reads the list on this thread', async () => {
    pageFetch.mockResolvedValue(jsonResponse(200, shops(3)));
    const broken: ListWorker = {
      onmessage: null,
      onerror: null,
      postMessage() {
        setTimeout(() => broken.onerror?.(new Event('error') as ErrorEvent), 0);
      },
      terminate: vi.fn(),
    };
    await expect(getListInWorker('/v1/estabelecimentos', {}, () => broken)).resolves.toEqual(shops(3));
    expect(broken.terminate).toHaveBeenCalled();
  });

  it('without Worker (tests, old browsers) asks on this thread', async () => {
    pageFetch.mockResolvedValue(jsonResponse(200, shops(2)));
    await expect(getListInWorker('/v1/estabelecimentos', {}, () => null)).resolves.toEqual(shops(2));
    expect(pageFetch).toHaveBeenCalledTimes(1);
  });

  it('a cancelled call ends the worker and rejects with the signal’s reason', async () => {
    let answer: (r: Response) => void = () => {};
    workerFetch.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const controller = new AbortController();
    const pending = getListInWorker('/v1/estabelecimentos', { signal: controller.signal }, create);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
    answer(jsonResponse(200, shops(1)));
    await new Promise((r) => setTimeout(r, 5));
    expect(worker.delivered).toBe(0);
  });
});
