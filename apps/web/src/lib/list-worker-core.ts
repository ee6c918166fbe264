/**
 * Decision 031: a long list's answer is fetched and parsed in a worker (lib/list-worker.ts), and
 * reaches the page in slices. This is the worker's part, apart so that it can be tested in Node.
 */

/** What the page asks the worker: the whole address and the session's token. */
export interface ListRequest {
  url: string;
  token: string | null;
}

/**
 * The worker's answers, in order: the list in slices, then 'done'. 'fallback' means anything but
 * a 200 with an array (an error status, a network failure, another shape): the page then makes
 * the call itself, so that its errors, its 401 handling and its messages stay the API client's.
 */
export type ListMessage = { type: 'slice'; items: unknown[] } | { type: 'done' } | { type: 'fallback' };

/**
 * Items per message. Each message is read by the page in a task of its own: 200 shops take about
 * 1 ms there, where the whole list of a city (1,905 shops, 957 kB) took two tasks of 20–50 ms.
 */
export const LIST_SLICE = 200;

export async function fetchListInSlices(
  request: ListRequest,
  post: (message: ListMessage) => void,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  let data: unknown;
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    const res = await fetchFn(request.url, { headers });
    if (res.status !== 200) return post({ type: 'fallback' });
    data = await res.json();
  } catch {
    return post({ type: 'fallback' });
  }
  if (!Array.isArray(data)) return post({ type: 'fallback' });
  for (let i = 0; i < data.length; i += LIST_SLICE)
    post({ type: 'slice', items: data.slice(i, i + LIST_SLICE) });
  post({ type: 'done' });
}
