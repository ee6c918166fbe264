import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MSG, MSG_ADMIN, type ImagemResposta } from '@praca/contract';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from './factories.js';
import { useTestApp, type TestApp } from './helper.js';

/** A picture with some detail (a gradient and a disc), so it is a real, compressible image. */
function picture(width: number, height: number): Sharp {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#0a7"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#c22"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** Random pixels: a PNG about as large as its raw data (3 bytes a pixel). */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

const b64 = (buf: Buffer) => buf.toString('base64');

/** Every file under the images folder (temporary and hidden ones too), relative to it. */
function listImages(t: TestApp): string[] {
  const root = t.config.imagesDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

function upload(t: TestApp, dir: string, payload: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/img/${dir}/post_img.php`,
    headers: token ? bearer(token) : {},
    payload,
  });
}

/** A POST whose path goes out exactly as written (no dot-segment normalisation). */
function rawPost(url: string, token: string, payload: object): Promise<{ status: number; body: string }> {
  const { protocol, host } = new URL(url);
  const rawPath = url.slice(`${protocol}//${host}`.length);
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url.replace(rawPath, '/'),
      {
        method: 'POST',
        path: rawPath,
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the image service: POST /img/:dir/post_img.php', () => {
  const t = useTestApp();
  let admin = '';
  let consumer = '';
  let png1000x800: Buffer;
  let jpeg2000x1000: Buffer;
  let png10x10: Buffer;

  beforeAll(async () => {
    admin = await login(t.app, await createUser(t.db, { admin: true }), 'admin');
    consumer = await login(t.app, await createUser(t.db));
    png1000x800 = await picture(1000, 800).png().toBuffer();
    jpeg2000x1000 = await picture(2000, 1000).jpeg({ quality: 80 }).toBuffer();
    png10x10 = await picture(10, 10).png().toBuffer();
  });

  /** Checks the answer, and that the stored file is a PNG of the answered size. */
  async function expectStored(res: Awaited<ReturnType<typeof upload>>, dir: string) {
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ImagemResposta>();
    expect(body.caminho).toMatch(new RegExp(`^${dir}/[a-z0-9-]+-[0-9a-f]{8}\\.png$`));
    expect(body.nomearq).toBe(body.caminho);
    expect(body.url).toBe(`/img/${body.caminho}`);
    const file = path.join(t.config.imagesDir, body.caminho);
    expect(fs.existsSync(file)).toBe(true);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta.format).toBe('png');
    expect({ largura: meta.width, altura: meta.height }).toEqual({
      largura: body.largura,
      altura: body.altura,
    });
    return body;
  }

  it('stores a PNG for a shop photo as a PNG inside 300x150, aspect kept, named after the file', async () => {
    const res = await upload(
      t,
      'imgest',
      { nomearq: 'Fachada da Padaria São João.JPG', conteudo: b64(png1000x800) },
      admin,
    );
    const body = await expectStored(res, 'imgest');
    expect(body.caminho).toMatch(/^imgest\/fachada-da-padaria-sao-joao-[0-9a-f]{8}\.png$/);
    // 1000x800 into 300x150: the height binds, 150 / 800 of the width.
    expect(body.altura).toBe(150);
    expect(body.largura).toBeLessThanOrEqual(300);
    expect(Math.abs(body.largura / body.altura - 1000 / 800)).toBeLessThan(0.01);
  });

  it('turns a JPEG (with a data: URL prefix) for tourism into a PNG within 640x480', async () => {
    const res = await upload(
      t,
      'imgtur',
      { nomearq: 'praia.jpg', conteudo: `data:image/jpeg;base64,${b64(jpeg2000x1000)}` },
      admin,
    );
    const body = await expectStored(res, 'imgtur');
    expect(body).toMatchObject({ largura: 640, altura: 320 });
  });

  it('never enlarges a small picture', async () => {
    const body = await expectStored(
      await upload(t, 'imgban', { nomearq: 'pequena.png', conteudo: b64(png10x10) }, admin),
      'imgban',
    );
    expect(body).toMatchObject({ largura: 10, altura: 10 });
  });

  it('uses the box passed in largura/altura instead of the folder size', async () => {
    const body = await expectStored(
      await upload(
        t,
        'imgest',
        { nomearq: 'x.png', conteudo: b64(png1000x800), largura: 100, altura: 100 },
        admin,
      ),
      'imgest',
    );
    expect(body).toMatchObject({ largura: 100, altura: 80 });
  });

  it('shrinks a logo into 50x50', async () => {
    const body = await expectStored(
      await upload(t, 'imglog', { nomearq: 'logo.png', conteudo: b64(png1000x800) }, admin),
      'imglog',
    );
    expect(body).toMatchObject({ largura: 50, altura: 40 });
  });

  it('accepts WebP and GIF, and names a nameless file "imagem"', async () => {
    for (const buf of [await picture(400, 400).webp().toBuffer(), await picture(400, 400).gif().toBuffer()]) {
      const body = await expectStored(await upload(t, 'imgprom', { conteudo: b64(buf) }, admin), 'imgprom');
      expect(body.caminho).toMatch(/^imgprom\/imagem-[0-9a-f]{8}\.png$/);
      expect(body).toMatchObject({ largura: 400, altura: 400 });
    }
  });

  it('keeps only the file name of a path and slugs it to at most 40 characters', async () => {
    const nomearq = 'C:\\fakepath\\Uma Foto Com Um Nome Muito Comprido Demais Para Guardar.jpeg';
    const body = await expectStored(
      await upload(t, 'users', { nomearq, conteudo: b64(png10x10) }, admin),
      'users',
    );
    const stem = body.caminho.replace(/^users\//, '').replace(/-[0-9a-f]{8}\.png$/, '');
    expect(stem).toBe('uma-foto-com-um-nome-muito-comprido-dema');
    expect(stem.length).toBeLessThanOrEqual(40);
  });

  it('turns a phone photo upright by its EXIF orientation', async () => {
    // Stored 200x100 with orientation 6 (rotate 90° clockwise to view): upright it is 100x200.
    const jpeg = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const body = await expectStored(await upload(t, 'imgban', { conteudo: b64(jpeg) }, admin), 'imgban');
    expect(body).toMatchObject({ largura: 100, altura: 200 });
  });

  it('gives two uploads of the same name two files', async () => {
    const a = await upload(t, 'imgest', { nomearq: 'igual.png', conteudo: b64(png10x10) }, admin);
    const b = await upload(t, 'imgest', { nomearq: 'igual.png', conteudo: b64(png10x10) }, admin);
    expect(a.json<ImagemResposta>().caminho).not.toBe(b.json<ImagemResposta>().caminho);
  });

  describe('refuses, with a clear message and no file written', () => {
    const cases: [string, () => { dir: string; payload: object }, number, string][] = [
      [
        'a truncated PNG (its first half)',
        () => ({
          dir: 'imgest',
          payload: { conteudo: b64(png1000x800.subarray(0, png1000x800.length / 2)) },
        }),
        400,
        MSG_ADMIN.imagemInvalida,
      ],
      [
        'a text file',
        () => ({
          dir: 'imgest',
          payload: { nomearq: 'leia.txt', conteudo: b64(Buffer.from('não sou uma imagem\n')) },
        }),
        400,
        MSG_ADMIN.imagemInvalida,
      ],
      [
        'an SVG (not an accepted format)',
        () => ({
          dir: 'imgban',
          payload: {
            conteudo: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')),
          },
        }),
        400,
        MSG_ADMIN.imagemInvalida,
      ],
      [
        'a PNG signature followed by garbage',
        () => ({
          dir: 'imgban',
          payload: { conteudo: b64(Buffer.concat([png10x10.subarray(0, 8), randomBytes(200)])) },
        }),
        400,
        MSG_ADMIN.imagemInvalida,
      ],
      [
        'content that is not base64',
        () => ({ dir: 'imgest', payload: { conteudo: '***não é base64***' } }),
        400,
        MSG_ADMIN.imagemInvalida,
      ],
      [
        'empty content',
        () => ({ dir: 'imgest', payload: { nomearq: 'x.png', conteudo: '' } }),
        400,
        MSG_ADMIN.imagemVazia,
      ],
      [
        'a data: URL with nothing after it',
        () => ({ dir: 'imgest', payload: { conteudo: 'data:image/png;base64,' } }),
        400,
        MSG_ADMIN.imagemVazia,
      ],
      [
        'an unknown folder',
        () => ({ dir: 'etc', payload: { conteudo: b64(png10x10) } }),
        400,
        MSG_ADMIN.pastaDesconhecida,
      ],
      [
        'more than 5 MB of content',
        () => ({ dir: 'imgban', payload: { conteudo: b64(randomBytes(5 * 1024 * 1024 + 1)) } }),
        400,
        MSG_ADMIN.imagemGrande.replace('{mb}', '5'),
      ],
    ];

    for (const [what, make, status, erro] of cases) {
      it(what, async () => {
        const before = listImages(t);
        const { dir, payload } = make();
        const res = await upload(t, dir, payload, admin);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ erro });
        expect(listImages(t)).toEqual(before);
      });
    }

    it('the parent folder, as a raw or encoded "..", over real HTTP', async () => {
      // inject() (like a browser) normalises dot segments away; a raw client does not.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const before = listImages(t);
      for (const dir of ['..', '%2E%2E', '.%2e']) {
        const res = await rawPost(`${address}/img/${dir}/post_img.php`, admin, { conteudo: b64(png10x10) });
        expect(res.status, dir).toBe(400);
        expect(JSON.parse(res.body), dir).toEqual({ erro: MSG_ADMIN.pastaDesconhecida });
      }
      expect(listImages(t)).toEqual(before);
    });

    it('a picture of more than 40 megapixels', async () => {
      // A flat 8000x6000 PNG compresses to a small file: the pixel count is what is refused.
      const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const before = listImages(t);
      const res = await upload(t, 'imgban', { conteudo: b64(huge) }, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.imagemDimensoes });
      expect(listImages(t)).toEqual(before);
    });

    it('a consumer (403) and a caller without a token (401)', async () => {
      const before = listImages(t);
      const asConsumer = await upload(t, 'imgest', { conteudo: b64(png10x10) }, consumer);
      expect(asConsumer.statusCode).toBe(403);
      expect(asConsumer.json()).toEqual({ erro: MSG.semPermissao });
      const anonymous = await upload(t, 'imgest', { conteudo: b64(png10x10) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ erro: MSG.naoAutenticado });
      const badToken = await upload(t, 'imgest', { conteudo: b64(png10x10) }, 'nao-existe');
      expect(badToken.statusCode).toBe(401);
      expect(listImages(t)).toEqual(before);
    });
  });

  it('serves the stored PNG at /img/<caminho> with a long cache, and only GET/HEAD there', async () => {
    const { caminho, url } = (
      await upload(t, 'imgest', { nomearq: 'servida.png', conteudo: b64(png1000x800) }, admin)
    ).json<ImagemResposta>();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.config.imagesDir, caminho)))).toBe(true);
    // Its name is unique and never rewritten: browsers keep it for a year without asking.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The upload route and the static files share /img/ without stepping on each other.
    const getUpload = await t.app.inject({ method: 'GET', url: '/img/imgest/post_img.php' });
    expect(getUpload.statusCode).toBe(404);
    const otherScript = await t.app.inject({
      method: 'POST',
      url: '/img/imgest/outro.php',
      headers: bearer(admin),
      payload: { conteudo: b64(png10x10) },
    });
    expect(otherScript.statusCode).toBe(404);
  });
});

describe('the image service with a small IMAGE_MAX_BYTES', () => {
  const t = useTestApp({ IMAGE_MAX_BYTES: '200000' });

  it('refuses a real picture above the limit with the limit in the message, and writes nothing', async () => {
    const admin = await login(t.app, await createUser(t.db, { admin: true }), 'admin');
    // ~211 kB of random pixels: above the limit, within the body room left for a bit more.
    const big = await noisePng(265, 265);
    expect(big.length).toBeGreaterThan(200_000);
    expect(big.length).toBeLessThan(220_000);
    const before = listImages(t);
    const res = await upload(t, 'imgban', { nomearq: 'grande.png', conteudo: b64(big) }, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ erro: 'A imagem passa do limite de 0,2 MB' });
    expect(listImages(t)).toEqual(before);

    const small = await noisePng(100, 100); // ~30 kB
    expect((await upload(t, 'imgban', { conteudo: b64(small) }, admin)).statusCode).toBe(201);
  });

  it('answers the body limit (400, domain §1) only for a body far beyond what an image within the limit needs', async () => {
    const admin = await login(t.app, await createUser(t.db, { admin: true }), 'admin');
    const res = await upload(t, 'imgban', { conteudo: 'A'.repeat(400_000) }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ erro: MSG.corpoGrande });
  });
});
