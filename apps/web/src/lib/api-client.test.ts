import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ApiError, client, href, NETWORK_ERROR, setUnauthorizedHandler, statusText } from './api-client';
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
    const res = await client.POST('/v1/adm/notificacao', {
      params: { query: { p: 'N' } },
      body: { title: 'Oi', body: 'Olá', cod_cidade: 7 },
    });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/adm/notificacao?p=N');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"title":"Oi","body":"Olá","cod_cidade":7}');
    expect(res).toMatchObject({ status: 201, data: { ok: true } });
  });

  it('on a 401 clears the session and goes to /login', async () => {
    setSession(sessao);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { erro: 'Sessão expirada' }));
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toMatchObject({
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
    const pending = client.GET('/v1/usuarios/meusdados');
    setSession({ ...sessao, token: 'tok-2' });
    answer(jsonResponse(401, { erro: 'x' }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(getSession()?.token).toBe('tok-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('does not log out on a 401 of a call made without the session (a wrong password)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { erro: 'e-mail ou senha invalidos' }));
    await expect(
      client.POST('/v1/login', { body: { email: 'a@b.c', senha: 'x' }, auth: 'none' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(toLogin).not.toHaveBeenCalled();
    expect(new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers).has('Authorization')).toBe(false);
  });

  it('reads the error text from erro, msg or error', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(400, { erro: 'pelo erro' }))
      .mockResolvedValueOnce(jsonResponse(400, { msg: 'pelo msg' }))
      .mockResolvedValueOnce(jsonResponse(400, { error: 'pelo error' }));
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toThrow('pelo erro');
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toThrow('pelo msg');
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toThrow('pelo error');
  });

  it('says an answer without its own text by the Portuguese status text, never in English', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 400 }))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('', { status: 418 }));
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toMatchObject({
      status: 400,
      message: 'Requisição inválida',
    });
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toMatchObject({
      status: 502,
      message: 'Servidor indisponível',
    });
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toMatchObject({
      status: 418,
      message: 'Requisição recusada',
    });
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504, 418, 599]) {
      expect(statusText(status)).not.toMatch(
        /bad|request|unauthori[sz]ed|forbidden|not found|conflict|too many|internal|server error|gateway|unavailable|timeout/i,
      );
    }
  });

  it('turns a network failure into a Portuguese message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.GET('/v1/usuarios/meusdados')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR,
    });
  });
});

describe('the typed client', () => {
  it('puts path parameters in place, URL-encoded, and sends a FormData as it is', async () => {
    setSession(sessao);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { existe: false }));
    await client.GET('/v1/apuracoes/{id_apuracao}/bilhetes/{serie_numero}', {
      params: { path: { id_apuracao: 12, serie_numero: 'a/b c' } },
      auth: 'none',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/apuracoes/12/bilhetes/a%2Fb%20c');

    const form = new FormData();
    form.append('arquivo', new Blob(['x']), 'a.csv');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { linhas: [] }));
    await client.POST('/v1/adm/importacoes/turismo', {
      params: { query: { modo: 'previa', cod_cidade: 3 } },
      body: form,
    });
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/v1/adm/importacoes/turismo?modo=previa&cod_cidade=3');
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('keeps a blob answer as it came and sends Basic credentials when asked', async () => {
    fetchMock.mockResolvedValueOnce(new Response('%PDF', { status: 200 }));
    const res = await client.blob('/v1/adm/apuracoes/{id_apuracao}/ata.pdf', {
      params: { path: { id_apuracao: 3 } },
      auth: { basic: { user: 'u', pass: 'p' } },
    });
    expect(res.data.size).toBe(4);
    expect(
      new Headers((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers).get('Authorization'),
    ).toBe(`Basic ${btoa('u:p')}`);
  });

  it('passes the AbortSignal along', async () => {
    const controller = new AbortController();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    await client.GET('/v1/usuarios/meusdados', { signal: controller.signal });
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].signal).toBe(controller.signal);
  });

  it('href: the address of a GET route for a link, with its parameters and query', () => {
    expect(href('/v1/apuracoes/{id_apuracao}/ata.pdf', { path: { id_apuracao: 12 } })).toBe(
      '/v1/apuracoes/12/ata.pdf',
    );
    expect(href('/v1/sorteios/{id_registro}/bilhetes.csv', { path: { id_registro: 7 } })).toBe(
      '/v1/sorteios/7/bilhetes.csv',
    );
    expect(href('/v1/avisos', { query: { cod_cidade: 5 } })).toBe('/v1/avisos?cod_cidade=5');
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
    const first = await client.GET('/v1/avisos', { params: { query: { cod_cidade: 1 } } });
    expect(first.data).toEqual([{ id_aviso: 3 }]);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    const second = await client.GET('/v1/avisos', { params: { query: { cod_cidade: 1 } } });
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
    const res = await client.GET('/v1/avisos', { params: { query: { cod_cidade: 1 } } });
    expect(res.data).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    setEarly(undefined);
  });
});
