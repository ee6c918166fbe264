import { MSG_ADMIN } from '@praca/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { fileToBase64, IMAGE_MAX_BYTES, MSG_NAO_E_IMAGEM, uploadImage, uploadUrl } from './image-client';
import { getSession, setSession } from './session';

const sessao = {
  token: 'tok-adm',
  id_usuario: 1,
  nome: 'Ana',
  email: 'ana@exemplo.com',
  cod_cidade: 1,
  cidade: 'Campinas',
  uf: 'SP',
  parceiro: false,
  admin: true,
  superadmin: false,
  estabelecimentos: {},
};

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 250, 251, 252]);
const pngFile = (name = 'Foto da Loja.png') => new File([PNG_BYTES], name, { type: 'image/png' });
const saved = {
  caminho: 'imgest/foto-da-loja-1a2b3c4d.png',
  nomearq: 'imgest/foto-da-loja-1a2b3c4d.png',
  url: '/img/imgest/foto-da-loja-1a2b3c4d.png',
  largura: 188,
  altura: 150,
};

let fetchMock: ReturnType<typeof vi.fn>;
let toLogin: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  toLogin = vi.fn<() => void>();
  setUnauthorizedHandler(toLogin);
  setSession(sessao);
});

afterEach(() => {
  document.head.querySelectorAll('meta[name="praca-img"]').forEach((m) => m.remove());
});

describe('uploadImage', () => {
  it('posts {nomearq, conteudo, largura, altura} as JSON with the bearer token and answers where it was stored', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, saved));
    const res = await uploadImage('imgest', pngFile(), { largura: 300, altura: 150 });
    expect(res).toEqual(saved);

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(new URL('/img/imgest/post_img.php', window.location.href).href);
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-adm');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      nomearq: 'Foto da Loja.png',
      conteudo: Buffer.from(PNG_BYTES).toString('base64'),
      largura: 300,
      altura: 150,
    });
  });

  it('sends no box unless both sides are given, and a Blob without a name gets an empty nomearq', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, saved));
    await uploadImage('imgban', new Blob([PNG_BYTES], { type: 'image/png' }), { largura: 300 });
    const body = JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body)) as Record<
      string,
      unknown
    >;
    expect(Object.keys(body).sort()).toEqual(['conteudo', 'nomearq']);
    expect(body.nomearq).toBe('');
  });

  it('goes to an image host on another server when the page says so', async () => {
    const meta = document.createElement('meta');
    meta.name = 'praca-img';
    meta.content = 'https://imagens.exemplo.com.br/praca';
    document.head.append(meta);
    expect(uploadUrl('imgtur')).toBe('https://imagens.exemplo.com.br/praca/imgtur/post_img.php');
    fetchMock.mockResolvedValueOnce(jsonResponse(201, saved));
    await uploadImage('imgtur', pngFile());
    expect(fetchMock.mock.calls[0][0]).toBe('https://imagens.exemplo.com.br/praca/imgtur/post_img.php');
  });

  it("throws the server's Portuguese erro on a refusal", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { erro: MSG_ADMIN.imagemInvalida }));
    const err = await uploadImage('imgest', pngFile()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: MSG_ADMIN.imagemInvalida });
    expect(getSession()?.token).toBe('tok-adm');
  });

  it('a 401 from the image service ends the session and goes to /login (spec §4)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { erro: 'Sessão expirada ou inválida, faça login novamente' }),
    );
    await expect(uploadImage('imgest', pngFile())).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('refuses a file that is not an image, or is over 5 MB, without sending it', async () => {
    const text = new File(['olá'], 'leia.txt', { type: 'text/plain' });
    await expect(uploadImage('imgest', text)).rejects.toMatchObject({ message: MSG_NAO_E_IMAGEM });
    const noType = new File([PNG_BYTES], 'sem-tipo');
    await expect(uploadImage('imgest', noType)).rejects.toMatchObject({ message: MSG_NAO_E_IMAGEM });
    const big = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await expect(uploadImage('imgest', big)).rejects.toMatchObject({
      message: 'A imagem passa do limite de 5 MB',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('throws a clear error when a 2xx answer is not an ImagemResposta', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { ok: true }));
    await expect(uploadImage('imgest', pngFile())).rejects.toBeInstanceOf(ApiError);
  });
});

describe('fileToBase64', () => {
  it('encodes a file larger than one slice byte for byte', async () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7919) % 256);
    expect(await fileToBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
  });
});
