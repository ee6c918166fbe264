import fs from 'node:fs';
import path from 'node:path';
import { MSG, MSG_ADMIN, type EstabelecimentoParceiro } from '@praca/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import { bearer, createCity, createSeller, createShop, createUser, login, sessionFor } from './factories.js';

/**
 * Issue 35, blocker 1: the partner keeps its own shop at `/v1/parceiro/estabelecimentos` —
 * contacts, address, photo, logo and sellers — and never another shop or an administrator's
 * field; every write leaves an audit entry by the partner.
 */

const t = useTestApp();
const BASE = '/v1/parceiro/estabelecimentos';

interface World {
  city: number;
  own: { id_estabelecimento: number; nome: string; cod_cidade: number };
  other: { id_estabelecimento: number; nome: string; cod_cidade: number };
  partner: string;
  partnerId: number;
  otherPartner: string;
  admin: string;
  consumer: string;
}

/** A city with the partner's shop and the shop next door (its own partner), an admin, a consumer. */
async function world(): Promise<World> {
  const city = (await createCity(t.db)).cod_cidade;
  const own = await createShop(t.db, { cod_cidade: city, nome: 'Padaria do Parceiro' });
  const other = await createShop(t.db, { cod_cidade: city, nome: 'Loja Vizinha' });
  const p = await createUser(t.db, {
    cod_cidade: city,
    parceiro: true,
    estabelecimentos: [own.id_estabelecimento],
  });
  const p2 = await createUser(t.db, {
    cod_cidade: city,
    parceiro: true,
    estabelecimentos: [other.id_estabelecimento],
  });
  return {
    city,
    own,
    other,
    partner: await login(t.app, p, 'parceiro'),
    partnerId: p.id_usuario,
    otherPartner: await sessionFor(t.db, p2.id_usuario),
    admin: await sessionFor(t.db, (await createUser(t.db, { cod_cidade: city, admin: true })).id_usuario),
    consumer: await sessionFor(t.db, (await createUser(t.db, { cod_cidade: city })).id_usuario),
  };
}

const call = (
  token: string | undefined,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const stored = (id: number) =>
  t.db
    .selectFrom('estabelecimentos')
    .selectAll()
    .where('id_estabelecimento', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = (entidade: string, id: number) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'acao', 'antes', 'depois'])
    .where('entidade', '=', entidade)
    .where('id_entidade', '=', String(id))
    .orderBy('id')
    .execute();

const sellerNames = async (id: number) =>
  (
    await t.db
      .selectFrom('vendedores')
      .select('nome_vendedor')
      .where('id_estabelecimento', '=', id)
      .orderBy('nome_vendedor')
      .execute()
  ).map((s) => s.nome_vendedor);

describe('the partner’s own shops: reading', () => {
  it('lists only the partner’s shops, with their sellers; other callers are refused', async () => {
    const w = await world();
    await createSeller(t.db, { id_estabelecimento: w.own.id_estabelecimento, nome_vendedor: 'Bia' });
    await createSeller(t.db, { id_estabelecimento: w.other.id_estabelecimento, nome_vendedor: 'Caio' });

    const res = await call(w.partner, 'GET', BASE);
    expect(res.statusCode, res.body).toBe(200);
    const shops = res.json<EstabelecimentoParceiro[]>();
    expect(shops.map((s) => s.id_estabelecimento)).toEqual([w.own.id_estabelecimento]);
    expect(shops[0]).toMatchObject({ nome: 'Padaria do Parceiro', cod_cidade: w.city });
    expect(shops[0]?.vendedores.map((v) => v.nome_vendedor)).toEqual(['Bia']);
    // The administrators' fields are not the partner's business.
    expect(shops[0]).not.toHaveProperty('cnpj');
    expect(shops[0]).not.toHaveProperty('id_cupom');
    expect(res.body).not.toContain('Loja Vizinha');

    expect((await call(undefined, 'GET', BASE)).statusCode).toBe(401);
    expect((await call(w.consumer, 'GET', BASE)).statusCode).toBe(403);
    expect((await call(w.admin, 'GET', BASE)).statusCode).toBe(403);
  });

  it('answers an empty list to a partner without shops', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const lone = await createUser(t.db, { cod_cidade: city, parceiro: true });
    const res = await call(await sessionFor(t.db, lone.id_usuario), 'GET', BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('the partner’s own shops: contacts and address', () => {
  it('saves what a shop owner keeps, records it by the partner and refreshes the consumer list', async () => {
    const w = await world();
    // The consumer list is cached: the change must reach it.
    const before = await call(undefined, 'GET', `/v1/estabelecimentos?cod_cidade=${w.city}`);
    expect(before.body).not.toContain('(13) 3222-1111');

    const res = await call(w.partner, 'PATCH', `${BASE}/${w.own.id_estabelecimento}`, {
      telefone: '(13) 3222-1111',
      whatsup: '(13) 99876-5432',
      site: 'https://padaria.example',
      cep: '11010000',
      endereco: 'Rua XV de Novembro, 100',
      complemento: 'Loja 2',
      bairro: 'Centro',
      // Not a field of the contract at all: ignored (domain §1).
      outra_coisa: 'ignorada',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ telefone: '(13) 3222-1111', cep: '11010-000' });

    expect(await stored(w.own.id_estabelecimento)).toMatchObject({
      telefone: '(13) 3222-1111',
      whatsup: '(13) 99876-5432',
      site: 'https://padaria.example',
      cep: '11010-000',
      endereco: 'Rua XV de Novembro, 100',
      complemento: 'Loja 2',
      bairro: 'Centro',
      nome: 'Padaria do Parceiro',
    });
    const audit = await auditOf('estabelecimento', w.own.id_estabelecimento);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ id_usuario: w.partnerId, acao: 'alterar' });
    expect(JSON.parse(audit[0]?.antes ?? '{}').telefone).toBe('');
    expect(JSON.parse(audit[0]?.depois ?? '{}').telefone).toBe('(13) 3222-1111');

    const after = await call(undefined, 'GET', `/v1/estabelecimentos?cod_cidade=${w.city}`);
    expect(after.body).toContain('(13) 3222-1111');
  });

  it('refuses another partner’s shop (403) and an unknown one (404), changing nothing', async () => {
    const w = await world();
    const other = await call(w.partner, 'PATCH', `${BASE}/${w.other.id_estabelecimento}`, { telefone: '1' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ erro: MSG.semPermissao });
    expect((await stored(w.other.id_estabelecimento)).telefone).toBe('');
    expect(await auditOf('estabelecimento', w.other.id_estabelecimento)).toEqual([]);

    const unknown = await call(w.partner, 'PATCH', `${BASE}/2147483000`, { telefone: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ erro: MSG.estabelecimentoNaoEncontrado });

    // An admin of the city is not this route's caller: it has its own editor.
    expect(
      (await call(w.admin, 'PATCH', `${BASE}/${w.own.id_estabelecimento}`, { telefone: '2' })).statusCode,
    ).toBe(403);
    expect((await stored(w.own.id_estabelecimento)).telefone).toBe('');
  });

  it.each([
    ['cnpj', '11.222.333/0001-81'],
    ['nome', 'Outro Nome'],
    ['cod_cidade', 1],
    ['id_categoria', 1],
    ['ind_ativo', 'N'],
    ['ies_campanha', 'S'],
    ['id_campanha_def', 1],
    ['id_cupom', 1],
    ['vl_min_pedido', 10],
    ['latitude', -23.9],
    ['url_foto', 'imgest/outra.png'],
  ])('refuses an administrator’s field (%s) with 403 and changes nothing', async (field, value) => {
    const w = await world();
    const id = w.own.id_estabelecimento;
    const res = await call(w.partner, 'PATCH', `${BASE}/${id}`, {
      telefone: '(13) 3000-0000',
      [field]: value,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ erro: MSG.somenteAdministradorAltera });
    expect(await stored(id)).toMatchObject({
      telefone: '',
      nome: 'Padaria do Parceiro',
      cnpj: '',
      ind_ativo: 'S',
      url_foto: '',
    });
    expect(await auditOf('estabelecimento', id)).toEqual([]);
  });

  it('checks the fields as the admin editor does (400 with the same message)', async () => {
    const w = await world();
    const res = await call(w.partner, 'PATCH', `${BASE}/${w.own.id_estabelecimento}`, { cep: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ erro: MSG_ADMIN.cepInvalido });
    // The site is shown as a link: http(s) only (issue 37).
    for (const site of ['javascript:alert(1)', ' JavaScript:alert(1)', 'ftp://loja.example']) {
      const bad = await call(w.partner, 'PATCH', `${BASE}/${w.own.id_estabelecimento}`, { site });
      expect(bad.statusCode, site).toBe(400);
      expect(bad.json()).toEqual({ erro: MSG_ADMIN.linkInvalido });
    }
    const ok = await call(w.partner, 'PATCH', `${BASE}/${w.own.id_estabelecimento}`, { site: '' });
    expect(ok.statusCode).toBe(200);
  });

  it('takes the whole list of sellers, as the admin editor sends it', async () => {
    const w = await world();
    const id = w.own.id_estabelecimento;
    const ana = await createSeller(t.db, { id_estabelecimento: id, nome_vendedor: 'Ana' });
    await createSeller(t.db, { id_estabelecimento: id, nome_vendedor: 'Bruno' });
    const res = await call(w.partner, 'PATCH', `${BASE}/${id}`, {
      vendedores: [{ id_vendedor: ana.id_vendedor, nome_vendedor: 'Ana Paula' }, { nome_vendedor: 'Carla' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sellerNames(id)).toEqual(['Ana Paula', 'Carla']);
    expect(res.json<EstabelecimentoParceiro>().vendedores.map((v) => v.nome_vendedor)).toEqual([
      'Ana Paula',
      'Carla',
    ]);
    const [entry] = await auditOf('estabelecimento', id);
    expect(JSON.parse(entry?.depois ?? '{}').vendedores).toHaveLength(2);

    // A seller of the shop next door cannot be renamed through one's own list.
    const theirs = await createSeller(t.db, {
      id_estabelecimento: w.other.id_estabelecimento,
      nome_vendedor: 'Davi',
    });
    const stolen = await call(w.partner, 'PATCH', `${BASE}/${id}`, {
      vendedores: [{ id_vendedor: theirs.id_vendedor, nome_vendedor: 'Roubado' }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(await sellerNames(w.other.id_estabelecimento)).toEqual(['Davi']);
  });
});

describe('the partner’s own shops: sellers one at a time', () => {
  it('adds, renames and removes its sellers, each with an audit entry by the partner', async () => {
    const w = await world();
    const id = w.own.id_estabelecimento;
    const added = await call(w.partner, 'POST', `${BASE}/${id}/vendedores`, { nome_vendedor: 'Elisa' });
    expect(added.statusCode, added.body).toBe(201);
    const idVendedor = added.json<{ id_vendedor: number }>().id_vendedor;
    // The same name again adds nothing.
    const again = await call(w.partner, 'POST', `${BASE}/${id}/vendedores`, { nome_vendedor: ' elisa ' });
    expect(again.statusCode).toBe(200);
    expect(await sellerNames(id)).toEqual(['Elisa']);

    const renamed = await call(w.partner, 'PATCH', `${BASE}/${id}/vendedores/${idVendedor}`, {
      nome_vendedor: 'Elisa Mara',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await sellerNames(id)).toEqual(['Elisa Mara']);

    const removed = await call(w.partner, 'DELETE', `${BASE}/${id}/vendedores/${idVendedor}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sellerNames(id)).toEqual([]);

    const audit = await auditOf('vendedor', idVendedor);
    expect(audit.map((a) => [a.acao, a.id_usuario])).toEqual([
      ['criar', w.partnerId],
      ['alterar', w.partnerId],
      ['excluir', w.partnerId],
    ]);
  });

  it('refuses the sellers of another shop, through its own shop or the other’s', async () => {
    const w = await world();
    const theirs = await createSeller(t.db, {
      id_estabelecimento: w.other.id_estabelecimento,
      nome_vendedor: 'Fábio',
    });
    const viaOwn = `${BASE}/${w.own.id_estabelecimento}/vendedores/${theirs.id_vendedor}`;
    const viaOther = `${BASE}/${w.other.id_estabelecimento}/vendedores/${theirs.id_vendedor}`;
    expect((await call(w.partner, 'PATCH', viaOwn, { nome_vendedor: 'X' })).statusCode).toBe(404);
    expect((await call(w.partner, 'DELETE', viaOwn)).statusCode).toBe(404);
    expect((await call(w.partner, 'PATCH', viaOther, { nome_vendedor: 'X' })).statusCode).toBe(403);
    expect((await call(w.partner, 'DELETE', viaOther)).statusCode).toBe(403);
    expect(
      (
        await call(w.partner, 'POST', `${BASE}/${w.other.id_estabelecimento}/vendedores`, {
          nome_vendedor: 'Y',
        })
      ).statusCode,
    ).toBe(403);
    expect(await sellerNames(w.other.id_estabelecimento)).toEqual(['Fábio']);
    expect(await auditOf('vendedor', theirs.id_vendedor)).toEqual([]);
  });
});

describe('the partner’s own shops: photo and logo', () => {
  let png: string;
  beforeAll(async () => {
    png = (
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c83' } })
        .png()
        .toBuffer()
    ).toString('base64');
  });

  const imageFile = (caminho: string) => path.join(t.config.imagesDir, caminho);

  it('stores the photo and the logo fitted to their boxes, points the shop at them and records it', async () => {
    const w = await world();
    const id = w.own.id_estabelecimento;
    const foto = await call(w.partner, 'PUT', `${BASE}/${id}/foto`, {
      nomearq: 'fachada.png',
      conteudo: png,
      // Asked sizes are not the partner's to choose: the folder's box holds.
      largura: 2000,
      altura: 2000,
    });
    expect(foto.statusCode, foto.body).toBe(200);
    const urlFoto = foto.json<EstabelecimentoParceiro>().url_foto;
    expect(urlFoto).toMatch(/^imgest\/fachada-[0-9a-f]{8}\.png$/);
    const fotoMeta = await sharp(fs.readFileSync(imageFile(urlFoto))).metadata();
    expect(fotoMeta.width).toBeLessThanOrEqual(300);
    expect(fotoMeta.height).toBeLessThanOrEqual(150);

    const logo = await call(w.partner, 'PUT', `${BASE}/${id}/logo`, { nomearq: 'logo.png', conteudo: png });
    expect(logo.statusCode, logo.body).toBe(200);
    const urlLogo = logo.json<EstabelecimentoParceiro>().url_logo;
    expect(urlLogo).toMatch(/^imglog\/logo-[0-9a-f]{8}\.png$/);
    const logoMeta = await sharp(fs.readFileSync(imageFile(urlLogo))).metadata();
    expect(Math.max(logoMeta.width ?? 0, logoMeta.height ?? 0)).toBeLessThanOrEqual(50);

    expect(await stored(id)).toMatchObject({ url_foto: urlFoto, url_logo: urlLogo });

    const removed = await call(w.partner, 'DELETE', `${BASE}/${id}/logo`);
    expect(removed.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ url_foto: urlFoto, url_logo: '' });

    const audit = await auditOf('estabelecimento', id);
    expect(audit.map((a) => [a.acao, a.id_usuario])).toEqual([
      ['alterar', w.partnerId],
      ['alterar', w.partnerId],
      ['alterar', w.partnerId],
    ]);
    expect(JSON.parse(audit[0]?.depois ?? '{}').url_foto).toBe(urlFoto);
  });

  it('refuses another shop before storing anything, and a file that is not an image', async () => {
    const w = await world();
    const folder = path.join(t.config.imagesDir, 'imgest');
    const files = () => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0);
    const count = files();
    const other = await call(w.partner, 'PUT', `${BASE}/${w.other.id_estabelecimento}/foto`, {
      nomearq: 'x.png',
      conteudo: png,
    });
    expect(other.statusCode).toBe(403);
    expect(files()).toBe(count);
    expect((await call(w.partner, 'DELETE', `${BASE}/${w.other.id_estabelecimento}/foto`)).statusCode).toBe(
      403,
    );

    const bad = await call(w.partner, 'PUT', `${BASE}/${w.own.id_estabelecimento}/foto`, {
      nomearq: 'x.png',
      conteudo: Buffer.from('não é imagem').toString('base64'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ erro: MSG_ADMIN.imagemInvalida });
    expect((await stored(w.own.id_estabelecimento)).url_foto).toBe('');
    expect(await auditOf('estabelecimento', w.own.id_estabelecimento)).toEqual([]);
  });
});
