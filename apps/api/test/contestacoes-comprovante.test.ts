import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MSG_ADMIN, MSG_CONTESTACAO } from '@praca/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/crypto.js';
import {
  bearer,
  CLIENT_PASSWORD,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  sessionFor,
} from './factories.js';
import { useTestApp } from './helper.js';

/**
 * The receipt's photo of a 'minha compra não foi registrada' (issue 37). A nota fiscal can
 * carry the resident's CPF, so the photo is private: uploaded by any signed-in person, kept
 * outside the public image folder, named on a complaint only by its own uploader, read only by
 * the complaint's author and the admins of its city, and erased with the account.
 */
const t = useTestApp();

type Who = 'resident' | 'other' | 'admin1' | 'admin2' | 'super';
const w = {} as {
  city1: number;
  shop: number;
  ids: Record<Who, number>;
  tokens: Record<Who, string>;
  png: string;
};

const inject = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(w.tokens[who]) : {}, ...(payload ? { payload } : {}) });

/** Uploads a receipt's photo as `who`: its stored path. */
async function upload(who: Who): Promise<string> {
  const res = await inject(who, 'POST', '/v1/contestacoes/comprovante', {
    nomearq: 'nota fiscal.jpg',
    conteudo: w.png,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ imagem: string }>().imagem;
}

let numero = 0;
const claim = (o: object = {}) => ({
  tipo: 'nao_registrada',
  id_estabelecimento: w.shop,
  dat_venda: day(-1),
  valor_venda: 42.9,
  numero_venda: `NF-FOTO-${++numero}`,
  ...o,
});

async function opened(who: Who, imagem: string): Promise<number> {
  const res = await inject(who, 'POST', '/v1/contestacoes', claim({ imagem }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id_contestacao: number }>().id_contestacao;
}

const fileOf = (imagem: string) => path.join(t.config.dataDir, imagem);
const readReceipt = (who: Who | null, id: number) => inject(who, 'GET', `/v1/contestacoes/${id}/comprovante`);

beforeAll(async () => {
  w.city1 = (await createCity(t.db)).cod_cidade;
  const city2 = (await createCity(t.db)).cod_cidade;
  w.shop = (await createShop(t.db, { cod_cidade: w.city1, nome: 'Padaria do Recibo' })).id_estabelecimento;
  await createCampaign(t.db, {
    cod_cidade: w.city1,
    lojas: [{ id_estabelecimento: w.shop, fator_sorteio: 0.1, fator_cashback: 0 }],
  });
  const people: Record<Who, Parameters<typeof createUser>[1]> = {
    resident: { cod_cidade: w.city1 },
    other: { cod_cidade: w.city1 },
    admin1: { cod_cidade: w.city1, admin: true },
    admin2: { cod_cidade: city2, admin: true },
    super: { cod_cidade: city2, admin: true, superadmin: true },
  };
  w.ids = {} as Record<Who, number>;
  w.tokens = {} as Record<Who, string>;
  for (const [who, o] of Object.entries(people) as [Who, Parameters<typeof createUser>[1]][]) {
    w.ids[who] = (await createUser(t.db, o)).id_usuario;
    w.tokens[who] = await sessionFor(t.db, w.ids[who]);
  }
  // A receipt photographed as JPEG, tall as receipts are.
  w.png = (
    await sharp({ create: { width: 300, height: 900, channels: 3, background: '#f4f1e8' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});

describe('POST /v1/contestacoes/comprovante', () => {
  it('stores the photo as PNG in a private folder, named by its uploader, outside the public images', async () => {
    const imagem = await upload('resident');
    expect(imagem).toMatch(new RegExp(`^comprovantes/${w.ids.resident}-[0-9a-f]{32}\\.png$`));
    const bytes = fs.readFileSync(fileOf(imagem));
    expect((await sharp(bytes).metadata()).format).toBe('png');
    expect(path.relative(t.config.imagesDir, fileOf(imagem)).startsWith('..')).toBe(true);
    // Not served by the static image route, whatever the path is tried as.
    for (const url of [`/img/${imagem}`, `/img/../${imagem}`, `/${imagem}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'] ?? '', url).not.toContain('image/png');
    }
    // No temporary file is left behind.
    expect(fs.readdirSync(path.dirname(fileOf(imagem))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('needs a session and a picture', async () => {
    expect((await inject(null, 'POST', '/v1/contestacoes/comprovante', { conteudo: w.png })).statusCode).toBe(
      401,
    );
    const notImage = await inject('resident', 'POST', '/v1/contestacoes/comprovante', {
      nomearq: 'x.txt',
      conteudo: Buffer.from('não é imagem').toString('base64'),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ erro: MSG_ADMIN.imagemInvalida });
  });
});

describe("POST /v1/contestacoes with the receipt's photo", () => {
  it('accepts the caller’s own upload, and no photo at all', async () => {
    const imagem = await upload('resident');
    const id = await opened('resident', imagem);
    const mine = (await inject('resident', 'GET', '/v1/contestacoes')).json<
      { id_contestacao: number; imagem: string | null }[]
    >();
    expect(mine.find((c) => c.id_contestacao === id)?.imagem).toBe(imagem);
    const none = await inject('resident', 'POST', '/v1/contestacoes', claim({ imagem: '' }));
    expect(none.statusCode, none.body).toBe(201);
    const absent = await inject('resident', 'POST', '/v1/contestacoes', claim());
    expect(absent.statusCode, absent.body).toBe(201);
  });

  it("refuses someone else's photo, one that does not exist, and any other path (400)", async () => {
    const othersPhoto = await upload('other');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('contestacoes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const others = await inject('resident', 'POST', '/v1/contestacoes', claim({ imagem: othersPhoto }));
    expect(others.statusCode).toBe(400);
    expect(others.json()).toEqual({ erro: MSG_CONTESTACAO.comprovanteNaoEncontrado });

    const missing = `comprovantes/${w.ids.resident}-${randomBytes(16).toString('hex')}.png`;
    const unknown = await inject('resident', 'POST', '/v1/contestacoes', claim({ imagem: missing }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ erro: MSG_CONTESTACAO.comprovanteNaoEncontrado });

    for (const imagem of [
      'imgest/recibo-1a2b.png',
      'https://exemplo.com/recibo.png',
      `comprovantes/../images/${w.ids.resident}-${'a'.repeat(32)}.png`,
      `comprovantes/${w.ids.resident}-${'a'.repeat(32)}.jpg`,
    ]) {
      const res = await inject('resident', 'POST', '/v1/contestacoes', claim({ imagem }));
      expect(res.statusCode, imagem).toBe(400);
      expect(res.json(), imagem).toEqual({ erro: MSG_CONTESTACAO.comprovanteInvalido });
    }
    expect(await count()).toBe(before);
  });
});

describe('GET /v1/contestacoes/{id}/comprovante', () => {
  it("answers the PNG to the complaint's author, the admin of its city and the super-admin, never cached", async () => {
    const imagem = await upload('resident');
    const id = await opened('resident', imagem);
    const stored = fs.readFileSync(fileOf(imagem));
    for (const who of ['resident', 'admin1', 'super'] as const) {
      const res = await readReceipt(who, id);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('image/png');
      expect(res.headers['cache-control'], who).toBe('private, no-store');
      expect(res.rawPayload.equals(stored), who).toBe(true);
    }
  });

  it('answers another resident and the admin of another city as for an unknown complaint (404, issue 52), without a session 401', async () => {
    const id = await opened('resident', await upload('resident'));
    const unknown = await readReceipt('other', 999_999);
    for (const who of ['other', 'admin2'] as const) {
      const res = await readReceipt(who, id);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual({ erro: MSG_CONTESTACAO.naoEncontrada });
      expect(res.body, who).toBe(unknown.body);
    }
    expect((await readReceipt(null, id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown complaint and for one without a photo', async () => {
    const unknown = await readReceipt('super', 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ erro: MSG_CONTESTACAO.naoEncontrada });
    const res = await inject('resident', 'POST', '/v1/contestacoes', claim());
    const id = res.json<{ id_contestacao: number }>().id_contestacao;
    const none = await readReceipt('resident', id);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ erro: MSG_CONTESTACAO.semComprovante });
  });
});

describe('account removal and data export (LGPD)', () => {
  it('the export lists the complaints with their photo; removal erases every photo of the person, only theirs', async () => {
    const leaving = await createUser(t.db, { cod_cidade: w.city1 });
    w.ids.other = leaving.id_usuario; // 'other' is now the person who leaves
    w.tokens.other = await sessionFor(t.db, leaving.id_usuario);
    const used = await upload('other');
    const unused = await upload('other');
    const id = await opened('other', used);
    const kept = await upload('resident');

    const exported = await inject('other', 'GET', '/v1/usuarios/meusdados');
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ contestacoes: unknown[] }>().contestacoes).toEqual([
      expect.objectContaining({
        id_contestacao: id,
        tipo: 'nao_registrada',
        status: 'aberta',
        nom_estabelecimento: 'Padaria do Recibo',
        valor_venda: 42.9,
        imagem: used,
      }),
    ]);

    const code = randomBytes(75).toString('hex'); // 150 letters and digits, as the e-mail's
    await t.db
      .insertInto('codigos')
      .values({
        id_usuario: leaving.id_usuario,
        finalidade: 'remocao',
        codigo_hash: sha256Hex(code),
        expira_em: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const removed = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/remocaousuario',
      payload: { code, senha: CLIENT_PASSWORD, senha2: CLIENT_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(202);

    expect(fs.existsSync(fileOf(used))).toBe(false);
    expect(fs.existsSync(fileOf(unused))).toBe(false);
    expect(fs.existsSync(fileOf(kept))).toBe(true);
    // The complaint stays (as sales do), without its photo.
    const row = await t.db
      .selectFrom('contestacoes')
      .select(['imagem', 'status'])
      .where('id_contestacao', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ imagem: null, status: 'aberta' });
    expect((await readReceipt('admin1', id)).statusCode).toBe(404);
  });
});
