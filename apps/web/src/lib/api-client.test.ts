import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { api, ApiError, NETWORK_ERROR, setUnauthorizedHandler, statusText } from './api-client';
import { getSession, setSession } from './session';

const sessao = {
  token: 'tok-1',
  id_usuario: 1,
  nome: 'Ana',
  email: 'ana@exemplo.com',
  cod_cidade: 1,
  cidade: 'Campinas',
  uf: 'SP',
  parceiro: false,
  admin: false,
  superadmin: false,
  estabelecimentos: {},
};

let fetchMock: ReturnType<typeof vi.fn>;
let toLogin: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  toLogin = vi.fn<() => void>();
  setUnauthorizedHandler(toLogin);
});

describe('api client', () => {
  it('sends the session token as a bearer token and JSON in and out', async () => {
    setSession(sessao);
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { ok: true }));
    const res = await api.post('/v1/coisa', { a: 1 }, { query: { cod_cidade: 7, vazio: '' } });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/coisa?cod_cidade=7');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(res).toMatchObject({ status: 201, data: { ok: true } });
  });

  it('on a 401 clears the session and goes to /login', async () => {
    setSession(sessao);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { erro: 'Sessão expirada' }));
    await expect(api.get('/v1/usuarios/1')).rejects.toMatchObject({
      status: 401,
      message: 'Sessão expirada',
    });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('praca.sessao')).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('leaves a newer session alone when a late 401 answers an older token', async () => {
    setSession(sessao);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = api.get('/v1/lento');
    setSession({ ...sessao, token: 'tok-2' });
    answer(jsonResponse(401, { erro: 'x' }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(getSession()?.token).toBe('tok-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('does not log out on a 401 of a call made without the session (a wrong password)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { erro: 'e-mail ou senha invalidos' }));
    await expect(api.post('/v1/login', {}, { auth: 'none' })).rejects.toMatchObject({ status: 401 });
    expect(toLogin).not.toHaveBeenCalled();
    expect(new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers).has('Authorization')).toBe(false);
  });

  it('reads the error text from erro, msg or error', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(400, { erro: 'pelo erro' }))
      .mockResolvedValueOnce(jsonResponse(400, { msg: 'pelo msg' }))
      .mockResolvedValueOnce(jsonResponse(400, { error: 'pelo error' }));
    await expect(api.get('/a')).rejects.toThrow('pelo erro');
    await expect(api.get('/b')).rejects.toThrow('pelo msg');
    await expect(api.get('/c')).rejects.toThrow('pelo error');
  });

  it('says an answer without its own text by the Portuguese status text, never in English', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 400 }))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('', { status: 418 }));
    await expect(api.get('/a')).rejects.toMatchObject({ status: 400, message: 'Requisição inválida' });
    await expect(api.get('/b')).rejects.toMatchObject({ status: 502, message: 'Servidor indisponível' });
    await expect(api.get('/c')).rejects.toMatchObject({ status: 418, message: 'Requisição recusada' });
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504, 418, 599]) {
      expect(statusText(status)).not.toMatch(
        /bad|request|unauthori[sz]ed|forbidden|not found|conflict|too many|internal|server error|gateway|unavailable|timeout/i,
      );
    }
  });

  it('turns a network failure into a Portuguese message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/x')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });
});

describe('answers asked for by public/home-prefetch.js', () => {
  type Early = Record<string, { token: string; response: Promise<Response> }>;
  const setEarly = (early: Early | undefined) => ((window as { __pracaEarly?: Early }).__pracaEarly = early);

  it('takes the early answer once for the same GET and token, then calls anew', async () => {
    setSession(sessao);
    setEarly({
      '/v1/avisos?cod_cidade=1': {
        token: 'tok-1',
        response: Promise.resolve(jsonResponse(200, [{ id_aviso: 3 }])),
      },
    });
    const first = await api.get('/v1/avisos', { query: { cod_cidade: 1 } });
    expect(first.data).toEqual([{ id_aviso: 3 }]);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    const second = await api.get('/v1/avisos', { query: { cod_cidade: 1 } });
    expect(second.data).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    setEarly(undefined);
  });

  it('ignores an early answer made with another token', async () => {
    setSession(sessao);
    setEarly({
      '/v1/avisos?cod_cidade=1': {
        token: 'old',
        response: Promise.resolve(jsonResponse(200, [{ id_aviso: 3 }])),
      },
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    const res = await api.get('/v1/avisos', { query: { cod_cidade: 1 } });
    expect(res.data).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    setEarly(undefined);
  });
});
