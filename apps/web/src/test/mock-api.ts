import { vi } from 'vitest';

/** A JSON answer, as the API sends it; `headers` add to (or override) the Content-Type. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Answers one request; gets the parsed URL (with its query) and the fetch options. */
type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
/** Routes keyed `'METHOD /path'` (path without the query). */
export type Routes = Record<string, Route>;
export type MockApi = ReturnType<typeof mockApi>;

const methodOf = (init: unknown) => (init as RequestInit | undefined)?.method ?? 'GET';
const urlOf = (input: unknown) => new URL(String(input), 'http://localhost');

/**
 * Stubs the global fetch with a route table: a request goes to `routes['METHOD /path']` and
 * an unknown one gets a 404. The table is read on every call, so a test can swap a route.
 */
export function mockApi(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const key = `${methodOf(init)} ${url.pathname}`;
    const handler = routes[key];
    return handler ? handler(url, init) : jsonResponse(404, { erro: `sem rota ${key}` });
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The fetch calls (`[input, init]`) made to one route, in order. */
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => urlOf(input).pathname === path && methodOf(init) === method,
    );

  /** The same calls, with the URL parsed and the JSON body read. */
  const requests = (method: string, path: string) =>
    calls(method, path).map(([input, init]) => ({
      url: urlOf(input),
      init,
      body: init?.body == null ? undefined : (JSON.parse(String(init.body)) as unknown),
    }));

  /** The JSON body of the first call to one route. */
  const bodyOf = (method: string, path: string) =>
    JSON.parse(String(calls(method, path)[0]?.[1]?.body)) as Record<string, unknown>;

  return { routes, fetchMock, calls, requests, bodyOf };
}
