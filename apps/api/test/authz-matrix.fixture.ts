import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../src/db/types.js';
import { hashPassword, sha256Hex } from '../src/lib/crypto.js';
import {
  bearer,
  CLIENT_PASSWORD,
  createCampaign,
  createCity,
  createNotice,
  createPromotion,
  createSeller,
  createShop,
  createUser,
  createWinner,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';
import type { TestApp } from './helper.js';
import { agendamento, concursoNumbered, instantOf } from './apuracao-helpers.js';
import type { Person } from './authz-matrix.table.js';

/**
 * The world of the authorisation matrix (authz-matrix.table.ts): two cities, shops A, B and R
 * of city 1 (and one of city 2, with a campaign and a seller, where records must not be
 * moved), the seven people with a session each and one record of each kind owned by consumer
 * C1, shop A or city 1. Every secret string below is unique in the database, so finding it in an answer
 * means the answer carried the record.
 *
 * Shop B is in city 1 too (not city 2): a partner of another shop of the same city is the
 * nearest neighbour, so a rule that checked the city instead of the partner's own shops would
 * let PB through and fail the matrix. The admin of city 2 covers the other city.
 * The super-admin lives in city 2, so its answers on city 1 show that it reaches every city.
 */

export interface Member {
  id: number;
  nome: string;
  email: string;
  /** The session every row uses unless it asks for a fresh one. */
  token: string;
}

export interface Fixture {
  app: FastifyInstance;
  db: Kysely<Database>;
  imagesDir: string;
  basic: { user: string; pass: string };
  city1: number;
  city2: number;
  cityNames: { city1: string; city2: string };
  shopA: number;
  shopB: number;
  /** A third shop of city 1 that people rate in the matrix (C1 already rated shop A). */
  shopR: number;
  /** A shop of city 2, a campaign of city 2 and a seller of that shop: where a write must not move a record. */
  city2Shop: number;
  city2Campaign: number;
  city2Seller: { id: number; nome: string };
  /** A shop made for one request (see `fresh`). */
  shop?: number;
  /** An export made for one request (issue 39). */
  exportacao?: number;
  people: Record<Person, Member>;
  /** An API key of shop A, made by PA (issue 39), its name, and a webhook of shop A by PA. */
  apiKey: string;
  apiKeyName: string;
  hook: { id: number; url: string };
  /** A key or a webhook for one request (see `fresh`). */
  keyId?: number;
  hookId?: number;
  /** City 1's running campaign, shops A and B taking part. */
  campaign: number;
  /** A sale of shop A to C1 (R$ 250: 2 coupons). */
  sale: { id: number; numero: string };
  seller: { id: number; nome: string };
  /** C1's pending review of shop A. */
  review: { id: number; texto: string };
  notice: { id: number; title: string };
  promotion: { id: number; codProduto: string };
  tourism: { id: number; descricao: string };
  winner: { id: number; nome: string };
  /** A seeded draw of another campaign of city 1 (its record and ticket file are public). */
  draw: { id: number; id_campanha: number };
  /** A scheduled apuração of a city-1 campaign, today's contest (its record and file are public). */
  apuracao: { id: number };
  /** An apurada apuração of a city-1 campaign (its ata is public). */
  apurada: { id: number };
  /** C1's unread notification. */
  notification: { id: number; title: string };
  /** C1's push subscription. */
  subscription: { endpoint: string };
  /** A stored image under /img/. */
  image: string;
  /** A PNG (base64) that the image service accepts. */
  png: string;
  /** What rows asked for this request only (see `fresh`). */
  token?: string;
  code?: string;
  /** An open complaint of C1 about a fresh sale of shop A (issue 37). */
  contestacao?: number;
  /** A fresh open CPF proof of a fresh resident of city 1 (issue 52), and a link to its photo. */
  comprovacao?: number;
  fotoLink?: { id_comprovacao: number; foto: string; por: string; expira: string; assinatura: string };
  /** Two of C1's uploads (comprovantes/), to send as a CPF proof (issue 52). */
  uploads?: { imagem: string; selfie: string };
  /** A fresh social entity of city 1 and a fresh running campaign of city 1 to give (issue 40). */
  gift?: { id_entidade: number; id_campanha: number };
  escolha?: { id_entidade: number };
  /** A fresh social entity of city 1, to list or edit (issue 40). */
  entity?: { id: number; nome: string };
  /** Issue 53: a fresh NFC-e key of shop A, and a receipt of C1 (written straight to the table). */
  nfce?: string;
  recibo?: number;
  /** Puts every person's password back to CLIENT_PASSWORD (a row changes them), each with a live session. */
  restorePasswords(): Promise<void>;
  /** Makes a record or a code for one request, so that an allowed write never changes what the next caller sees. */
  fresh: Fresh;
}

interface Fresh {
  session(who: Person): Promise<string>;
  /** A sale of shop A to C1 in the running campaign. */
  sale(): Promise<{ id: number; numero: string }>;
  /** A pending hand-over code of shop A (a QR sale without recipient). */
  qrCode(): Promise<string>;
  /** A pending review of shop A by a new consumer. */
  review(): Promise<{ id: number; texto: string }>;
  shop(): Promise<number>;
  seller(): Promise<{ id: number; nome: string }>;
  /** A campaign of city 1 without sales (so it may be deleted). */
  campaign(): Promise<number>;
  /** A campaign of city 1 with one coupon to draw. */
  drawableCampaign(): Promise<number>;
  winner(): Promise<{ id: number; nome: string }>;
  /** A scheduled apuração of a new city-1 campaign with one coupon, today's contest. */
  apuracao(): Promise<{ id: number }>;
  /** One whose contest's instant has passed. */
  apuracaoAposConcurso(): Promise<{ id: number }>;
  notice(): Promise<{ id: number; title: string }>;
  promotion(ies_pago?: 'S' | 'N'): Promise<{ id: number; codProduto: string }>;
  tourism(): Promise<{ id: number; descricao: string }>;
  notification(): Promise<{ id: number; title: string }>;
  subscription(): Promise<{ endpoint: string }>;
  /** A password-reset code of a new person. */
  resetCode(): Promise<string>;
  /** A welcome code (issue 51) of a new account with no password yet. */
  welcomeCode(): Promise<string>;
  /** A new API key of shop A by PA: its id. */
  apiKey(): Promise<number>;
  /** A new webhook of shop A by PA: its id. */
  hook(): Promise<number>;
  /** A removal code of a new person whose password is CLIENT_PASSWORD. */
  removalCode(): Promise<string>;
  /** A push subscription body that salvatoken accepts (new endpoint each time). */
  subscriptionBody(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${randomBytes(4).toString('hex')}`;
const nowIso = () => new Date().toISOString();

/** A P-256 public key and auth secret as a browser's PushSubscription has them. */
function pushKeys(): { p256dh: string; auth: string } {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

// On loopback (the matrix's app allows it): a push to it is refused at once, never leaves the machine.
const PUSH_ENDPOINT_PREFIX = 'https://127.0.0.1:1/praca-matriz/';

export async function createFixture(t: TestApp): Promise<Fixture> {
  const { app, db } = t;
  const c1 = await createCity(db, { cidade: unique('Cidade Um') });
  const c2 = await createCity(db, { cidade: unique('Cidade Dois') });
  const shopA = (await createShop(db, { cod_cidade: c1.cod_cidade, nome: unique('Loja A') }))
    .id_estabelecimento;
  const shopB = (await createShop(db, { cod_cidade: c1.cod_cidade, nome: unique('Loja B') }))
    .id_estabelecimento;
  const shopR = (await createShop(db, { cod_cidade: c1.cod_cidade, nome: unique('Loja R') }))
    .id_estabelecimento;

  const member = async (o: Parameters<typeof createUser>[1] & { nome: string }): Promise<Member> => {
    const u = await createUser(db, o);
    return { id: u.id_usuario, nome: o.nome, email: u.email, token: await sessionFor(db, u.id_usuario) };
  };
  const city2Shop = (await createShop(db, { cod_cidade: c2.cod_cidade, nome: unique('Loja C2') }))
    .id_estabelecimento;
  const city2Campaign = (
    await createCampaign(db, { cod_cidade: c2.cod_cidade, lojas: [{ id_estabelecimento: city2Shop }] })
  ).id_campanha;
  const city2Seller = await createSeller(db, {
    id_estabelecimento: city2Shop,
    nome_vendedor: unique('Vendedor C2'),
  });

  const people: Record<Person, Member> = {
    c1: await member({ cod_cidade: c1.cod_cidade, nome: 'Clara Sigilosa Um' }),
    c2: await member({ cod_cidade: c1.cod_cidade, nome: 'Caio Consumidor Dois' }),
    pa: await member({
      cod_cidade: c1.cod_cidade,
      nome: 'Paula Parceira A',
      parceiro: true,
      estabelecimentos: [shopA],
    }),
    pb: await member({
      cod_cidade: c1.cod_cidade,
      nome: 'Pedro Parceiro B',
      parceiro: true,
      estabelecimentos: [shopB],
    }),
    adm1: await member({ cod_cidade: c1.cod_cidade, nome: 'Ana Admin Um', admin: true }),
    adm2: await member({ cod_cidade: c2.cod_cidade, nome: 'Beto Admin Dois', admin: true }),
    super: await member({ cod_cidade: c2.cod_cidade, nome: 'Sara Superadmin', superadmin: true }),
  };

  const inject = async (who: Person, method: 'POST' | 'GET', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: bearer(people[who].token), payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<Record<string, unknown>>();
  };

  const { id_campanha: campaign } = await createCampaign(db, {
    cod_cidade: c1.cod_cidade,
    den_campanha: unique('Campanha da cidade 1'),
    lojas: [{ id_estabelecimento: shopA }, { id_estabelecimento: shopB }],
  });
  const saleBody = (id_campanha: number, numero_venda: string, valor_venda: number, qrcode = false) => ({
    id_campanha,
    id_estabelecimento: shopA,
    id_usuario: qrcode ? -1 : people.c1.id,
    dat_venda: day(-1),
    numero_venda,
    valor_venda,
    id_vendedor: 99,
    qrcode,
  });
  const newSale = async (id_campanha: number, valor: number) => {
    const numero = unique('NV-SIGILO');
    const r = await inject('pa', 'POST', '/v1/parceiro/vendas', saleBody(id_campanha, numero, valor));
    return { id: (r.venda as { id_venda: number }).id_venda, numero };
  };

  const newReview = async () => {
    const [author] = await insertConsumers(db, { cod_cidade: c1.cod_cidade, nomes: [unique('Autor')] });
    const texto = unique('Avaliação sigilosa');
    const { id_avaliacao } = await db
      .insertInto('avaliacoes')
      .values({
        id_estabelecimento: shopA,
        id_usuario: author,
        nro_estrelas: 4,
        den_avaliacao: texto,
        den_resposta: '',
        aprovado: 'N',
        datahora: nowIso(),
      })
      .returning('id_avaliacao')
      .executeTakeFirstOrThrow();
    return { id: id_avaliacao, texto };
  };

  const newNotification = async (id_usuario: number) => {
    const title = unique('Notificação sigilosa');
    const { id_message } = await db
      .insertInto('usuario_notificacoes')
      .values({
        id_usuario,
        id_notificacao: null,
        type: 'N',
        title,
        body: 'Só para C1',
        image: '',
        dat_recece: nowIso(),
        lida_em: null,
      })
      .returning('id_message')
      .executeTakeFirstOrThrow();
    return { id: id_message, title };
  };

  const newSubscription = async (id_usuario: number) => {
    const endpoint = `${PUSH_ENDPOINT_PREFIX}${unique('c1')}`;
    const keys = pushKeys();
    await db
      .insertInto('push_assinaturas')
      .values({
        id_usuario,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        ies_promocao: 'S',
        ies_live: 'S',
        ies_sorteio: 'S',
        device: '',
        os_version: '',
        ip: '',
        atualizado_em: nowIso(),
      })
      .execute();
    return { endpoint };
  };

  const newCode = async (finalidade: 'reset' | 'remocao' | 'boas_vindas'): Promise<string> => {
    const id_usuario =
      finalidade === 'reset'
        ? (await insertConsumers(db, { cod_cidade: c1.cod_cidade, nomes: [unique('Esquecida')] }))[0]
        : (await createUser(db, { cod_cidade: c1.cod_cidade })).id_usuario;
    if (finalidade === 'boas_vindas')
      await db
        .updateTable('usuarios')
        .set({ senha_hash: null })
        .where('id_usuario', '=', id_usuario)
        .execute();
    const code = randomBytes(150)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 150);
    await db
      .insertInto('codigos')
      .values({
        id_usuario,
        finalidade,
        codigo_hash: sha256Hex(code),
        expira_em: new Date(Date.now() + 30 * 60_000).toISOString(),
        usado_em: null,
      })
      .execute();
    return code;
  };

  const newSellerOfA = async () => {
    const s = await createSeller(db, {
      id_estabelecimento: shopA,
      nome_vendedor: unique('Vendedor sigiloso'),
    });
    return { id: s.id_vendedor, nome: s.nome_vendedor };
  };
  const newNotice = async () => {
    const title = unique('Aviso sigiloso');
    const { id_aviso } = await createNotice(db, { cod_cidade: c1.cod_cidade, title });
    return { id: id_aviso, title };
  };
  const newPromotion = async (ies_pago: 'S' | 'N' = 'S') => {
    const { id_promocao } = await createPromotion(db, { id_estabelecimento: shopA, ies_pago });
    const codProduto = unique('PROD-SIGILO');
    await db
      .updateTable('promocoes')
      .set({ cod_produto: codProduto })
      .where('id_promocao', '=', id_promocao)
      .execute();
    return { id: id_promocao, codProduto };
  };
  const newTourism = async () => {
    const descricao = unique('Mirante sigiloso');
    const { id_turismo } = await db
      .insertInto('turismo')
      .values({
        cod_cidade: c1.cod_cidade,
        tipo: 0,
        descricao,
        url_foto: '',
        url_site: '',
        ind_ativo: 'S',
        latitude: null,
        longitude: null,
        validade_ate: null,
        atualizado_em: nowIso(),
      })
      .returning('id_turismo')
      .executeTakeFirstOrThrow();
    return { id: id_turismo, descricao };
  };
  const newWinner = async () => {
    const nome = unique('Ganhadora sigilosa');
    const { id_sorteado } = await createWinner(db, {
      id_campanha: campaign,
      id_estabelecimento: shopA,
      nome_sorteado: nome,
    });
    return { id: id_sorteado, nome };
  };
  const newDrawableCampaign = async () => {
    const { id_campanha } = await createCampaign(db, {
      cod_cidade: c1.cod_cidade,
      lojas: [{ id_estabelecimento: shopA, fator_sorteio: 0.01 }],
    });
    await newSale(id_campanha, 100);
    return id_campanha;
  };

  /**
   * An agendada apuração; with `past`, its contest's instant has passed (issue 49): a result may
   * be entered, and it can no longer be rescheduled.
   */
  const newApuracao = async (past = false) => {
    const r = await inject('adm1', 'POST', '/v1/adm/apuracoes', agendamento(await newDrawableCampaign()));
    const id = r.id_apuracao as number;
    if (past) {
      // A contest really held: three draws before the scheduled one, its number, day and
      // instant together (a record whose instant alone moved would disagree with its day).
      const held = concursoNumbered((r.concurso as number) - 3);
      await db
        .updateTable('apuracoes')
        .set({ ...held, instante_concurso: instantOf(held.data_concurso).toISOString() })
        .where('id_apuracao', '=', id)
        .execute();
    }
    return { id };
  };
  /** An apurada one: its result entered by one admin and confirmed by another person. */
  const newApurada = async () => {
    const { id } = await newApuracao(true);
    const premios = ['12345', '67890', '11111', '22222', '33333'];
    await inject('adm1', 'POST', `/v1/adm/apuracoes/${id}/resultado`, { premios });
    await inject('super', 'POST', `/v1/adm/apuracoes/${id}/resultado`, { premios });
    return { id };
  };

  // The records.
  const sale = await newSale(campaign, 250);
  const seededCampaign = await newDrawableCampaign();
  const drawn = await inject(
    'adm1',
    'GET',
    `/v1/adm/sorteio/${seededCampaign}?semente=${encodeURIComponent('Loteria Federal 5999')}`,
  );
  const png = (
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer()
  ).toString('base64');
  const image = 'imgest/matriz-publica.png';
  fs.mkdirSync(path.join(t.config.imagesDir, 'imgest'), { recursive: true });
  fs.writeFileSync(path.join(t.config.imagesDir, image), Buffer.from(png, 'base64'));

  const fresh: Fresh = {
    session: (who) => sessionFor(db, people[who].id),
    sale: () => newSale(campaign, 150),
    async qrCode() {
      const r = await inject(
        'pa',
        'POST',
        '/v1/parceiro/vendas',
        saleBody(campaign, unique('NV-QR'), 120, true),
      );
      return r.codigo as string;
    },
    review: newReview,
    shop: async () => (await createShop(db, { cod_cidade: c1.cod_cidade })).id_estabelecimento,
    seller: newSellerOfA,
    campaign: async () => (await createCampaign(db, { cod_cidade: c1.cod_cidade })).id_campanha,
    drawableCampaign: newDrawableCampaign,
    winner: newWinner,
    apuracao: () => newApuracao(),
    apuracaoAposConcurso: () => newApuracao(true),
    notice: newNotice,
    promotion: (iesPago) => newPromotion(iesPago),
    tourism: newTourism,
    notification: () => newNotification(people.c1.id),
    subscription: () => newSubscription(people.c1.id),
    resetCode: () => newCode('reset'),
    welcomeCode: () => newCode('boas_vindas'),
    apiKey: async () => (await newKey()).id_chave,
    hook: async () => (await newHook()).id,
    removalCode: () => newCode('remocao'),
    subscriptionBody: () => ({
      endpoint: `${PUSH_ENDPOINT_PREFIX}${unique('novo')}`,
      expirationTime: null,
      keys: pushKeys(),
    }),
  };

  const newKey = async (nome = unique('Caixa')) =>
    (await inject('pa', 'POST', '/v1/parceiro/chaves', { nome, id_estabelecimento: shopA })) as {
      id_chave: number;
      chave: string;
    };
  // On loopback (the matrix's app allows it), for an event no shop hook receives: never sent.
  const newHook = async () => {
    const url = `https://127.0.0.1:1/praca-matriz/${unique('hook')}`;
    const res = await inject('pa', 'POST', '/v1/webhooks', {
      url,
      eventos: ['apuracao.apurada'],
      id_estabelecimento: shopA,
    });
    return { id: res.id_webhook as number, url };
  };
  const apiKeyName = unique('Caixa Matriz');
  const apiKey = (await newKey(apiKeyName)).chave;

  return {
    app,
    db,
    apiKey,
    apiKeyName,
    hook: await newHook(),
    imagesDir: t.config.imagesDir,
    basic: { user: t.config.CIDADES_BASIC_USER, pass: t.config.CIDADES_BASIC_PASS },
    city1: c1.cod_cidade,
    city2: c2.cod_cidade,
    cityNames: { city1: c1.cidade, city2: c2.cidade },
    shopA,
    shopB,
    shopR,
    city2Shop,
    city2Campaign,
    city2Seller: { id: city2Seller.id_vendedor, nome: city2Seller.nome_vendedor },
    people,
    campaign,
    sale,
    seller: await newSellerOfA(),
    review: await newReview(),
    notice: await newNotice(),
    promotion: await newPromotion(),
    tourism: await newTourism(),
    winner: await newWinner(),
    draw: { id: drawn.id_registro as number, id_campanha: seededCampaign },
    apuracao: await newApuracao(),
    apurada: await newApurada(),
    notification: await newNotification(people.c1.id),
    subscription: await newSubscription(people.c1.id),
    image,
    png,
    fresh,
    async restorePasswords() {
      const hash = await hashPassword(CLIENT_PASSWORD);
      const ids = Object.values(people).map((p) => p.id);
      await db.updateTable('usuarios').set({ senha_hash: hash }).where('id_usuario', 'in', ids).execute();
      // A password change ends every session of its person (domain §3): each gets a new one.
      for (const p of Object.values(people)) p.token = await sessionFor(db, p.id);
    },
  };
}
