import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APURACAO_CSV_HEADER, MSG_APURACAO, type Apuracao, type ItemSorteioPublico } from '@praca/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/clock.js';
import { sha256Hex } from '../src/lib/crypto.js';
import { titularDe } from '../src/modules/apuracoes/rule.js';
import { qrKey } from '../src/lib/qr-key.js';
import {
  bearer,
  CLIENT_PASSWORD,
  createCampaign,
  createCity,
  createSellingShop,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';
import { agendamento, resultByTwo } from './apuracao-helpers.js';
import { useTestApp } from './helper.js';
import { startFakeS3 } from './s3-server.js';

/**
 * Files on S3-compatible object storage (issue 38, decision 046): with STORAGE_URL=s3://…, the
 * images, the receipts' photos and the apurações' ticket files go to the bucket (a tiny S3
 * server on 127.0.0.1 here), signed, and nothing of them to DATA_DIR; images are still served
 * at /img/…, ticket files at their public route. The freezing job's 202 path and a first attempt
 * that fails are checked here too (the request does not wait: APURACAO_CONGELAMENTO_ESPERA_MS=0).
 */
const s3 = await startFakeS3();
afterAll(() => s3.close());
const PREFIX = 'praca/teste';
const t = useTestApp({
  STORAGE_URL: `s3://${s3.bucket}/${PREFIX}`,
  S3_ENDPOINT: s3.url,
  S3_FORCE_PATH_STYLE: 'true',
  S3_REGION: 'sa-east-1',
  S3_ACCESS_KEY_ID: 'chave-de-teste',
  S3_SECRET_ACCESS_KEY: 'segredo-de-teste',
  APURACAO_CONGELAMENTO_ESPERA_MS: '0',
  EXPORTACAO_IMEDIATA_MAX: '2',
});

const w = {} as { city: number; admin: string; resident: number; residentToken: string };
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const object = (key: string) => s3.objects.get(`${PREFIX}/${key}`);
const inDataDir = (rel: string) => fs.existsSync(path.join(t.dataDir, rel));

beforeAll(async () => {
  w.city = (await createCity(t.db)).cod_cidade;
  w.admin = await sessionFor(t.db, (await createUser(t.db, { cod_cidade: w.city, admin: true })).id_usuario);
  w.resident = (await createUser(t.db, { cod_cidade: w.city })).id_usuario;
  w.residentToken = await sessionFor(t.db, w.resident);
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

describe('images on S3', () => {
  it('stores an upload in the bucket, signed, and serves it at its usual address with its cache headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/img/imgest/post_img.php',
      headers: bearer(w.admin),
      payload: { nomearq: 'fachada.jpg', conteudo: (await jpeg(40, 30)).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { caminho, url } = res.json<{ caminho: string; url: string }>();
    const stored = object(`images/${caminho}`);
    expect(stored?.contentType).toBe('image/png');
    expect(inDataDir(`images/${caminho}`)).toBe(false);
    const put = s3.requests.find((r) => r.method === 'PUT' && r.key === `${PREFIX}/images/${caminho}`);
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=chave-de-teste\/\d{8}\/sa-east-1\/s3\//);

    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(got.rawPayload.equals(stored!.body)).toBe(true);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(40);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    for (const missing of [
      '/img/imgest/nada-00000000.png',
      '/img/imgest/x.txt',
      '/img/../comprovantes/x.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });
});

describe('receipts on S3', () => {
  it('uploads, reads back on the complaint, and erases them with the account', async () => {
    const shop = (await createShop(t.db, { cod_cidade: w.city, nome: 'Mercado do Balde' }))
      .id_estabelecimento;
    await createCampaign(t.db, {
      cod_cidade: w.city,
      lojas: [{ id_estabelecimento: shop, fator_sorteio: 0.1, fator_cashback: 0 }],
    });
    const leaving = await createUser(t.db, { cod_cidade: w.city });
    const token = await sessionFor(t.db, leaving.id_usuario);
    const upload = async (tok: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/contestacoes/comprovante',
        headers: bearer(tok),
        payload: { nomearq: 'nota.jpg', conteudo: (await jpeg(60, 120)).toString('base64') },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ imagem: string }>().imagem;
    };
    const used = await upload(token);
    const unused = await upload(token);
    const kept = await upload(w.residentToken);
    for (const k of [used, unused, kept]) {
      expect(object(k)?.contentType).toBe('image/png');
      expect(inDataDir(k)).toBe(false);
    }
    // Never served as a public image.
    expect((await t.app.inject({ method: 'GET', url: `/img/${used}` })).statusCode).toBe(404);

    const opened = await t.app.inject({
      method: 'POST',
      url: '/v1/contestacoes',
      headers: bearer(token),
      payload: {
        tipo: 'nao_registrada',
        id_estabelecimento: shop,
        dat_venda: day(-1),
        valor_venda: 12.5,
        numero_venda: 'NF-S3-1',
        imagem: used,
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json<{ id_contestacao: number }>().id_contestacao;
    const read = await t.app.inject({ url: `/v1/contestacoes/${id}/comprovante`, headers: bearer(w.admin) });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(object(used)!.body)).toBe(true);

    const code = randomBytes(75).toString('hex');
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
    expect(object(used)).toBeUndefined();
    expect(object(unused)).toBeUndefined();
    expect(object(kept)).toBeDefined();
    expect(s3.requests.some((r) => r.method === 'DELETE' && r.key === `${PREFIX}/${used}`)).toBe(true);
  });
});

/** A campaign with coupons 1–6 of three people at one shop; coupon 2 voided. */
async function campaignWithCoupons() {
  const shop = (await createShop(t.db, { cod_cidade: w.city })).id_estabelecimento;
  const people = await insertConsumers(t.db, {
    cod_cidade: w.city,
    nomes: ['Ana Lima', 'Beto Reis', 'Caio Dias'],
  });
  const { id_campanha } = await createCampaign(t.db, { cod_cidade: w.city });
  const now = new Date().toISOString();
  const owners = [0, 1, 2, 0, 1, 2];
  for (const [i, p] of owners.entries()) {
    const { id_venda } = await t.db
      .insertInto('vendas')
      .values({
        id_campanha,
        id_estabelecimento: shop,
        id_usuario: people[p]!,
        dat_venda: today(),
        numero_venda: `S3-${id_campanha}-${i}`,
        valor_centavos: 1_000,
        pontos_e6: 0,
        cashback_e6: 0,
        atualizado_em: now,
      })
      .returning('id_venda')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('cupons')
      .values({
        id_campanha,
        numero: i + 1,
        id_usuario: people[p]!,
        id_venda,
        id_estabelecimento: shop,
        dat_emissao: now,
        anulado_em: i === 1 ? now : null,
      })
      .execute();
  }
  await t.db
    .updateTable('campanhas')
    .set({ proximo_cupom: 7 })
    .where('id_campanha', '=', id_campanha)
    .execute();
  return { id_campanha, shop, people };
}

/** Waits until the freezing job has published the hash (retries wait their backoff). */
async function frozen(id: number): Promise<Apuracao> {
  for (let i = 0; i < 150; i++) {
    await t.app.jobs.idle();
    const a = (await t.app.inject({ url: `/v1/apuracoes/${id}` })).json<Apuracao>();
    if (a.status !== 'congelando') return a;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a apuração não congelou');
}

describe('apurações on S3, frozen by the job', () => {
  it('answers 202 congelando at once, refuses result and file until frozen, then serves the file from the bucket and decides the result', async () => {
    const c = await campaignWithCoupons();
    s3.failPuts(1); // the job's first run fails: the apuração stays congelando for its backoff
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/adm/apuracoes',
      headers: bearer(w.admin),
      payload: agendamento(c.id_campanha, { qtd_premios: 2, musuario: 'N', mloja: 'N' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    const pending = res.json<Apuracao>();
    expect(pending).toMatchObject({ status: 'congelando', hash_bilhetes: '', qtd_bilhetes: 5 });
    const id = pending.id_apuracao;
    const early = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/apuracoes/${id}/resultado`,
      headers: bearer(w.admin),
      payload: { premios: ['12345', '67890', '11111', '22222', '33333'] },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ erro: MSG_APURACAO.congelando });
    const earlyFile = await t.app.inject({ url: `/v1/apuracoes/${id}/bilhetes.csv` });
    expect(earlyFile.statusCode).toBe(409);
    const earlyList = await t.app.inject({ url: `/v1/apuracoes?cod_cidade=${w.city}` });
    expect(earlyList.json<ItemSorteioPublico[]>().find((i) => i.id_apuracao === id)).toMatchObject({
      status: 'congelando',
      hash: null,
    });

    const a = await frozen(id);
    expect(a).toMatchObject({ status: 'agendada', qtd_bilhetes: 5, bilhetes_gravados: 5 });
    const secret = await qrKey(t.db, t.config.QR_SECRET)();
    const tit = (p: number) => titularDe(secret, id, c.people[p]!);
    const expected =
      `${APURACAO_CSV_HEADER}\n` +
      [0, 2, 3, 4, 5].map((n) => `000,0000${n},${tit(n % 3)},${c.shop}\n`).join('');
    const csv = await t.app.inject({ url: `/v1/apuracoes/${id}/bilhetes.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8')).toBe(expected);
    expect(sha256(csv.rawPayload)).toBe(a.hash_bilhetes);
    expect(object(`apuracoes/${id}.csv`)?.body.toString('utf8')).toBe(expected);
    expect(inDataDir(`apuracoes/${id}.csv`)).toBe(false);

    const list = await t.app.inject({ url: `/v1/apuracoes?cod_cidade=${w.city}` });
    expect(list.json<ItemSorteioPublico[]>().find((i) => i.id_apuracao === id)).toMatchObject({
      status: 'agendada',
      hash: a.hash_bilhetes,
    });

    const second = await createUser(t.db, { cod_cidade: w.city, admin: true });
    const result = await resultByTwo(
      t.app,
      id,
      a.data_concurso,
      [w.admin, await sessionFor(t.db, second.id_usuario)],
      ['12345', '67890', '11111', '22222', '33333'],
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json<{ ganhadores: unknown[] }>().ganhadores).toHaveLength(1); // one shop, mloja=N
  });

  it('a first attempt that fails (the bucket down) is re-run: the same bytes and hash, whatever changed meanwhile', async () => {
    const c = await campaignWithCoupons();
    // The job's first two runs fail at the store (a streamed PUT is not retried by the SDK),
    // and each failure changes what a re-read would see: coupon 3 voided, its owner removed.
    s3.failPuts(2, async () => {
      await t.db
        .updateTable('cupons')
        .set({ anulado_em: new Date().toISOString() })
        .where('id_campanha', '=', c.id_campanha)
        .where('numero', '=', 3)
        .execute();
      await t.db
        .updateTable('usuarios')
        .set({ removido_em: new Date().toISOString() })
        .where('id_usuario', '=', c.people[1]!)
        .execute();
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/adm/apuracoes',
      headers: bearer(w.admin),
      payload: agendamento(c.id_campanha, { musuario: 'N', mloja: 'N' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<Apuracao>().id_apuracao;
    const a = await frozen(id);
    const failed = s3.requests.filter((r) => r.method === 'PUT' && r.key === `${PREFIX}/apuracoes/${id}.csv`);
    expect(failed.length).toBe(3); // two runs refused, the third stored

    const secret = await qrKey(t.db, t.config.QR_SECRET)();
    const tit = (p: number) => titularDe(secret, id, c.people[p]!);
    const expected =
      `${APURACAO_CSV_HEADER}\n` +
      [0, 2, 3, 4, 5].map((n) => `000,0000${n},${tit(n % 3)},${c.shop}\n`).join('');
    const csv = await t.app.inject({ url: `/v1/apuracoes/${id}/bilhetes.csv` });
    expect(csv.rawPayload.toString('utf8')).toBe(expected);
    expect(a.hash_bilhetes).toBe(sha256(expected));
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'depois'])
      .where('entidade', '=', 'apuracao')
      .where('id_entidade', '=', String(id))
      .execute();
    expect(audit.map((e) => e.acao)).toEqual(['agendar']);
    expect(audit[0]!.depois).toContain(a.hash_bilhetes);
  });
});

describe('exports in the bucket (issue 54)', () => {
  it("stores a large export's file in the bucket's private folder and streams its download from there", async () => {
    const shop = await createSellingShop(t.db, ['Beatriz Balde']);
    const admin = await sessionFor(
      t.db,
      (await createUser(t.db, { cod_cidade: shop.city.cod_cidade, admin: true })).id_usuario,
    );
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(shop.token),
        payload: shop.sale(`S3-${i}`, shop.people[0]!, 30 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const asked = await t.app.inject({
      url: `/v1/adm/vendas?formato=csv&id_estabelecimento=${shop.shop.id_estabelecimento}`,
      headers: bearer(admin),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id_exportacao } = asked.json<{ id_exportacao: number }>();
    await t.app.jobs.idle();
    const row = await t.db
      .selectFrom('exportacoes')
      .select('arquivo')
      .where('id_exportacao', '=', id_exportacao)
      .executeTakeFirstOrThrow();
    const stored = object(`exportacoes/${row.arquivo!}`);
    expect(stored).toBeDefined();
    expect(inDataDir('exportacoes')).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    const file = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(admin),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-length']).toBe(String(file.rawPayload.length));
    expect(file.rawPayload.equals(stored!.body)).toBe(true);
    expect(file.body.split('\r\n').filter((l) => l !== '')).toHaveLength(5);
  });
});
