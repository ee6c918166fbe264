import { apiUrl, basePath } from '@/config/env';
import type {
  Client,
  ClientPathsWithMethod,
  MethodResponse,
  ParamsOption,
  RequestBodyOption,
} from 'openapi-fetch';
import { clearSession, getToken } from './session';
import type { paths } from './api/openapi';

/**
 * The one API client (architecture.md): JSON in and out (or a FormData upload in), the session's bearer token, and
 * any 401 answer to an authenticated call clears the session and goes to /login (spec §4).
 * Calls made without the session (logins, registration, the city list with Basic auth) are
 * left alone on 401: there a 401 just means "wrong credentials".
 */

type Auth = 'bearer' | 'none' | { basic: { user: string; pass: string } };

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  auth?: Auth;
  signal?: AbortSignal;
  /** 'blob': a successful answer's body as it came (a PDF), not read as text. */
  as?: 'blob';
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const NETWORK_ERROR = 'Não foi possível falar com o servidor. Verifique sua conexão.';

/**
 * The status texts a person may read (spec §8 'Ocorreu um erro no cadastro {status text}'), in
 * Portuguese: no English reaches a person. An answer's own `erro` is preferred where it has one.
 */
const STATUS_TEXT: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autorizado',
  403: 'Acesso negado',
  404: 'Não encontrado',
  405: 'Operação não permitida',
  408: 'Tempo de requisição esgotado',
  409: 'Conflito com um registro existente',
  413: 'Conteúdo grande demais',
  415: 'Tipo de conteúdo não suportado',
  422: 'Dados inválidos',
  429: 'Muitas tentativas',
  500: 'Erro interno do servidor',
  502: 'Servidor indisponível',
  503: 'Serviço indisponível',
  504: 'O servidor demorou demais para responder',
};

/** The Portuguese status text of an HTTP status, e.g. 400 'Requisição inválida'. */
export function statusText(status: number): string {
  const known = STATUS_TEXT[status];
  if (known) return known;
  if (status >= 500) return 'Erro no servidor';
  if (status >= 400) return 'Requisição recusada';
  return `Erro ${status}`;
}

/** The Portuguese message of an error answer: `erro`, or `msg`, or `error` (domain §1). */
export function errorMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    for (const key of ['erro', 'msg', 'error'] as const) {
      const v = (data as Record<string, unknown>)[key];
      if (typeof v === 'string' && v.trim()) return v;
    }
  }
  if (typeof data === 'string' && data.trim() && data.length < 300) return data;
  return undefined;
}

/** The message to show for any thrown value. */
export function describeError(error: unknown, fallback = 'Ocorreu um erro inesperado'): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign(`${basePath()}login`);
};

/** The router installs navigation to /login here (app/router.tsx). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin);
}

/** An absolute http(s) address, called as given (the image service may live on another host). */
const isAbsoluteUrl = (path: string): boolean => /^https?:\/\//i.test(path);

/** The address a call to `path` with `query` goes to. */
function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = isAbsoluteUrl(path) ? path : `${apiUrl()}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Answers that public/home-prefetch.js asked for before this code arrived (decision 016),
 * by URL. Taken once, and only by a GET with the same token; otherwise the call is made anew.
 */
function takeEarly(method: string, url: string, token: string | null): Promise<Response> | null {
  if (method !== 'GET' || !token || typeof window === 'undefined') return null;
  const early = (window as { __pracaEarly?: Record<string, { token: string; response: Promise<Response> }> })
    .__pracaEarly;
  const hit = early?.[url];
  if (!hit) return null;
  delete early[url];
  return hit.token === token ? hit.response : null;
}

async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, auth = 'bearer', signal, as } = options;
  const headers = new Headers({ Accept: 'application/json' });
  // A FormData body (a file upload) sets its own multipart type with the boundary.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers.set('Content-Type', 'application/json');
  const token = auth === 'bearer' ? getToken() : null;
  if (auth === 'bearer') {
    if (token) headers.set('Authorization', `Bearer ${token}`);
  } else if (auth !== 'none') {
    headers.set('Authorization', `Basic ${base64(`${auth.basic.user}:${auth.basic.pass}`)}`);
  }

  let res: Response;
  try {
    const url = buildUrl(path, query);
    res = await (takeEarly(method, url, token) ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, NETWORK_ERROR);
  }

  const data = res.ok && as === 'blob' ? await res.blob() : await parseBody(res);
  // A late answer to a request made with an older token must not end a newer session.
  if (res.status === 401 && auth === 'bearer' && getToken() === token) {
    clearSession();
    onUnauthorized();
  }
  if (!res.ok) {
    throw new ApiError(res.status, data, errorMessage(data) ?? statusText(res.status));
  }
  return { status: res.status, data: data as T, headers: res.headers };
}

/**
 * A call to an absolute address outside the API's prefix: the image service's upload script,
 * whose host may be another (VITE_IMG_URL; lib/image-client.ts). Same token, 401 and errors.
 */
export function postToUrl(url: string, body: unknown, signal?: AbortSignal): Promise<ApiResponse<unknown>> {
  return apiRequest(url, { method: 'POST', body, signal });
}

/*
 * The typed surface (issue 51): every route, its path parameters, its query and its body are
 * those of `paths`, the types `npm run openapi` writes from the API's own zod schemas
 * (lib/api/openapi.d.ts). A route or a field renamed in the contract fails the web's typecheck.
 * The types are openapi-fetch's; the runtime is the small one above (decision: openapi-fetch's
 * own runtime would add ~2 kB to the home's JS), so an answer that is not 2xx throws ApiError.
 */

type Api = Client<paths>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The routes that answer `method`, as the OpenAPI document spells them (`/v1/apuracoes/{id_apuracao}`). */
export type ApiPath<M extends Method> = ClientPathsWithMethod<Api, M>;
type Operation<M extends Method, P extends ApiPath<M>> = paths[P][M];

interface CallOptions {
  /** 'bearer' (the default): the session's token; 'none'; or Basic credentials. */
  auth?: Auth;
  signal?: AbortSignal;
}
/** The route's `params` ({path, query}) and `body` (or a FormData upload), with the call's options. */
type ApiInit<M extends Method, P extends ApiPath<M>> = ParamsOption<Operation<M, P>> &
  (RequestBodyOption<Operation<M, P>> | { body: FormData }) &
  CallOptions;
/** The init argument: optional when the route needs no path parameter, query or body. */
type InitArg<M extends Method, P extends ApiPath<M>> =
  object extends ApiInit<M, P> ? [init?: ApiInit<M, P>] : [init: ApiInit<M, P>];
/** The JSON body a route takes, as the OpenAPI document says (numbers where the contract coerces). */
export type ApiBody<M extends Method, P extends ApiPath<M>> = NonNullable<
  RequestBodyOption<Operation<M, P>>['body']
>;
/** What a 2xx answer of the route holds, as the OpenAPI document says. */
export type ApiData<M extends Method, P extends ApiPath<M>> = MethodResponse<Api, M, P>;

interface Params {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/** `/v1/apuracoes/{id_apuracao}` with its parameters in place, each URL-encoded. */
function fillPath(path: string, params: Params['path']): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Parâmetro ${name} faltando em ${path}`);
    return encodeURIComponent(String(value));
  });
}

function call(method: Uppercase<Method>, path: string, init: unknown, as?: 'blob') {
  const { params, body, auth, signal } = (init ?? {}) as { params?: Params; body?: unknown } & CallOptions;
  return apiRequest<unknown>(fillPath(path, params?.path), {
    method,
    body,
    query: params?.query as RequestOptions['query'],
    auth,
    signal,
    as,
  });
}

/**
 * The typed API client: `client.GET('/v1/apuracoes/{id_apuracao}', { params: { path: { id_apuracao } } })`.
 * Each answers `{ status, data, headers }` with `data` typed from the route; the feature's api
 * file then parses it with the contract's schema. `blob` is a GET whose 2xx body is kept as it
 * came (a PDF, a CSV, an export).
 */
export const client = {
  GET: <P extends ApiPath<'get'>>(path: P, ...init: InitArg<'get', P>) =>
    call('GET', path, init[0]) as Promise<ApiResponse<ApiData<'get', P>>>,
  POST: <P extends ApiPath<'post'>>(path: P, ...init: InitArg<'post', P>) =>
    call('POST', path, init[0]) as Promise<ApiResponse<ApiData<'post', P>>>,
  PUT: <P extends ApiPath<'put'>>(path: P, ...init: InitArg<'put', P>) =>
    call('PUT', path, init[0]) as Promise<ApiResponse<ApiData<'put', P>>>,
  PATCH: <P extends ApiPath<'patch'>>(path: P, ...init: InitArg<'patch', P>) =>
    call('PATCH', path, init[0]) as Promise<ApiResponse<ApiData<'patch', P>>>,
  DELETE: <P extends ApiPath<'delete'>>(path: P, ...init: InitArg<'delete', P>) =>
    call('DELETE', path, init[0]) as Promise<ApiResponse<ApiData<'delete', P>>>,
  blob: <P extends ApiPath<'get'>>(path: P, ...init: InitArg<'get', P>) =>
    call('GET', path, init[0], 'blob') as Promise<ApiResponse<Blob>>,
};

/**
 * The address of a GET route, for a link, a redirect or a download the browser makes itself
 * (no bearer token goes along): `href('/v1/apuracoes/{id_apuracao}/ata.pdf', { path: { id_apuracao } })`.
 */
export function href<P extends ApiPath<'get'>>(
  path: P,
  ...params: object extends NonNullable<ParamsOption<Operation<'get', P>>['params']>
    ? [params?: ParamsOption<Operation<'get', P>>['params']]
    : [params: ParamsOption<Operation<'get', P>>['params']]
): string {
  const p = params[0] as Params | undefined;
  return buildUrl(fillPath(path, p?.path), p?.query as RequestOptions['query']);
}
