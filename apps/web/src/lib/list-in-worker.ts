import { api, buildUrl, type RequestOptions } from './api-client';
import type { ListMessage, ListRequest } from './list-worker-core';
import { objectList } from './parse-list';
import { getToken } from './session';

/** The part of a Worker this needs (a test passes a fake one). */
export type ListWorker = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((event: MessageEvent<ListMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

function createListWorker(): ListWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./list-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

const isObject = (item: unknown): item is object =>
  item !== null && typeof item === 'object' && !Array.isArray(item);

/**
 * A GET of a long list (decision 031): the answer is fetched and parsed in a worker, so the page's
 * own thread neither receives nor parses the whole body at once; the items come in slices, each
 * read in a short task. Like `objectList`, non-object items are left out. Anything but a 200 with
 * an array, or no Worker at all (tests, old browsers), and the call is made here through the API
 * client, with its errors, messages and 401 handling.
 */
export function getListInWorker<T extends object>(
  path: string,
  { query, signal }: Pick<RequestOptions, 'query' | 'signal'> = {},
  createWorker: () => ListWorker | null = createListWorker,
): Promise<T[]> {
  const onThisThread = async () => objectList<T>((await api.get<unknown>(path, { query, signal })).data);
  if (signal?.aborted) return onThisThread();
  const worker = createWorker();
  if (!worker) return onThisThread();
  return new Promise<T[]>((resolve, reject) => {
    const items: T[] = [];
    const end = () => {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const instead = () => {
      end();
      onThisThread().then(resolve, reject);
    };
    function onAbort() {
      end();
      reject(signal?.reason ?? new DOMException('A chamada foi cancelada.', 'AbortError'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'slice') {
        for (const item of message.items) if (isObject(item)) items.push(item as T);
      } else if (message.type === 'done') {
        end();
        resolve(items);
      } else instead();
    };
    worker.onerror = instead;
    const request: ListRequest = { url: buildUrl(path, query), token: getToken() };
    worker.postMessage(request);
  });
}
