import { randomBytes } from 'node:crypto';
import { agendamento, concursoAhead } from './apuracao-helpers.js';
import fs from 'node:fs';
import path from 'node:path';
import { CUF_POR_UF, digitoChave, parseCouponCode, partnerName } from '@praca/contract';
import { today } from '../src/lib/clock.js';
import { clientPasswordHash } from '../src/lib/crypto.js';
import type { Fixture, Member } from './authz-matrix.fixture.js';
import { createCampaign, createEntity, createUser, day, newCnpj, newCpf } from './factories.js';
import { photoLink } from '../src/modules/cpf-comprovacoes/photos.js';
import { multipart } from './import-files.js';

/**
 * The authorisation matrix (issue 11; domain §3): for every route of the server, the status
 * each of eight callers gets. authz-matrix.test.ts asks every route as every caller and
 * compares; docs/authorisation.md is rendered from this table (authz-matrix.doc.ts).
 *
 * The records are owned by consumer C1, shop A and city 1 (authz-matrix.fixture.ts). Shops A
 * and B are both in city 1; the super-admin lives in city 2. The key is `METHOD path` as the
 * OpenAPI document (GET /docs/json) writes it; HEAD answers as GET does and has no rows.
 */

export const ACTORS = ['anon', 'c1', 'c2', 'pa', 'pb', 'adm1', 'adm2', 'super', 'key'] as const;
export type Actor = (typeof ACTORS)[number];
export type Person = Exclude<Actor, 'anon' | 'key'>;
/** The callers a row spells out; the API key answers as anonymous unless the row says (below). */
type Spelled = Exclude<Actor, 'key'>;
const SPELLED = ACTORS.filter((a): a is Spelled => a !== 'key');

export const ACTOR_LABELS: Record<Actor, string> = {
  anon: 'anonymous (no token)',
  c1: 'consumer C1 of city 1, who owns the consumer records',
  c2: 'consumer C2 of city 1',
  pa: 'partner PA of shop A (city 1)',
  pb: 'partner PB of shop B (also city 1)',
  adm1: 'admin of city 1',
  adm2: 'admin of city 2',
  super: 'super-admin (its own city is city 2)',
  key: 'an API key of shop A made by PA (issue 39): accepted only on the partner sales routes, elsewhere it is no session',
};

/** What one request sends; the path's `{name}` parts come from `params`. */
export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Row {
  /** Who may, in a line of the document. */
  rule: string;
  expect: Record<Actor, number>;
  /**
   * A fresh record (or session, or code) for this one request: an allowed write then never
   * changes what the next caller sees. Without it every caller gets the shared fixture.
   */
  target?: (fx: Fixture, actor: Actor) => Promise<Fixture>;
  /** Path parameters, query and a valid body (anonymous callers get `me` undefined). */
  call?: (fx: Fixture, me: Member | undefined, actor: Actor) => Call;
  /**
   * Text of the record: a denied (or `scoped`) answer must not contain it; an allowed GET
   * must (so the strings are known to be the record's).
   */
  secrets?: (fx: Fixture) => string[];
  /** The record as stored: a denied (or `scoped`) call leaves it unchanged, an allowed write changes it. */
  state?: (fx: Fixture) => Promise<unknown>;
  /** Callers answered 2xx whose answer must still neither carry nor change the record. */
  scoped?: readonly Actor[];
  /** Checks on an answer beyond status, secrets and state; returns what is wrong. */
  check?: (fx: Fixture, actor: Actor, body: string) => Promise<string[]>;
  /** Other ways in than the actors' bearer tokens (HTTP Basic). */
  extra?: { label: string; call: (fx: Fixture) => Call; status: number }[];
  /** Runs once after the row, to put back what allowed calls changed for the next rows. */
  after?: (fx: Fixture) => Promise<void>;
  /** A route the server has but the OpenAPI document hides (docs UI, static files). */
  outsideOpenApi?: true;
}

/** A row as written: the key's status only where it differs from anonymous. */
interface RowIn extends Omit<Row, 'expect'> {
  expect: Record<Spelled, number> & { key?: number };
}

/** The sale a hand-over code names (its content is readable, only its signature is secret). */
const saleOfCode = (codigo: string): number =>
  (JSON.parse(Buffer.from(codigo.split('.')[0]!, 'base64url').toString('utf8')) as { id_venda: number })
    .id_venda;

// ── Expectations ─────────────────────────────────────────────────────────────

const each = (s: number): Record<Spelled, number> =>
  Object.fromEntries(SPELLED.map((a) => [a, s])) as Record<Spelled, number>;
/** Anyone, with or without a session. */
const everyone = (s: number) => each(s);
/** Any person with a session; anonymous 401. */
const signedIn = (s: number) => ({ ...each(s), anon: 401 });
/** Any admin or the super-admin, whatever the city. */
const anyAdmin = (s: number) => ({ ...each(403), anon: 401, adm1: s, adm2: s, super: s });
/** The admin of city 1 (the record's city) and the super-admin. */
const city1Admin = (s: number) => ({ ...anyAdmin(s), adm2: 403 });
/** Who runs shop A: its partner, the admin of its city, the super-admin. */
const shopA = (s: number) => ({ ...each(403), anon: 401, pa: s, adm1: s, super: s });
const superOnly = (s: number) => ({ ...each(403), anon: 401, super: s });
/** Partner PA alone: a partner keeps its own shop; admins have their own editor. */
const partnerA = (s: number) => ({ ...each(403), anon: 401, pa: s });
/** The admin of city 2 and the super-admin (a write that names city 2). */
const city2Admin = (s: number) => ({ ...anyAdmin(s), adm1: 403 });

const OTHERS_THAN_C1: readonly Actor[] = ACTORS.filter((a) => a !== 'c1');
const WRITERS: Record<Actor, number> = {
  anon: 0,
  c1: 1,
  c2: 2,
  pa: 3,
  pb: 4,
  adm1: 5,
  adm2: 6,
  super: 7,
  key: 8,
};

let seq = 0;
const uniq = (prefix: string) => `${prefix} ${++seq}-${randomBytes(3).toString('hex')}`;
const PASSWORD = clientPasswordHash('segredo123');
const OTHER_PASSWORD = clientPasswordHash('outra-senha-456');
const numberOf = (n: bigint | number | string | undefined) => Number(n ?? 0);

/** The target with a fresh copy of one record. */
const with_ =
  <K extends keyof Fixture>(key: K, make: (fx: Fixture) => Promise<Fixture[K]>) =>
  async (fx: Fixture): Promise<Fixture> => ({ ...fx, [key]: await make(fx) });

/** One column of shop A as stored. */
const shopColumn = (fx: Fixture, column: 'telefone' | 'url_foto' | 'url_logo') =>
  fx.db
    .selectFrom('estabelecimentos')
    .select([column])
    .where('id_estabelecimento', '=', fx.shopA)
    .executeTakeFirst();

/** Shop A with a picture in `column`, so that removing it is a change. */
const withPicture =
  (column: 'url_foto' | 'url_logo') =>
  async (fx: Fixture): Promise<Fixture> => {
    await fx.db
      .updateTable('estabelecimentos')
      .set({ [column]: fx.image })
      .where('id_estabelecimento', '=', fx.shopA)
      .execute();
    return fx;
  };

/** A social entity of city 1 made for one request, named uniquely (issue 40). */
const freshEntity = async (fx: Fixture): Promise<Fixture['entity']> => {
  const e = await createEntity(fx.db, fx.city1, uniq('Entidade'));
  return { id: e.id_entidade, nome: e.nome };
};

/** An export of city 1's sales asked for by its admin, still being written (issue 39). */
const exportOfAdmin1 = async (fx: Fixture): Promise<number> => {
  const row = await fx.db
    .insertInto('exportacoes')
    .values({
      id_usuario: fx.people.adm1.id,
      cod_cidade: fx.city1,
      lista: 'vendas-cidade',
      formato: 'csv',
      filtros: JSON.stringify({ cod_cidade: fx.city1, formato: 'csv' }),
      autor: '{}',
      total: 1,
      nome_arquivo: 'vendas-matriz.csv',
      criada_em: new Date().toISOString(),
    })
    .returning('id_exportacao')
    .executeTakeFirstOrThrow();
  return row.id_exportacao;
};

const count = async (
  fx: Fixture,
  table:
    | 'vendas'
    | 'estabelecimentos'
    | 'vendedores'
    | 'campanhas'
    | 'contemplados'
    | 'avisos'
    | 'promocoes'
    | 'turismo'
    | 'notificacoes'
    | 'sorteios'
    | 'apuracoes'
    | 'chaves_api'
    | 'webhooks',
) =>
  numberOf(
    (
      await fx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Issue 52: partners (and their keys) see C1 as the customer search shows them ('Clara U.'),
 * admins and the super-admin by the whole name.
 */
async function namesC1AsCallerSees(fx: Fixture, actor: Actor, body: string): Promise<string[]> {
  if (body.includes('"erro"')) return [];
  const whole = fx.people.c1.nome;
  const masked = partnerName(whole);
  if (actor === 'adm1' || actor === 'super') return body.includes(whole) ? [] : [`lacks "${whole}"`];
  if (actor === 'pa' || actor === 'pb' || actor === 'key') {
    if (body.includes(whole)) return [`a partner sees "${whole}" whole`];
    return body.includes(masked) ? [] : [`lacks "${masked}"`];
  }
  // City 2's admin: nobody of city 1.
  return body.includes(masked) || body.includes(whole) ? ['finds C1 out of its city'] : [];
}

/** An import of `csv` into city 1, storing the valid rows (issue 39). */
function importCall(fx: Fixture, csv: string): Call {
  const { payload, headers } = multipart(csv, 'importacao.csv');
  return { query: { cod_cidade: fx.city1, modo: 'validas' }, body: payload, headers };
}

/** An open 'não reconheço' of C1 about a fresh sale of shop A, written straight to the table. */
async function openContestacao(fx: Fixture): Promise<number> {
  const sale = await fx.fresh.sale();
  const at = new Date().toISOString();
  const row = await fx.db
    .insertInto('contestacoes')
    .values({
      tipo: 'nao_reconheco',
      id_usuario: fx.people.c1.id,
      cod_cidade: fx.city1,
      id_estabelecimento: fx.shopA,
      id_venda: sale.id,
      dat_venda: day(-1),
      valor_centavos: 15000,
      numero_venda: sale.numero,
      criada_em: at,
      historico: JSON.stringify([{ em: at, status: 'aberta', motivo: null }]),
    })
    .returning('id_contestacao')
    .executeTakeFirstOrThrow();
  return row.id_contestacao;
}

/**
 * An open 'não registrada' of C1 at shop A with a receipt's photo (issue 37): the row written
 * straight to the table, the PNG straight to the private folder.
 */
async function contestacaoWithReceipt(fx: Fixture): Promise<number> {
  const imagem = `comprovantes/${fx.people.c1.id}-${randomBytes(16).toString('hex')}.png`;
  const file = path.join(fx.app.config.dataDir, imagem);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(fx.png, 'base64'));
  const at = new Date().toISOString();
  const row = await fx.db
    .insertInto('contestacoes')
    .values({
      tipo: 'nao_registrada',
      id_usuario: fx.people.c1.id,
      cod_cidade: fx.city1,
      id_estabelecimento: fx.shopA,
      id_venda: null,
      dat_venda: day(-1),
      valor_centavos: 4200,
      numero_venda: uniq('NR'),
      imagem,
      criada_em: at,
      historico: JSON.stringify([{ em: at, status: 'aberta', motivo: null }]),
    })
    .returning('id_contestacao')
    .executeTakeFirstOrThrow();
  return row.id_contestacao;
}

/** Issue 53: the CNPJ shop A issues receipts under (added once, straight to the table). */
const SHOP_A_CNPJ = '61999888000150';

/**
 * A fresh NFC-e key of shop A, of this month and of city 1's state, with its check digit; the
 * shop's CNPJ written to `estabelecimento_cnpjs` the first time.
 */
async function freshNfce(fx: Fixture): Promise<string> {
  const held = await fx.db
    .selectFrom('estabelecimento_cnpjs')
    .select('cnpj')
    .where('cnpj', '=', SHOP_A_CNPJ)
    .executeTakeFirst();
  if (!held)
    await fx.db
      .insertInto('estabelecimento_cnpjs')
      .values({ cnpj: SHOP_A_CNPJ, id_estabelecimento: fx.shopA, criado_em: new Date().toISOString() })
      .execute();
  const city = await fx.db
    .selectFrom('cidades')
    .select('uf')
    .where('cod_cidade', '=', fx.city1)
    .executeTakeFirstOrThrow();
  const d = today();
  const number = String(++seq).padStart(9, '0');
  const cNF = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
  const head = `${CUF_POR_UF[city.uf]}${d.slice(2, 4)}${d.slice(5, 7)}${SHOP_A_CNPJ}65001${number}1${cNF}`;
  return `${head}${digitoChave(head)}`;
}

/**
 * Issue 53: a receipt of C1 at shop A, written straight to the table (sent long ago, so it never
 * counts against a day's limit): pending, or, with `semComprador`, of a sale shop A reported
 * without a buyer (a hand-over sale without its code), to be donated.
 */
async function reciboOfC1(fx: Fixture, semComprador = false): Promise<Fixture> {
  const chave = await freshNfce(fx);
  let idVenda: number | null = null;
  if (semComprador) {
    idVenda = saleOfCode(await fx.fresh.qrCode());
    await fx.db
      .updateTable('vendas')
      .set({ qr_token_hash: null, qr_expira_em: null, chave_nfce: chave })
      .where('id_venda', '=', idVenda)
      .execute();
  }
  const at = new Date().toISOString();
  const row = await fx.db
    .insertInto('recibos')
    .values({
      chave,
      cnpj: SHOP_A_CNPJ,
      id_estabelecimento: fx.shopA,
      cod_cidade: fx.city1,
      id_usuario: fx.people.c1.id,
      dat_emissao: today().slice(0, 7),
      dia_envio: '2000-01-01',
      status: semComprador ? 'sem_comprador' : 'pendente',
      id_venda: idVenda,
      criado_em: at,
      atualizado_em: at,
    })
    .returning('id_recibo')
    .executeTakeFirstOrThrow();
  return { ...fx, nfce: chave, recibo: row.id_recibo, entity: await freshEntity(fx) };
}

const reciboStatus = (fx: Fixture) =>
  fx.db
    .selectFrom('recibos')
    .select(['status'])
    .where('id_recibo', '=', fx.recibo ?? 0)
    .executeTakeFirst();

/** Whether an answer's body (as text) is a PNG: 0x89 'PNG' CR LF. */
const isPng = (body: string): boolean => body.slice(1, 6) === 'PNG\r\n';

/** A PNG written straight to the store under `key`. */
function storedPng(fx: Fixture, key: string): string {
  const file = path.join(fx.app.config.dataDir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(fx.png, 'base64'));
  return key;
}

/** An open CPF proof (issue 52) of a fresh resident of city 1, with its two photos stored. */
async function openComprovacao(fx: Fixture): Promise<number> {
  const person = await createUser(fx.db, { cod_cidade: fx.city1 });
  const cpf = newCpf();
  const photo = () =>
    storedPng(fx, `cpf-comprovacoes/${person.id_usuario}-${randomBytes(16).toString('hex')}.png`);
  const row = await fx.db
    .insertInto('cpf_comprovacoes')
    .values({
      id_usuario: person.id_usuario,
      cod_cidade: fx.city1,
      cpf_busca: fx.app.cpf.lookup(cpf),
      cpf_cifrado: fx.app.cpf.seal(cpf),
      imagem: photo(),
      selfie: photo(),
      criado_em: new Date().toISOString(),
    })
    .returning('id_comprovacao')
    .executeTakeFirstOrThrow();
  return row.id_comprovacao;
}

/** A fresh proof and the link to its document photo that the list gives the admin of city 1. */
async function comprovacaoWithLink(fx: Fixture): Promise<Fixture> {
  const id = await openComprovacao(fx);
  const key = await fx.app.services.cpfComprovacoes.linkKey();
  const expira = Math.floor(Date.now() / 1000) + 600;
  const link = new URL(
    photoLink(key, '/', { id, foto: 'imagem', por: fx.people.adm1.id, expira }),
    'http://x',
  );
  const q = Object.fromEntries(link.searchParams) as { por: string; expira: string; assinatura: string };
  return { ...fx, comprovacao: id, fotoLink: { id_comprovacao: id, foto: 'imagem', ...q } };
}

const comprovacaoStatus = (fx: Fixture) =>
  fx.db
    .selectFrom('cpf_comprovacoes')
    .select(['status'])
    .where('id_comprovacao', '=', fx.comprovacao ?? 0)
    .executeTakeFirst();

const contestacaoStatus = (fx: Fixture) =>
  fx.db
    .selectFrom('contestacoes')
    .select(['status'])
    .where('id_contestacao', '=', fx.contestacao ?? 0)
    .executeTakeFirst();

const loginAs = (fx: Fixture, me: Member | undefined): Call => ({
  body: { email: (me ?? fx.people.c1).email, senha: PASSWORD },
});

const saleBody = (fx: Fixture, numero: string, valor: number) => ({
  id_campanha: fx.campaign,
  id_estabelecimento: fx.shopA,
  id_usuario: fx.people.c1.id,
  dat_venda: day(-1),
  numero_venda: numero,
  valor_venda: valor,
  id_vendedor: 99,
});

// ── The table ───────────────────────────────────────────────────────────────

const ROWS: Record<string, RowIn> = {
  // Sessions.
  'POST /v1/login': {
    rule: 'Public: anyone logs in with their own password (anonymous sends C1’s).',
    expect: everyone(200),
    call: loginAs,
  },
  'GET /v1/desafio': {
    rule: 'Public: a log-in challenge (issue 52) for any e-mail, registered or not, alike.',
    expect: everyone(200),
    call: (fx) => ({ query: { email: fx.people.c1.email } }),
  },
  'POST /v1/parceiro/login': {
    rule: 'Only people with the partner flag; anyone else 401 (domain §3).',
    expect: { ...each(401), pa: 200, pb: 200 },
    call: loginAs,
  },
  'POST /v1/adm/usuarios/login': {
    rule: 'Only admins and the super-admin; anyone else 401 (domain §3).',
    expect: { ...each(401), adm1: 200, adm2: 200, super: 200 },
    call: loginAs,
  },
  'POST /v1/logout': {
    rule: 'Any session ends itself (each caller uses a fresh session).',
    expect: signedIn(200),
    target: async (fx, actor) =>
      actor === 'anon' || actor === 'key' ? fx : { ...fx, token: await fx.fresh.session(actor) },
  },
  'POST /v1/usuarios/registro': {
    rule: 'Public: registration.',
    expect: everyone(201),
    call: (fx) => ({
      body: {
        nome: 'Nova Pessoa',
        email: `${uniq('nova').replace(/\s/g, '.')}@teste.praca`,
        senha: PASSWORD,
        cod_cidade: fx.city1,
      },
    }),
  },
  // "Entrar com gov.br" (issue 52). The matrix's server has a client id and an issuer nobody
  // answers at: the flow's pages are public and act only on this browser's flow cookie, which no
  // caller here has (409); test/govbr.test.ts runs the whole flow against a local provider.
  'GET /v1/govbr/entrar': {
    rule: 'Public: starts a gov.br login (here gov.br is out of reach: the error page, 302).',
    expect: everyone(302),
  },
  'GET /v1/govbr/retorno': {
    rule: "Public: gov.br's callback; without this browser's flow it ends on the error page (302).",
    expect: everyone(302),
    call: () => ({ query: { code: 'x', state: 'y' } }),
  },
  'POST /v1/govbr/sessao': {
    rule: 'Public, by the flow cookie only: hands over the login a callback left to that browser; none here (409).',
    expect: everyone(409),
  },
  'GET /v1/govbr/cadastro': {
    rule: 'Public, by the flow cookie only: what gov.br gave for the sign-up; none here (409).',
    expect: everyone(409),
  },
  'POST /v1/govbr/cadastro': {
    rule: 'Public, by the flow cookie only: completes a gov.br sign-up; none here (409).',
    expect: everyone(409),
    call: (fx) => ({ body: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/govbr/vincular': {
    rule: 'Public, by the flow cookie only: why the link page shows; none here (409).',
    expect: everyone(409),
  },
  'POST /v1/usuarios/govbr/vincular': {
    rule: "Any session, with its password again and this browser's completed gov.br flow (none here: 409).",
    expect: signedIn(409),
    call: () => ({ body: { senha: PASSWORD } }),
  },
  'GET /v1/parceiro/usuarios': {
    rule: "Customer search of the sales screen: partners, admins and the super-admin, each finding only the residents of its cities (a partner's shops', an admin's own; issue 37); consumers 403.",
    expect: { ...anyAdmin(200), pa: 200, pb: 200 },
    scoped: ['adm2'],
    call: () => ({ query: { nome: 'Clara Sigilosa' } }),
    // Issue 52: partners find C1 as 'Clara U.', admins by the whole name.
    check: namesC1AsCallerSees,
  },

  // Cities and categories.
  'GET /v1/cidades': {
    rule: 'HTTP Basic with the configured credentials only; a bearer token is not enough (401).',
    expect: each(401),
    extra: [
      {
        label: 'HTTP Basic, configured credentials',
        call: (fx) => ({
          headers: {
            authorization: `Basic ${Buffer.from(`${fx.basic.user}:${fx.basic.pass}`).toString('base64')}`,
          },
        }),
        status: 200,
      },
      {
        label: 'HTTP Basic, wrong password',
        call: (fx) => ({
          headers: { authorization: `Basic ${Buffer.from(`${fx.basic.user}:errada`).toString('base64')}` },
        }),
        status: 401,
      },
    ],
  },
  'GET /v1/adm/cidades': {
    rule: 'Any admin; an admin sees only its own city, the super-admin every city.',
    expect: anyAdmin(200),
    secrets: (fx) => [fx.cityNames.city1],
    scoped: ['adm2'],
  },
  'GET /v1/adm/cidades/{cod_cidade}/promotor': {
    rule: 'The promoter of city 1’s apurações (issue 49): its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { cod_cidade: fx.city1 } }),
    secrets: (fx) => [fx.cityNames.city1],
  },
  'PATCH /v1/adm/cidades/{cod_cidade}/promotor': {
    rule: 'Set the promoter of city 1’s apurações: the super-admin alone (issue 49).',
    expect: superOnly(200),
    call: (fx) => ({
      params: { cod_cidade: fx.city1 },
      body: { promotor_nome: uniq('Promotor'), promotor_cnpj: newCnpj() },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('cidades')
        .select(['promotor_nome', 'promotor_cnpj'])
        .where('cod_cidade', '=', fx.city1)
        .executeTakeFirst(),
  },
  'GET /v1/adm/categorias': { rule: 'Any admin (the establishment editor).', expect: anyAdmin(200) },

  // Consumer content (public, per city).
  'GET /v1/estabelecimentos': {
    rule: 'Public list of a city.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/estabelecimentos/vitrine': {
    rule: "Public: the home's daily pick of a city's shops.",
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/estabelecimentos/busca': {
    rule: "Public: a page of a city's shops by name (Participantes).",
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: 'a' } }),
  },
  'GET /v1/estabelecimentos/vendedores/{id_estabelecimento}': {
    rule: 'Sellers of shop A for the sales screen: who runs shop A.',
    expect: shopA(200),
    call: (fx) => ({ params: { id_estabelecimento: fx.shopA } }),
    secrets: (fx) => [fx.seller.nome],
  },
  'GET /v1/campanhas': {
    rule: 'Public list of a city.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/campanhas/resumo': {
    rule: "Public: a city's campaigns without their shops (the home).",
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/campanhas/contemplados': {
    rule: 'Public list of a city.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/avisos': {
    rule: 'Public list of a city.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/promocoes/{id_estabelecimento}': {
    rule: 'Public: paid, current promotions of a shop.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_estabelecimento: fx.shopA } }),
  },
  'GET /v1/turismo': {
    rule: 'Public list of a city.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/pushnotification/chave': { rule: 'Public: the server’s VAPID public key.', expect: everyone(200) },

  // Reviews.
  'GET /v1/avaliacoes/{id_estabelecimento}': {
    rule: 'Public: approved reviews only — a pending review is shown to nobody here.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_estabelecimento: fx.shopA } }),
    secrets: (fx) => [fx.review.texto],
    scoped: ACTORS,
  },
  'POST /v1/estabelecimentos/avaliacoes': {
    rule: 'Any person with a session rates a shop (it waits for approval).',
    expect: signedIn(202),
    call: (fx) => ({
      body: { id_estabelecimento: fx.shopR, nro_estrelas: 5, den_avaliacao: 'Atendimento ótimo' },
    }),
  },
  'GET /v1/estabelecimentos/avaliacoes': {
    rule: 'Reviews to moderate of shop A: its partner, the admin of its city, the super-admin.',
    expect: shopA(200),
    call: (fx) => ({ query: { id: fx.shopA, aprovado: 'N' } }),
    secrets: (fx) => [fx.review.texto],
  },
  'POST /v1/adm/estabelecimentos/avaliacao/aprovar/{id_avaliacao}': {
    rule: 'Approve a review of shop A: its partner, the admin of its city, the super-admin.',
    expect: shopA(200),
    target: with_('review', (fx) => fx.fresh.review()),
    call: (fx) => ({
      params: { id_avaliacao: fx.review.id },
      body: { ies_aprovacao: 'S', den_resposta: 'Obrigado!' },
    }),
    secrets: (fx) => [fx.review.texto],
    state: (fx) =>
      fx.db
        .selectFrom('avaliacoes')
        .select(['aprovado', 'den_resposta'])
        .where('id_avaliacao', '=', fx.review.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/estabelecimentos/avaliacao/aprovar/{id_avaliacao}': {
    rule: 'Delete a review of shop A: its partner, the admin of its city, the super-admin.',
    expect: shopA(200),
    target: with_('review', (fx) => fx.fresh.review()),
    call: (fx) => ({ params: { id_avaliacao: fx.review.id } }),
    secrets: (fx) => [fx.review.texto],
    state: (fx) =>
      fx.db
        .selectFrom('avaliacoes')
        .select(['id_avaliacao'])
        .where('id_avaliacao', '=', fx.review.id)
        .executeTakeFirst(),
  },

  // Sales (partner screen) and the consumer's claim.
  'GET /v1/parceiro/campanhas': {
    rule: 'Campaigns of shop A for its sales screen: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    call: (fx) => ({ query: { id_estabelecimento: fx.shopA } }),
  },
  'GET /v1/parceiro/vendas': {
    rule: 'Sales of shop A: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    call: (fx) => ({ query: { id_estabelecimento: fx.shopA, id_campanha: fx.campaign } }),
    secrets: (fx) => [fx.sale.numero],
    check: namesC1AsCallerSees,
  },
  'POST /v1/parceiro/vendas': {
    rule: 'Register a sale of shop A: who runs shop A.',
    expect: { ...shopA(201), key: 201 },
    call: (fx) => ({ body: saleBody(fx, uniq('NV-NOVA'), 80) }),
    state: (fx) => count(fx, 'vendas'),
  },
  'GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda}': {
    rule: 'One sale of shop A: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    call: (fx) => ({ params: { id_estabelecimento: fx.shopA, id_venda: fx.sale.id } }),
    secrets: (fx) => [fx.sale.numero],
    check: namesC1AsCallerSees,
  },
  'GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda}/qrcode': {
    rule: 'The hand-over code of a pending sale of shop A, again: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    target: with_('code', (fx) => fx.fresh.qrCode()),
    call: (fx) => ({ params: { id_estabelecimento: fx.shopA, id_venda: saleOfCode(fx.code!) } }),
    secrets: (fx) => [fx.code!],
  },
  'PATCH /v1/parceiro/vendas/{id_venda}': {
    rule: 'Change a sale of shop A: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    call: (fx, _me, actor) => ({
      params: { id_venda: fx.sale.id },
      body: saleBody(fx, fx.sale.numero, 300 + WRITERS[actor]),
    }),
    secrets: (fx) => [fx.sale.numero],
    state: (fx) =>
      fx.db
        .selectFrom('vendas')
        .select(['valor_centavos'])
        .where('id_venda', '=', fx.sale.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/parceiro/vendas/{id_venda}': {
    rule: 'Delete a sale of shop A: who runs shop A.',
    expect: { ...shopA(200), key: 200 },
    target: with_('sale', (fx) => fx.fresh.sale()),
    call: (fx) => ({ params: { id_venda: fx.sale.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('vendas')
        .select(['excluida_em'])
        .where('id_venda', '=', fx.sale.id)
        .executeTakeFirst(),
  },
  // The door for shop systems (issue 39).
  'POST /v1/parceiro/chaves': {
    rule: 'A partner makes an API key for one of its own shops: PA for shop A (PB: not its shop; admins make none).',
    expect: partnerA(201),
    call: (fx) => ({ body: { nome: uniq('Caixa'), id_estabelecimento: fx.shopA } }),
    state: (fx) => count(fx, 'chaves_api'),
  },
  'GET /v1/parceiro/chaves': {
    rule: 'A partner’s own keys (never their secret): PA sees shop A’s, PB only its own.',
    expect: { ...each(403), anon: 401, pa: 200, pb: 200 },
    secrets: (fx) => [fx.apiKeyName],
    scoped: ['pb'],
  },
  'DELETE /v1/parceiro/chaves/{id}': {
    rule: 'Revoking a key: its partner alone (another partner’s key is 404 to PB).',
    expect: { ...each(403), anon: 401, pa: 200, pb: 404 },
    target: with_('keyId', (fx) => fx.fresh.apiKey()),
    call: (fx) => ({ params: { id: fx.keyId! } }),
    state: (fx) =>
      fx.db
        .selectFrom('chaves_api')
        .select(['revogada_em'])
        .where('id_chave', '=', fx.keyId!)
        .executeTakeFirst(),
  },
  'POST /v1/webhooks': {
    rule: 'A webhook for shop A’s events: who runs shop A (its partner, the admin of city 1, the super-admin).',
    expect: shopA(201),
    call: (fx) => ({
      body: {
        url: `https://127.0.0.1:1/praca-matriz/${uniq('novo').replace(/\W/g, '')}`,
        eventos: ['apuracao.apurada'],
        id_estabelecimento: fx.shopA,
      },
    }),
    state: (fx) => count(fx, 'webhooks'),
  },
  'GET /v1/webhooks': {
    rule: 'Webhooks in reach: a partner’s shops’, an admin’s city’s, every one for the super-admin.',
    expect: { ...anyAdmin(200), pa: 200, pb: 200 },
    secrets: (fx) => [fx.hook.url],
    scoped: ['pb', 'adm2'],
  },
  'DELETE /v1/webhooks/{id}': {
    rule: 'Removing shop A’s webhook: who runs shop A; another’s hook is 404, as an unknown one (issue 52).',
    expect: { ...shopA(200), pb: 404, adm2: 404 },
    target: with_('hookId', (fx) => fx.fresh.hook()),
    call: (fx) => ({ params: { id: fx.hookId! } }),
    state: (fx) =>
      fx.db
        .selectFrom('webhooks')
        .select(['removido_em'])
        .where('id_webhook', '=', fx.hookId!)
        .executeTakeFirst(),
  },
  'GET /v1/webhooks/{id}/entregas': {
    rule: 'The delivery history of shop A’s webhook: who runs shop A; another’s hook is 404, as an unknown one (issue 52).',
    expect: { ...shopA(200), pb: 404, adm2: 404 },
    call: (fx) => ({ params: { id: fx.hook.id } }),
  },
  'POST /v1/usuarios/vendas/resgatar': {
    rule: 'Any person with a session claims a hand-over code once (domain §4), but not one of a shop linked to them (self-dealing, issue 37): PA 403.',
    expect: { ...signedIn(201), pa: 403 },
    target: with_('code', (fx) => fx.fresh.qrCode()),
    call: (fx) => ({ body: { codigo: fx.code } }),
  },

  // The resident's complaints (issue 37).
  'POST /v1/contestacoes': {
    rule: "Any person with a session contests a sale of their own statement ('não reconheço'); another’s sale 404, as an unknown one (issue 52).",
    expect: { ...each(404), anon: 401, c1: 201 },
    target: with_('sale', (fx) => fx.fresh.sale()),
    call: (fx) => ({ body: { tipo: 'nao_reconheco', id_venda: fx.sale.id } }),
  },
  'GET /v1/contestacoes': {
    rule: 'Any person with a session, only their own complaints.',
    expect: signedIn(200),
    target: with_('contestacao', openContestacao),
    check: async (fx, actor, body) => {
      if (actor === 'anon' || actor === 'key') return [];
      const ids = (JSON.parse(body) as { id_contestacao: number }[]).map((c) => c.id_contestacao);
      const sees = ids.includes(fx.contestacao ?? 0);
      if (actor === 'c1') return sees ? [] : ['C1 does not see its own complaint'];
      return sees ? ['sees C1’s complaint'] : [];
    },
  },
  'GET /v1/adm/contestacoes': {
    rule: 'Complaints about the shops of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'POST /v1/adm/contestacoes/{id_contestacao}/decisao': {
    rule: 'Decide a complaint about a city-1 shop: its admin and the super-admin (a fresh complaint each call); city 2’s admin 404, as an unknown one (issue 52).',
    expect: { ...city1Admin(200), adm2: 404 },
    target: with_('contestacao', openContestacao),
    call: (fx) => ({
      params: { id_contestacao: fx.contestacao ?? 0 },
      body: { decisao: 'recusada', motivo: 'Conferido' },
    }),
    state: contestacaoStatus,
  },

  // The residents' fiscal receipts (issue 53).
  'POST /v1/recibos': {
    rule: "Any person with a session sends a receipt (NFC-e) they hold; the key's shop must be of the sender's city: city 2's admin and the super-admin (who live in city 2) get 400, a shop that does not take part.",
    expect: { ...signedIn(201), adm2: 400, super: 400 },
    target: with_('nfce', freshNfce),
    call: (fx) => ({ body: { chave: fx.nfce } }),
  },
  'GET /v1/recibos': {
    rule: 'Any person with a session, only their own receipts.',
    expect: signedIn(200),
    target: (fx) => reciboOfC1(fx),
    check: async (fx, actor, body) => {
      if (actor === 'anon' || actor === 'key') return [];
      const sees = body.includes(fx.nfce ?? '-');
      if (actor === 'c1') return sees ? [] : ['C1 does not see its own receipt'];
      return sees ? ['sees C1’s receipt'] : [];
    },
  },
  'POST /v1/recibos/{id_recibo}/doacao': {
    rule: "Only the receipt's sender C1 donates it (a receipt shop A reported without a buyer); another signed-in person 404, as an unknown one (issue 52).",
    expect: { ...each(404), anon: 401, c1: 200 },
    target: (fx) => reciboOfC1(fx, true),
    call: (fx) => ({ params: { id_recibo: fx.recibo ?? 0 }, body: { id_entidade: fx.entity?.id ?? 0 } }),
    state: reciboStatus,
    secrets: (fx) => [fx.nfce ?? '-'],
  },
  'GET /v1/adm/recibos': {
    rule: 'The receipts sent at the shops of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    target: (fx) => reciboOfC1(fx),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
    secrets: (fx) => [fx.nfce ?? '-'],
  },

  'POST /v1/contestacoes/comprovante': {
    rule: "Any person with a session uploads a receipt's photo (issue 37), kept privately under their own id.",
    expect: signedIn(201),
    call: (fx) => ({ body: { nomearq: 'recibo.png', conteudo: fx.png } }),
    check: async (fx, actor, body) => {
      if (actor === 'anon' || actor === 'key') return [];
      const { imagem } = JSON.parse(body) as { imagem?: string };
      return imagem?.startsWith(`comprovantes/${fx.people[actor].id}-`) ? [] : [`stored as ${imagem}`];
    },
  },
  'GET /v1/contestacoes/{id_contestacao}/comprovante': {
    rule: "A receipt's photo (private: a nota fiscal may carry a CPF): the complaint's author C1, the admin of its city 1 and the super-admin; another signed-in person 404, as an unknown one (issue 52).",
    expect: { ...city1Admin(200), c1: 200, c2: 404, pa: 404, pb: 404, adm2: 404 },
    target: with_('contestacao', contestacaoWithReceipt),
    call: (fx) => ({ params: { id_contestacao: fx.contestacao ?? 0 } }),
    check: async (_fx, actor, body) => {
      const allowed = ['c1', 'adm1', 'super'].includes(actor);
      if (allowed) return isPng(body) ? [] : ['the allowed answer is not the PNG'];
      return isPng(body) ? ['the refused answer carries the PNG'] : [];
    },
  },

  // Proof of a CPF by an admin (issue 52).
  'GET /v1/usuarios/cpf/comprovacao': {
    rule: 'Any person with a session: the state of their own CPF and their latest proof.',
    expect: signedIn(200),
  },
  'POST /v1/usuarios/cpf/comprovacao': {
    rule: "Any person with a session sends a proof of their own declared CPF with their own uploads: C1's uploads are unknown photos (400) to everyone else.",
    expect: { ...each(400), anon: 401, c1: 201 },
    target: async (fx) => {
      const c1 = fx.people.c1.id;
      const cpf = newCpf();
      await fx.db
        .updateTable('usuarios')
        .set({
          cpf_busca: fx.app.cpf.lookup(cpf),
          cpf_cifrado: fx.app.cpf.seal(cpf),
          cpf_situacao: 'declarado',
        })
        .where('id_usuario', '=', c1)
        .execute();
      const upload = () => storedPng(fx, `comprovantes/${c1}-${randomBytes(16).toString('hex')}.png`);
      return { ...fx, uploads: { imagem: upload(), selfie: upload() } };
    },
    call: (fx) => ({ body: fx.uploads }),
    after: async (fx) => {
      const c1 = fx.people.c1.id;
      await fx.db.deleteFrom('cpf_comprovacoes').where('id_usuario', '=', c1).execute();
      await fx.db
        .updateTable('usuarios')
        .set({ cpf_busca: null, cpf_cifrado: null, cpf_situacao: '' })
        .where('id_usuario', '=', c1)
        .execute();
    },
  },
  'GET /v1/adm/cpf-comprovacoes': {
    rule: 'The CPF proofs of the residents of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'POST /v1/adm/cpf-comprovacoes/{id_comprovacao}/decisao': {
    rule: 'Decide the CPF proof of a resident of city 1: its admin and the super-admin (a fresh proof each call).',
    expect: city1Admin(200),
    target: with_('comprovacao', openComprovacao),
    call: (fx) => ({
      params: { id_comprovacao: fx.comprovacao ?? 0 },
      body: { decisao: 'recusada', motivo: 'Foto ilegível' },
    }),
    state: comprovacaoStatus,
  },
  'GET /v1/adm/cpf-comprovacoes/{id_comprovacao}/fotos/{foto}': {
    rule: 'A photo of a CPF proof through the link the list signed for the admin of city 1, valid 10 minutes: the link is the credential (an image sends no token), each view audited under that admin; a wrong or expired link 403.',
    expect: everyone(200),
    target: comprovacaoWithLink,
    call: (fx) => {
      const { id_comprovacao, foto, ...query } = fx.fotoLink!;
      return { params: { id_comprovacao, foto }, query };
    },
    check: async (_fx, _actor, body) => (isPng(body) ? [] : ['the answer is not the PNG']),
    extra: [
      {
        label: 'the same link with another signature',
        call: (fx) => {
          const { id_comprovacao, foto, ...query } = fx.fotoLink ?? {
            id_comprovacao: 1,
            foto: 'imagem',
            por: '1',
            expira: '1',
            assinatura: 'x',
          };
          return { params: { id_comprovacao, foto }, query: { ...query, assinatura: 'A'.repeat(43) } };
        },
        status: 403,
      },
    ],
  },

  // The city's social entities and gifts of coupons (issue 40).
  'POST /v1/adm/entidades': {
    rule: 'Register a social entity of city 1 and its account: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({
      body: {
        nome: `Entidade ${randomBytes(4).toString('hex')}`,
        cnpj: newCnpj(),
        causa: 'Idosos',
        cod_cidade: fx.city1,
        email: `entidade.${randomBytes(6).toString('hex')}@teste.praca`,
      },
    }),
  },
  'GET /v1/adm/entidades': {
    rule: 'The social entities of city 1 to edit, with their accounts’ e-mails: its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('entity', freshEntity),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
    secrets: (fx) => [fx.entity!.nome],
  },
  'PATCH /v1/adm/entidades/{id}': {
    rule: 'Edit a social entity of city 1: its admin and the super-admin (a fresh entity each call).',
    expect: city1Admin(200),
    target: with_('entity', freshEntity),
    call: (fx, _me, actor) => ({ params: { id: fx.entity!.id }, body: { causa: `Causa de ${actor}` } }),
    secrets: (fx) => [fx.entity!.nome],
    state: (fx) =>
      fx.db
        .selectFrom('entidades')
        .select(['causa', 'atualizado_em'])
        .where('id_entidade', '=', fx.entity!.id)
        .executeTakeFirst(),
  },
  'GET /v1/entidades': {
    rule: 'Public: the entities of a city, what they received and won.',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/entidades/minha': {
    rule: "An entity's own account reads what it received; any other person 404 (no one here is an entity).",
    expect: signedIn(404),
  },
  'POST /v1/usuarios/doacoes': {
    rule: 'Any person with a session gives their coupons of a running campaign to an entity of its city (a fresh entity and campaign each call).',
    expect: signedIn(201),
    target: with_('gift', async (fx) => ({
      id_entidade: (await createEntity(fx.db, fx.city1)).id_entidade,
      id_campanha: (
        await createCampaign(fx.db, { cod_cidade: fx.city1, lojas: [{ id_estabelecimento: fx.shopA }] })
      ).id_campanha,
    })),
    call: (fx) => ({ body: { ...fx.gift, modo: 'futuros' } }),
  },
  'GET /v1/usuarios/doacoes': {
    rule: 'Any person with a session, only their own gifts.',
    expect: signedIn(200),
  },
  'GET /v1/usuarios/entidade': {
    rule: 'Any person with a session, only their own chosen entity.',
    expect: signedIn(200),
  },
  'PUT /v1/usuarios/entidade': {
    rule: 'Any person with a session chooses an entity of their own city (city 1 here: 400 for the admin of city 2 and the super-admin, who live in city 2).',
    expect: { ...signedIn(200), adm2: 400, super: 400 },
    target: with_('escolha', async (fx) => ({
      id_entidade: (await createEntity(fx.db, fx.city1)).id_entidade,
    })),
    call: (fx) => ({ body: { id_entidade: fx.escolha!.id_entidade } }),
  },

  // The consumer's own coupons, statement, notifications, profile and data.
  'GET /v1/usuarios/cupons': {
    rule: 'Any person with a session, only their own coupons.',
    expect: signedIn(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
    check: async (fx, actor, body) => {
      if (actor === 'anon' || actor === 'key') return [];
      const mine = await fx.db
        .selectFrom('cupons')
        .select(['id_campanha', 'numero'])
        .where('id_usuario', '=', fx.people.c1.id)
        .execute();
      const c1 = new Set(mine.map((c) => `${c.id_campanha}:${c.numero}`));
      const got = (JSON.parse(body) as { cupons: { id_campanha: number; id_sorteio: number }[] }[]).flatMap(
        (s) => s.cupons.map((c) => `${c.id_campanha}:${c.id_sorteio}`),
      );
      if (actor === 'c1') return got.some((k) => c1.has(k)) ? [] : ['C1 does not see its own coupons'];
      const leaked = got.filter((k) => c1.has(k));
      return leaked.length ? [`sees C1's coupons ${leaked.join(', ')}`] : [];
    },
  },
  'GET /v1/extrato': {
    rule: 'Any person with a session, only their own statement.',
    expect: signedIn(200),
    secrets: (fx) => [fx.sale.numero],
    scoped: OTHERS_THAN_C1,
  },
  'GET /v1/usuarios/notificacao': {
    rule: 'Any person with a session, only their own notifications.',
    expect: signedIn(200),
    secrets: (fx) => [fx.notification.title],
    scoped: OTHERS_THAN_C1,
  },
  'POST /v1/usuarios/notificacao': {
    rule: 'Any person with a session keeps a push it received, as its own.',
    expect: signedIn(201),
    call: () => ({ body: { title: 'Recebida com o app aberto', body: 'Olá' } }),
  },
  'POST /v1/usuarios/notificacao/lidas': {
    rule: 'Any person with a session marks its own notifications read; another’s ids are left as they are.',
    expect: signedIn(204),
    target: with_('notification', (fx) => fx.fresh.notification()),
    call: (fx) => ({ body: { id_message: [fx.notification.id] } }),
    scoped: OTHERS_THAN_C1,
    state: (fx) =>
      fx.db
        .selectFrom('usuario_notificacoes')
        .select(['lida_em'])
        .where('id_message', '=', fx.notification.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/usuarios/notificacao/{id_message}': {
    rule: 'Only its owner deletes a notification; for anyone else it does not exist (404).',
    expect: { ...each(404), anon: 401, c1: 204 },
    target: with_('notification', (fx) => fx.fresh.notification()),
    call: (fx) => ({ params: { id_message: fx.notification.id } }),
    secrets: (fx) => [fx.notification.title],
    state: (fx) =>
      fx.db
        .selectFrom('usuario_notificacoes')
        .select(['id_message'])
        .where('id_message', '=', fx.notification.id)
        .executeTakeFirst(),
  },
  'POST /v1/usuarios/salvatoken': {
    rule: 'Any person with a session registers its own browser for push.',
    expect: signedIn(201),
    call: (fx) => ({ body: { token: fx.fresh.subscriptionBody() } }),
    after: async (fx) => {
      await fx.db.deleteFrom('push_assinaturas').where('endpoint', 'like', '%/novo-%').execute();
    },
  },
  'GET /v1/usuarios/{userId}': {
    rule: 'Only the person itself reads its profile; any other caller, admins included, 403.',
    expect: { ...each(403), anon: 401, c1: 200 },
    call: (fx) => ({ params: { userId: fx.people.c1.id } }),
    secrets: (fx) => [fx.people.c1.email, fx.people.c1.nome],
  },
  'PATCH /v1/usuarios': {
    rule: 'Any person with a session changes its own name and phone (no id in the route).',
    expect: signedIn(200),
    call: (fx, me) => ({ body: { nome: (me ?? fx.people.c1).nome, whatsup: '' } }),
  },
  'POST /v1/adm/usuarios/trocasenha': {
    rule: 'Any person with a session changes its own password (its own e-mail and current password); it ends the session used, so each caller uses a fresh one.',
    expect: signedIn(200),
    target: async (fx, actor) =>
      actor === 'anon' || actor === 'key' ? fx : { ...fx, token: await fx.fresh.session(actor) },
    call: (fx, me) => ({
      body: { email: (me ?? fx.people.c1).email, senha: PASSWORD, novasenha: OTHER_PASSWORD },
    }),
    after: (fx) => fx.restorePasswords(),
  },
  'POST /v1/usuarios/solicitatrocasenha': {
    rule: 'Public: 202 for any well-formed address (never reveals who is registered).',
    expect: everyone(202),
    call: (fx, me) => ({ body: { email: (me ?? fx.people.c1).email } }),
  },
  'POST /v1/usuarios/redefinirsenha': {
    rule: 'Public: the e-mailed code is the credential (a fresh code each call).',
    expect: everyone(202),
    target: with_('code', (fx) => fx.fresh.resetCode()),
    call: (fx) => ({ body: { code: fx.code, senha: OTHER_PASSWORD, senha2: OTHER_PASSWORD } }),
  },
  'POST /v1/usuarios/definirsenha': {
    rule: 'Public: the welcome e-mail’s code is the credential (a fresh code each call).',
    expect: everyone(202),
    target: with_('code', (fx) => fx.fresh.welcomeCode()),
    call: (fx) => ({ body: { code: fx.code, senha: OTHER_PASSWORD, senha2: OTHER_PASSWORD } }),
  },
  'POST /v1/usuarios/solicitaremocao': {
    rule: 'Any person with a session asks to remove its own account (the link goes to its own e-mail).',
    expect: signedIn(201),
    call: (fx, me) => ({ body: { email: (me ?? fx.people.c1).email } }),
  },
  'POST /v1/usuarios/remocaousuario': {
    rule: 'Public: the e-mailed code and the password are the credentials (a fresh code each call).',
    expect: everyone(202),
    target: with_('code', (fx) => fx.fresh.removalCode()),
    call: (fx) => ({ body: { code: fx.code, senha: PASSWORD, senha2: PASSWORD } }),
  },
  'GET /v1/usuarios/meusdados': {
    rule: 'Any person with a session downloads its own data only (a partner’s holds the sales it registered, without the buyer).',
    expect: signedIn(200),
    secrets: (fx) => [fx.people.c1.email, fx.people.c1.nome, fx.notification.title],
    scoped: OTHERS_THAN_C1,
  },

  // Admin: establishments and sellers.
  'GET /v1/adm/estabelecimentos': {
    rule: 'Shops of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'POST /v1/adm/estabelecimentos': {
    rule: 'Create a shop: the super-admin alone (domain §3).',
    expect: superOnly(201),
    call: (fx) => ({ body: { nome: uniq('Loja nova'), cod_cidade: fx.city1 } }),
    state: (fx) => count(fx, 'estabelecimentos'),
  },
  'GET /v1/adm/estabelecimentos/{id}': {
    rule: 'Shop A in the admin editor: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.shopA } }),
    secrets: (fx) => [fx.seller.nome],
  },
  'PATCH /v1/adm/estabelecimentos/{id}': {
    rule: 'Edit shop A: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    call: (fx, _me, actor) => ({ params: { id: fx.shopA }, body: { telefone: `1130000${WRITERS[actor]}` } }),
    state: (fx) =>
      fx.db
        .selectFrom('estabelecimentos')
        .select(['telefone'])
        .where('id_estabelecimento', '=', fx.shopA)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/estabelecimentos/{id}': {
    rule: 'Delete a shop: the super-admin alone (domain §3).',
    expect: superOnly(200),
    target: with_('shop', (fx) => fx.fresh.shop()),
    call: (fx) => ({ params: { id: fx.shop ?? 0 } }),
    state: (fx) =>
      fx.db
        .selectFrom('estabelecimentos')
        .select(['id_estabelecimento'])
        .where('id_estabelecimento', '=', fx.shop ?? 0)
        .executeTakeFirst(),
  },
  'GET /v1/adm/estabelecimentos/{id}/vendedores': {
    rule: 'Sellers of shop A in the admin editor: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.shopA } }),
    secrets: (fx) => [fx.seller.nome],
  },
  'POST /v1/adm/estabelecimentos/{id}/vendedores': {
    rule: 'Add a seller to shop A: the admin of its city and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({ params: { id: fx.shopA }, body: { nome_vendedor: uniq('Vendedor novo') } }),
    state: (fx) => count(fx, 'vendedores'),
  },
  'PATCH /v1/adm/estabelecimentos/{id}/vendedores/{id_vendedor}': {
    rule: 'Rename a seller of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    target: with_('seller', (fx) => fx.fresh.seller()),
    call: (fx) => ({
      params: { id: fx.shopA, id_vendedor: fx.seller.id },
      body: { nome_vendedor: uniq('Renomeado') },
    }),
    secrets: (fx) => [fx.seller.nome],
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['nome_vendedor'])
        .where('id_vendedor', '=', fx.seller.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/estabelecimentos/{id}/vendedores/{id_vendedor}': {
    rule: 'Remove a seller of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    target: with_('seller', (fx) => fx.fresh.seller()),
    call: (fx) => ({ params: { id: fx.shopA, id_vendedor: fx.seller.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['id_vendedor'])
        .where('id_vendedor', '=', fx.seller.id)
        .executeTakeFirst(),
  },

  // Partner: its own shops (issue 35). Admins keep shops through /v1/adm/estabelecimentos.
  'GET /v1/parceiro/estabelecimentos': {
    rule: 'The partner’s own shops with their sellers: partners only, each sees its own (PB shop B, not shop A).',
    expect: { ...each(403), anon: 401, pa: 200, pb: 200 },
    secrets: (fx) => [fx.seller.nome],
    scoped: ['pb'],
  },
  'PATCH /v1/parceiro/estabelecimentos/{id}': {
    rule: 'Contacts and address of shop A: its partner alone.',
    expect: partnerA(200),
    call: (fx, _me, actor) => ({ params: { id: fx.shopA }, body: { telefone: `1131000${WRITERS[actor]}` } }),
    state: (fx) => shopColumn(fx, 'telefone'),
  },
  'PUT /v1/parceiro/estabelecimentos/{id}/foto': {
    rule: 'Upload the photo of shop A: its partner alone.',
    expect: partnerA(200),
    call: (fx) => ({ params: { id: fx.shopA }, body: { nomearq: 'fachada.png', conteudo: fx.png } }),
    state: (fx) => shopColumn(fx, 'url_foto'),
  },
  'DELETE /v1/parceiro/estabelecimentos/{id}/foto': {
    rule: 'Remove the photo of shop A: its partner alone.',
    expect: partnerA(200),
    target: withPicture('url_foto'),
    call: (fx) => ({ params: { id: fx.shopA } }),
    state: (fx) => shopColumn(fx, 'url_foto'),
  },
  'PUT /v1/parceiro/estabelecimentos/{id}/logo': {
    rule: 'Upload the logo of shop A: its partner alone.',
    expect: partnerA(200),
    call: (fx) => ({ params: { id: fx.shopA }, body: { nomearq: 'logo.png', conteudo: fx.png } }),
    state: (fx) => shopColumn(fx, 'url_logo'),
  },
  'DELETE /v1/parceiro/estabelecimentos/{id}/logo': {
    rule: 'Remove the logo of shop A: its partner alone.',
    expect: partnerA(200),
    target: withPicture('url_logo'),
    call: (fx) => ({ params: { id: fx.shopA } }),
    state: (fx) => shopColumn(fx, 'url_logo'),
  },
  'POST /v1/parceiro/estabelecimentos/{id}/vendedores': {
    rule: 'Add a seller to shop A: its partner alone.',
    expect: partnerA(201),
    call: (fx) => ({ params: { id: fx.shopA }, body: { nome_vendedor: uniq('Vendedor do parceiro') } }),
    state: (fx) => count(fx, 'vendedores'),
  },
  'PATCH /v1/parceiro/estabelecimentos/{id}/vendedores/{id_vendedor}': {
    rule: 'Rename a seller of shop A: its partner alone.',
    expect: partnerA(200),
    target: with_('seller', (fx) => fx.fresh.seller()),
    call: (fx) => ({
      params: { id: fx.shopA, id_vendedor: fx.seller.id },
      body: { nome_vendedor: uniq('Renomeado pelo parceiro') },
    }),
    secrets: (fx) => [fx.seller.nome],
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['nome_vendedor'])
        .where('id_vendedor', '=', fx.seller.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/parceiro/estabelecimentos/{id}/vendedores/{id_vendedor}': {
    rule: 'Remove a seller of shop A: its partner alone.',
    expect: partnerA(200),
    target: with_('seller', (fx) => fx.fresh.seller()),
    call: (fx) => ({ params: { id: fx.shopA, id_vendedor: fx.seller.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['id_vendedor'])
        .where('id_vendedor', '=', fx.seller.id)
        .executeTakeFirst(),
  },

  // Admin: campaigns, dashboard, draws, winners.
  'GET /v1/adm/campanhas': {
    rule: 'Campaigns of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'POST /v1/adm/campanhas': {
    rule: 'Create a campaign in city 1: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({
      body: {
        den_campanha: uniq('Campanha nova'),
        validade_ini: day(1),
        validade_fim: day(40),
        cod_cidade: fx.city1,
        estabelecimentos: [],
      },
    }),
    state: (fx) => count(fx, 'campanhas'),
  },
  'GET /v1/adm/campanhas/estabelecimentos/{id}': {
    rule: 'Shops of a city-1 campaign’s editor: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.campaign } }),
  },
  'GET /v1/adm/campanhas/{id}': {
    rule: 'A campaign of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.campaign } }),
  },
  'PATCH /v1/adm/campanhas/{id}': {
    rule: 'Edit a campaign of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx, _me, actor) => ({
      params: { id: fx.campaign },
      body: { link: `https://praca.example/c/${actor}` },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('campanhas')
        .select(['link'])
        .where('id_campanha', '=', fx.campaign)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/campanhas/{id}': {
    rule: 'Delete a campaign of city 1: its admin and the super-admin.',
    expect: city1Admin(202),
    target: with_('campaign', (fx) => fx.fresh.campaign()),
    call: (fx) => ({ params: { id: fx.campaign } }),
    state: (fx) =>
      fx.db
        .selectFrom('campanhas')
        .select(['id_campanha'])
        .where('id_campanha', '=', fx.campaign)
        .executeTakeFirst(),
  },
  'GET /v1/adm/dashboard': {
    rule: 'Dashboard of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/adm/dashboard/series': {
    rule: 'Dashboard charts of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/adm/dashboard/vendas': {
    rule: 'A page of the dashboard’s shop cards of a year, city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, ano: 2026 } }),
  },
  'GET /v1/adm/sorteio/{id_campanha}': {
    rule: 'Draw a coupon of a city-1 campaign: its admin and the super-admin (a fresh campaign each call).',
    expect: city1Admin(200),
    target: with_('campaign', (fx) => fx.fresh.drawableCampaign()),
    call: (fx) => ({ params: { id_campanha: fx.campaign } }),
    state: (fx) => count(fx, 'sorteios'),
  },
  'GET /v1/adm/sorteio/{id_campanha}/faixa': {
    rule: 'The coupon range of a city-1 campaign (the draw dialog’s display): its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id_campanha: fx.draw.id_campanha } }),
  },
  'POST /v1/adm/sorteio/{id_campanha}/abertura': {
    rule: 'Open the draw of a city-1 campaign (publishes the seed’s hash, issue 49): its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({ params: { id_campanha: fx.draw.id_campanha } }),
    state: async (fx) =>
      numberOf(
        (
          await fx.db
            .selectFrom('sorteio_aberturas')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  'GET /v1/sorteios/aberturas/{id_abertura}': {
    rule: 'Public: an opened draw’s published seed hash (and, once drawn, its record and seed).',
    expect: everyone(200),
    // An opening of the seeded draw's campaign, in the `draw` slot.
    target: with_('draw', async (fx) => {
      const { id_abertura } = await fx.db
        .insertInto('sorteio_aberturas')
        .values({
          id_campanha: fx.draw.id_campanha,
          semente: 'f'.repeat(64),
          hash_semente: 'e'.repeat(64),
          aberto_em: `${today()}T12:00:00.000Z`,
          aberto_por: null,
        })
        .returning('id_abertura')
        .executeTakeFirstOrThrow();
      return { id: id_abertura, id_campanha: fx.draw.id_campanha };
    }),
    call: (fx) => ({ params: { id_abertura: fx.draw.id } }),
  },
  'GET /v1/adm/sorteios': {
    rule: 'Draw records of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { id_campanha: fx.draw.id_campanha } }),
  },
  'GET /v1/sorteios/{id_registro}': {
    rule: 'Public: a draw’s record (names masked), so anyone can audit it.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_registro: fx.draw.id } }),
  },
  'GET /v1/sorteios/{id_registro}/bilhetes.csv': {
    rule: 'Public: the ticket file of a seeded draw (names masked).',
    expect: everyone(200),
    call: (fx) => ({ params: { id_registro: fx.draw.id } }),
  },
  'POST /v1/adm/apuracoes': {
    rule: 'Schedule an apuração of a city-1 campaign (freezes its ticket file): its admin and the super-admin.',
    expect: city1Admin(201),
    target: with_('campaign', (fx) => fx.fresh.drawableCampaign()),
    call: (fx) => ({ body: agendamento(fx.campaign) }),
    state: (fx) => count(fx, 'apuracoes'),
  },
  'GET /v1/adm/apuracoes/proximo-concurso': {
    rule: 'The next contest that may be scheduled: admins and the super-admin.',
    expect: anyAdmin(200),
    call: () => ({}),
  },
  'PATCH /v1/adm/apuracoes/{id_apuracao}': {
    rule: 'Move an apuração of a city-1 campaign to another contest: its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('apuracao', (fx) => fx.fresh.apuracao()),
    call: (fx, _me, actor) => ({
      params: { id_apuracao: fx.apuracao.id },
      body: {
        ...concursoAhead(2880 + 1440 * (7 + 7 * WRITERS[actor])),
        motivo: 'Concurso adiado pela Caixa (teste da matriz)',
      },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('apuracoes')
        .select(['concurso'])
        .where('id_apuracao', '=', fx.apuracao.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/apuracoes/{id_apuracao}/resultado': {
    rule: 'Enter the contest’s prizes for an apuração of a city-1 campaign (the first of two entries: 202): its admin and the super-admin.',
    expect: city1Admin(202),
    target: with_('apuracao', (fx) => fx.fresh.apuracaoAposConcurso()),
    call: (fx) => ({
      params: { id_apuracao: fx.apuracao.id },
      body: { premios: ['12345', '67890', '11111', '22222', '33333'] },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('apuracao_lancamentos')
        .select(['por'])
        .where('id_apuracao', '=', fx.apuracao.id)
        .execute(),
  },
  'POST /v1/adm/apuracoes/{id_apuracao}/concurso-nao-realizado': {
    rule: 'Caixa did not hold the contest of an apuração of a city-1 campaign: its admin and the super-admin move it to the next contest.',
    expect: city1Admin(200),
    target: with_('apuracao', (fx) => fx.fresh.apuracaoAposConcurso()),
    call: (fx) => ({
      params: { id_apuracao: fx.apuracao.id },
      body: { motivo: 'A Caixa não realizou a extração (teste da matriz)' },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('apuracoes')
        .select(['concurso'])
        .where('id_apuracao', '=', fx.apuracao.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/apuracoes/{id_apuracao}/publicacoes': {
    rule: 'Record where the edital of an apuração of a city-1 campaign came out: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({
      params: { id_apuracao: fx.apuracao.id },
      body: { veiculo: 'Diário Oficial do Município', data_publicacao: today() },
    }),
    state: async (fx) =>
      (
        await fx.db
          .selectFrom('apuracao_publicacoes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
  },
  'PUT /v1/adm/apuracoes/{id_apuracao}/bilhetes.csv': {
    rule: 'Restore a suspended apuração’s ticket file of a city-1 campaign: its admin and the super-admin (a copy that is not the published one is 400).',
    expect: city1Admin(400),
    call: (fx) => ({ params: { id_apuracao: fx.apuracao.id }, body: { x: 1 } }),
    state: (fx) =>
      fx.db
        .selectFrom('apuracoes')
        .select(['suspensa_em'])
        .where('id_apuracao', '=', fx.apuracao.id)
        .executeTakeFirst(),
  },
  'GET /v1/adm/apuracoes/{id_apuracao}/ata.pdf': {
    rule: 'The draw minutes (PDF) of an apurada apuração of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id_apuracao: fx.apurada.id } }),
  },
  'GET /v1/apuracoes/{id_apuracao}/ata.pdf': {
    rule: 'Public: the draw minutes (PDF) of an apurada apuração.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_apuracao: fx.apurada.id } }),
  },
  'GET /v1/apuracoes/{id_apuracao}/edital.pdf': {
    rule: 'Public: the notice (PDF) of a scheduled apuração.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_apuracao: fx.apuracao.id } }),
  },
  'GET /v1/apuracoes': {
    rule: 'Public: the city’s apurações and draws (names masked).',
    expect: everyone(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/apuracoes/{id_apuracao}': {
    rule: 'Public: an apuração’s record (hash, rule, prizes, winners masked).',
    expect: everyone(200),
    call: (fx) => ({ params: { id_apuracao: fx.apuracao.id } }),
  },
  'GET /v1/apuracoes/{id_apuracao}/bilhetes.csv': {
    rule: 'Public: an apuração’s frozen ticket file (holders as pseudonyms).',
    expect: everyone(200),
    call: (fx) => ({ params: { id_apuracao: fx.apuracao.id } }),
  },
  'GET /v1/apuracoes/{id_apuracao}/bilhetes/{serie_numero}': {
    rule: 'Public: whether a série-número is in an apuração’s file and won.',
    expect: everyone(200),
    call: (fx) => ({ params: { id_apuracao: fx.apuracao.id, serie_numero: '000-00000' } }),
  },
  'GET /v1/usuarios/numeros': {
    rule: 'Any person with a session: their own numbers only.',
    expect: signedIn(200),
    check: async (fx, actor, body) => {
      if (actor === 'anon' || actor === 'key') return [];
      const mine = JSON.parse(body) as { id_campanha: number; numeros: { serie_numero: string }[] }[];
      const owners = await fx.db
        .selectFrom('cupons')
        .select(['id_campanha', 'numero', 'id_usuario'])
        .where('id_campanha', 'in', [0, ...mine.map((c) => c.id_campanha)])
        .execute();
      const wrong = mine.flatMap((c) =>
        c.numeros
          .filter((n) => {
            const numero = parseCouponCode(n.serie_numero);
            const o = owners.find((k) => k.id_campanha === c.id_campanha && Number(k.numero) === numero);
            return o?.id_usuario !== fx.people[actor].id;
          })
          .map((n) => `${c.id_campanha}:${n.serie_numero}`),
      );
      const problems = wrong.length ? [`numbers that are not the caller’s: ${wrong.join(', ')}`] : [];
      if (actor === 'c1' && mine.length === 0) problems.push('C1’s own numbers are missing');
      return problems;
    },
  },
  'GET /v1/adm/contemplados': {
    rule: 'Winners of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: fx.winner.nome } }),
    secrets: (fx) => [fx.winner.nome],
  },
  'POST /v1/adm/contemplados': {
    rule: 'Record a winner of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({
      body: { id_campanha: fx.campaign, nome_sorteado: uniq('Ganhador novo'), data_sorteio: day(-1) },
    }),
    state: (fx) => count(fx, 'contemplados'),
  },
  'GET /v1/adm/contemplados/{id_sorteado}': {
    rule: 'A winner of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id_sorteado: fx.winner.id } }),
    secrets: (fx) => [fx.winner.nome],
  },
  'PATCH /v1/adm/contemplados/{id_sorteado}': {
    rule: 'Edit a winner of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx, _me, actor) => ({
      params: { id_sorteado: fx.winner.id },
      body: { data_sorteio: day(-2 - WRITERS[actor]) },
    }),
    secrets: (fx) => [fx.winner.nome],
    state: (fx) =>
      fx.db
        .selectFrom('contemplados')
        .select(['data_sorteio'])
        .where('id_sorteado', '=', fx.winner.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/contemplados/{id_sorteado}': {
    rule: 'Delete a winner recorded by hand in a city-1 campaign (a drawn one is annulled instead): its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('winner', (fx) => fx.fresh.winner()),
    call: (fx) => ({ params: { id_sorteado: fx.winner.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('contemplados')
        .select(['id_sorteado'])
        .where('id_sorteado', '=', fx.winner.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/contemplados/{id_sorteado}/anulacao': {
    rule: 'Annul a winner of a city-1 campaign, with a reason that becomes public: its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('winner', (fx) => fx.fresh.winner()),
    call: (fx) => ({
      params: { id_sorteado: fx.winner.id },
      body: { motivo: 'Ganhador não localizado em 30 dias' },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('contemplados')
        .select(['anulado_em', 'motivo_anulacao'])
        .where('id_sorteado', '=', fx.winner.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/contemplados/{id_sorteado}/entrega': {
    rule: 'Record the delivery of a prize of a city-1 campaign: its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('winner', (fx) => fx.fresh.winner()),
    call: (fx) => ({ params: { id_sorteado: fx.winner.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('contemplados')
        .select(['entregue_em'])
        .where('id_sorteado', '=', fx.winner.id)
        .executeTakeFirst(),
  },

  // Admin: notices, promotions, tourism, notifications, images, audit.
  'GET /v1/adm/avisos': {
    rule: 'Notices of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: fx.notice.title } }),
    secrets: (fx) => [fx.notice.title],
  },
  'POST /v1/adm/avisos': {
    rule: 'Create a notice in city 1: its admin and the super-admin.',
    expect: city1Admin(202),
    call: (fx) => ({ body: { title: uniq('Aviso novo'), validade: day(10), cod_cidade: fx.city1 } }),
    state: (fx) => count(fx, 'avisos'),
  },
  'GET /v1/adm/avisos/{id}': {
    rule: 'A notice of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.notice.id } }),
    secrets: (fx) => [fx.notice.title],
  },
  'PATCH /v1/adm/avisos/{id}': {
    rule: 'Edit a notice of city 1: its admin and the super-admin.',
    expect: city1Admin(202),
    call: (fx, _me, actor) => ({ params: { id: fx.notice.id }, body: { body: `<p>Texto de ${actor}</p>` } }),
    secrets: (fx) => [fx.notice.title],
    state: (fx) =>
      fx.db.selectFrom('avisos').select(['body']).where('id_aviso', '=', fx.notice.id).executeTakeFirst(),
  },
  'DELETE /v1/adm/avisos/{id}': {
    rule: 'Delete a notice of city 1: its admin and the super-admin.',
    expect: city1Admin(202),
    target: with_('notice', (fx) => fx.fresh.notice()),
    call: (fx) => ({ params: { id: fx.notice.id } }),
    state: (fx) =>
      fx.db.selectFrom('avisos').select(['id_aviso']).where('id_aviso', '=', fx.notice.id).executeTakeFirst(),
  },
  'GET /v1/adm/promocoes': {
    rule: 'Promotions of city 1’s shops: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: fx.promotion.codProduto } }),
    secrets: (fx) => [fx.promotion.codProduto],
  },
  'POST /v1/adm/promocoes': {
    rule: 'Create a promotion of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({ body: { id_estabelecimento: fx.shopA, dat_inicio: day(1), plano_dias: 7 } }),
    state: (fx) => count(fx, 'promocoes'),
  },
  'GET /v1/adm/promocoes/{id}': {
    rule: 'A promotion of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.promotion.id } }),
    secrets: (fx) => [fx.promotion.codProduto],
  },
  'PATCH /v1/adm/promocoes/{id}': {
    rule: 'Edit a promotion of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(200),
    call: (fx, _me, actor) => ({ params: { id: fx.promotion.id }, body: { regra: `Regra de ${actor}` } }),
    secrets: (fx) => [fx.promotion.codProduto],
    state: (fx) =>
      fx.db
        .selectFrom('promocoes')
        .select(['regra'])
        .where('id_promocao', '=', fx.promotion.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/promocoes/{id}': {
    rule: 'Delete a promotion of shop A: the admin of its city and the super-admin.',
    expect: city1Admin(202),
    target: with_('promotion', (fx) => fx.fresh.promotion()),
    call: (fx) => ({ params: { id: fx.promotion.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('promocoes')
        .select(['id_promocao'])
        .where('id_promocao', '=', fx.promotion.id)
        .executeTakeFirst(),
  },
  'GET /v1/adm/turismo': {
    rule: 'Tourism items of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: fx.tourism.descricao } }),
    secrets: (fx) => [fx.tourism.descricao],
  },
  'POST /v1/adm/turismo': {
    rule: 'Create a tourism item in city 1: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => ({ body: { descricao: uniq('Praça nova'), tipo: 0, cod_cidade: fx.city1 } }),
    state: (fx) => count(fx, 'turismo'),
  },
  'GET /v1/adm/turismo/{id}': {
    rule: 'A tourism item of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.tourism.id } }),
    secrets: (fx) => [fx.tourism.descricao],
  },
  'PATCH /v1/adm/turismo/{id}': {
    rule: 'Edit a tourism item of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx, _me, actor) => ({
      params: { id: fx.tourism.id },
      body: { url_site: `https://praca.example/t/${actor}` },
    }),
    secrets: (fx) => [fx.tourism.descricao],
    state: (fx) =>
      fx.db
        .selectFrom('turismo')
        .select(['url_site'])
        .where('id_turismo', '=', fx.tourism.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/turismo/{id}': {
    rule: 'Delete a tourism item of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    target: with_('tourism', (fx) => fx.fresh.tourism()),
    call: (fx) => ({ params: { id: fx.tourism.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('turismo')
        .select(['id_turismo'])
        .where('id_turismo', '=', fx.tourism.id)
        .executeTakeFirst(),
  },
  // Imports (issue 39): the file as multipart, modo=validas (a preview stores nothing).
  'POST /v1/adm/importacoes/estabelecimentos': {
    rule: 'Import shops into city 1 from a file: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => importCall(fx, `nome\n${uniq('Loja importada')}\n`),
    state: (fx) => count(fx, 'estabelecimentos'),
  },
  'GET /v1/adm/importacoes/estabelecimentos/modelo': {
    rule: 'The shops import template: any admin.',
    expect: anyAdmin(200),
  },
  'POST /v1/adm/importacoes/turismo': {
    rule: 'Import tourism items into city 1 from a file: its admin and the super-admin.',
    expect: city1Admin(201),
    call: (fx) => importCall(fx, `descricao;tipo\n${uniq('Praça importada')};0\n`),
    state: (fx) => count(fx, 'turismo'),
  },
  'GET /v1/adm/importacoes/turismo/modelo': {
    rule: 'The tourism import template: any admin.',
    expect: anyAdmin(200),
  },
  'POST /v1/adm/notificacao': {
    rule: 'Send a notification in city 1: its admin and the super-admin (p=I: to the sender).',
    expect: city1Admin(202),
    call: (fx) => ({
      query: { p: 'I' },
      body: { title: 'Aviso da praça', body: 'Olá', cod_cidade: fx.city1 },
    }),
    state: (fx) => count(fx, 'notificacoes'),
  },
  'GET /v1/adm/notificacoes': {
    rule: 'City 1’s notifications and their push progress: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/pushnotification/registration': {
    rule: 'Push tokens of city 1’s people: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { TODOS: 'A', cod_cidade: fx.city1 } }),
    secrets: (fx) => [fx.subscription.endpoint],
  },
  'PATCH /v1/pushnotification/registration': {
    rule: 'Drop failed push tokens: any admin, but an admin only its own city’s people’s (city 2’s admin removes nothing of C1).',
    expect: anyAdmin(200),
    target: with_('subscription', (fx) => fx.fresh.subscription()),
    call: (fx) => ({ body: { failedTokens: [fx.subscription.endpoint] } }),
    scoped: ['adm2'],
    state: (fx) =>
      fx.db
        .selectFrom('push_assinaturas')
        .select(['id'])
        .where('endpoint', '=', fx.subscription.endpoint)
        .executeTakeFirst(),
  },
  'POST /img/{dir}/post_img.php': {
    rule: 'Image upload: any admin (images are not tied to a city).',
    expect: anyAdmin(201),
    call: (fx) => ({ params: { dir: 'imgest' }, body: { nomearq: 'matriz.png', conteudo: fx.png } }),
  },
  'GET /v1/adm/auditoria': {
    rule: 'Audit log of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/adm/alertas': {
    rule: 'Alerts for city 1 (issue 37): its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, data: today() } }),
  },
  'GET /v1/adm/vendas': {
    rule: 'Sales of city 1 (issue 39): its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/adm/campanhas/{id}/cupons': {
    rule: 'Coupons of a city-1 campaign (issue 39): its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.campaign } }),
    secrets: (fx) => [fx.sale.numero],
  },
  'GET /v1/adm/exportacoes/{id}': {
    rule: 'A large export asked for by the admin of city 1 (issue 39): that admin, the admins of its city and the super-admin.',
    expect: city1Admin(200),
    target: with_('exportacao', exportOfAdmin1),
    call: (fx) => ({ params: { id: fx.exportacao ?? 0 } }),
    secrets: () => ['vendas-matriz.csv'],
  },
  'GET /v1/adm/exportacoes/{id}/arquivo': {
    rule: 'The file of that export: the same callers (409 while it is still being written).',
    expect: city1Admin(409),
    target: with_('exportacao', exportOfAdmin1),
    call: (fx) => ({ params: { id: fx.exportacao ?? 0 } }),
  },

  // Exports (issue 39): `?formato=` answers the file under the list's own rule.
  'GET /v1/parceiro/vendas · formato=csv': {
    rule: "The sales of shop A as a CSV file: who runs shop A, as the list (shop A's API key too).",
    expect: { ...shopA(200), key: 200 },
    call: (fx) => ({ query: { id_estabelecimento: fx.shopA, id_campanha: fx.campaign, formato: 'csv' } }),
    secrets: (fx) => [fx.sale.numero],
    check: namesC1AsCallerSees,
  },
  'GET /v1/adm/vendas · formato=xlsx': {
    rule: 'The sales of city 1 as an XLSX file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'xlsx' } }),
  },
  'GET /v1/adm/estabelecimentos · formato=csv': {
    rule: 'The shops of city 1 as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'csv' } }),
  },
  'GET /v1/adm/estabelecimentos/{id}/vendedores · formato=csv': {
    rule: 'The sellers of shop A as a CSV file: the admin of its city and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.shopA }, query: { formato: 'csv' } }),
    secrets: (fx) => [fx.seller.nome],
  },
  'GET /v1/adm/campanhas · formato=csv': {
    rule: 'The campaigns of city 1 as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'csv' } }),
  },
  'GET /v1/adm/campanhas/estabelecimentos/{id} · formato=csv': {
    rule: 'The shops of a city-1 campaign as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.campaign }, query: { formato: 'csv' } }),
  },
  'GET /v1/adm/campanhas/{id}/cupons · formato=csv': {
    rule: 'The coupons of a city-1 campaign as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: fx.campaign }, query: { formato: 'csv' } }),
    secrets: (fx) => [fx.sale.numero],
  },
  'GET /v1/adm/contemplados · formato=csv': {
    rule: 'The winners of city 1 as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, q: fx.winner.nome, formato: 'csv' } }),
    secrets: (fx) => [fx.winner.nome],
  },
  'GET /v1/adm/contestacoes · formato=csv': {
    rule: 'The complaints about city-1 shops as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'csv' } }),
  },
  'GET /v1/adm/recibos · formato=csv': {
    rule: 'The receipts sent at the shops of city 1 as a CSV file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    target: (fx) => reciboOfC1(fx),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'csv' } }),
    secrets: (fx) => [fx.nfce ?? '-'],
  },
  'GET /v1/adm/auditoria · formato=xlsx': {
    rule: 'The audit log of city 1 as an XLSX file: its admin and the super-admin, as the list.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { cod_cidade: fx.city1, formato: 'xlsx' } }),
  },

  // Variants: the same routes asked for what only some may do (domain §3), or for another's
  // record through one's own. The key is the route, ' · ', and what differs.
  'GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda} · shop B in the path, shop A’s sale': {
    rule: 'A sale is read only through its own shop: naming one’s own shop B does not reach shop A’s sale (404).',
    expect: { ...each(403), anon: 401, pb: 404, adm1: 404, super: 404, key: 403 },
    call: (fx) => ({ params: { id_estabelecimento: fx.shopB, id_venda: fx.sale.id } }),
    secrets: (fx) => [fx.sale.numero, fx.people.c1.nome],
  },
  'PATCH /v1/parceiro/vendas/{id_venda} · move to shop B': {
    rule: 'Moving a sale to another shop needs both shops: PA does not run shop B, PB does not run shop A.',
    expect: { ...shopA(200), pa: 403, key: 403 },
    target: with_('sale', (fx) => fx.fresh.sale()),
    call: (fx) => ({
      params: { id_venda: fx.sale.id },
      body: { ...saleBody(fx, fx.sale.numero, 150), id_estabelecimento: fx.shopB },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('vendas')
        .select(['id_estabelecimento'])
        .where('id_venda', '=', fx.sale.id)
        .executeTakeFirst(),
  },
  'GET /v1/estabelecimentos/avaliacoes · no shop named': {
    rule: 'Reviews to moderate within the caller’s reach: PB and the admin of city 2 get their own (none of shop A).',
    expect: { ...anyAdmin(200), pa: 200, pb: 200 },
    call: () => ({ query: { aprovado: 'N' } }),
    secrets: (fx) => [fx.review.texto],
    scoped: ['pb', 'adm2'],
  },
  'PATCH /v1/adm/estabelecimentos/{id} · active flag': {
    rule: 'Category, city, active flags and photos of a shop: the super-admin alone (domain §3).',
    expect: superOnly(200),
    target: with_('shop', (fx) => fx.fresh.shop()),
    call: (fx) => ({ params: { id: fx.shop ?? 0 }, body: { ind_ativo: 'N' } }),
    state: (fx) =>
      fx.db
        .selectFrom('estabelecimentos')
        .select(['ind_ativo'])
        .where('id_estabelecimento', '=', fx.shop ?? 0)
        .executeTakeFirst(),
  },
  'PATCH /v1/adm/estabelecimentos/{id}/vendedores/{id_vendedor} · a city-2 shop’s seller under shop A': {
    rule: 'A seller is changed only through its own shop (404 through another).',
    expect: { ...each(403), anon: 401, adm1: 404, super: 404 },
    call: (fx) => ({
      params: { id: fx.shopA, id_vendedor: fx.city2Seller.id },
      body: { nome_vendedor: uniq('Invasor') },
    }),
    secrets: (fx) => [fx.city2Seller.nome],
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['nome_vendedor'])
        .where('id_vendedor', '=', fx.city2Seller.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/adm/estabelecimentos/{id}/vendedores/{id_vendedor} · a city-2 shop’s seller under shop A': {
    rule: 'A seller is removed only through its own shop (404 through another).',
    expect: { ...each(403), anon: 401, adm1: 404, super: 404 },
    call: (fx) => ({ params: { id: fx.shopA, id_vendedor: fx.city2Seller.id } }),
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['id_vendedor'])
        .where('id_vendedor', '=', fx.city2Seller.id)
        .executeTakeFirst(),
  },
  'PATCH /v1/parceiro/estabelecimentos/{id} · an administrator’s field': {
    rule: 'Name, CNPJ, city, category, flags, campaign, coupon, money, position and photo paths: never the partner’s (403, nothing changes).',
    expect: { ...each(403), anon: 401 },
    call: (fx) => ({ params: { id: fx.shopA }, body: { telefone: '1131009999', ind_ativo: 'N' } }),
    state: (fx) =>
      fx.db
        .selectFrom('estabelecimentos')
        .select(['telefone', 'ind_ativo'])
        .where('id_estabelecimento', '=', fx.shopA)
        .executeTakeFirst(),
  },
  'PATCH /v1/parceiro/estabelecimentos/{id}/vendedores/{id_vendedor} · a city-2 shop’s seller under shop A': {
    rule: 'A seller is changed only through its own shop (404 through another).',
    expect: { ...each(403), anon: 401, pa: 404 },
    call: (fx) => ({
      params: { id: fx.shopA, id_vendedor: fx.city2Seller.id },
      body: { nome_vendedor: uniq('Invasor') },
    }),
    secrets: (fx) => [fx.city2Seller.nome],
    state: (fx) =>
      fx.db
        .selectFrom('vendedores')
        .select(['nome_vendedor'])
        .where('id_vendedor', '=', fx.city2Seller.id)
        .executeTakeFirst(),
  },
  'DELETE /v1/parceiro/estabelecimentos/{id}/vendedores/{id_vendedor} · a city-2 shop’s seller under shop A':
    {
      rule: 'A seller is removed only through its own shop (404 through another).',
      expect: { ...each(403), anon: 401, pa: 404 },
      call: (fx) => ({ params: { id: fx.shopA, id_vendedor: fx.city2Seller.id } }),
      state: (fx) =>
        fx.db
          .selectFrom('vendedores')
          .select(['id_vendedor'])
          .where('id_vendedor', '=', fx.city2Seller.id)
          .executeTakeFirst(),
    },
  'POST /v1/adm/campanhas · in city 2': {
    rule: 'A campaign is created in the caller’s city only (the super-admin any).',
    expect: city2Admin(201),
    call: (fx) => ({
      body: {
        den_campanha: uniq('Campanha C2'),
        validade_ini: day(1),
        validade_fim: day(40),
        cod_cidade: fx.city2,
      },
    }),
    state: (fx) => count(fx, 'campanhas'),
  },
  'PATCH /v1/adm/campanhas/{id} · move to city 2': {
    rule: 'A city-1 campaign cannot be moved away by anyone but the super-admin.',
    expect: superOnly(200),
    target: with_('campaign', (fx) => fx.fresh.campaign()),
    call: (fx) => ({ params: { id: fx.campaign }, body: { cod_cidade: fx.city2 } }),
    state: (fx) =>
      fx.db
        .selectFrom('campanhas')
        .select(['cod_cidade'])
        .where('id_campanha', '=', fx.campaign)
        .executeTakeFirst(),
  },
  'GET /v1/adm/contemplados · own city': {
    rule: 'Without a city, each admin gets its own city’s winners (none of city 1 for city 2’s admin).',
    expect: anyAdmin(200),
    call: (fx) => ({ query: { q: fx.winner.nome } }),
    secrets: (fx) => [fx.winner.nome],
    scoped: ['adm2', 'super'],
  },
  'PATCH /v1/adm/contemplados/{id_sorteado} · move to a city-2 campaign': {
    rule: 'A city-1 winner cannot be moved to another city’s campaign by anyone but the super-admin.',
    expect: superOnly(200),
    target: with_('winner', (fx) => fx.fresh.winner()),
    call: (fx) => ({
      params: { id_sorteado: fx.winner.id },
      body: { id_campanha: fx.city2Campaign, id_estabelecimento: fx.city2Shop },
    }),
    state: (fx) =>
      fx.db
        .selectFrom('contemplados')
        .select(['id_campanha'])
        .where('id_sorteado', '=', fx.winner.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/avisos · in city 2': {
    rule: 'A notice is created in the caller’s city only (the super-admin any).',
    expect: city2Admin(202),
    call: (fx) => ({ body: { title: uniq('Aviso C2'), validade: day(10), cod_cidade: fx.city2 } }),
    state: (fx) => count(fx, 'avisos'),
  },
  'GET /v1/adm/avisos · own city': {
    rule: 'Without a city, each admin gets its own city’s notices (none of city 1 for city 2’s admin).',
    expect: anyAdmin(200),
    call: (fx) => ({ query: { q: fx.notice.title } }),
    secrets: (fx) => [fx.notice.title],
    scoped: ['adm2', 'super'],
  },
  'PATCH /v1/adm/avisos/{id} · move to city 2': {
    rule: 'A city-1 notice cannot be moved away by anyone but the super-admin.',
    expect: { ...superOnly(202) },
    target: with_('notice', (fx) => fx.fresh.notice()),
    call: (fx) => ({ params: { id: fx.notice.id }, body: { cod_cidade: fx.city2 } }),
    state: (fx) =>
      fx.db
        .selectFrom('avisos')
        .select(['cod_cidade'])
        .where('id_aviso', '=', fx.notice.id)
        .executeTakeFirst(),
  },
  'POST /v1/adm/promocoes · paid': {
    rule: 'Only the super-admin marks a promotion paid (domain §3).',
    expect: superOnly(201),
    call: (fx) => ({
      body: { id_estabelecimento: fx.shopA, dat_inicio: day(1), plano_dias: 7, ies_pago: 'S' },
    }),
    state: (fx) => count(fx, 'promocoes'),
  },
  'PATCH /v1/adm/promocoes/{id} · unpay': {
    rule: 'Only the super-admin changes a promotion’s payment (domain §3).',
    expect: superOnly(200),
    target: with_('promotion', (fx) => fx.fresh.promotion('S')),
    call: (fx) => ({ params: { id: fx.promotion.id }, body: { ies_pago: 'N' } }),
    state: (fx) =>
      fx.db
        .selectFrom('promocoes')
        .select(['ies_pago'])
        .where('id_promocao', '=', fx.promotion.id)
        .executeTakeFirst(),
  },
  'PATCH /v1/adm/promocoes/{id} · move to a city-2 shop': {
    rule: 'A promotion of shop A cannot be moved to another city’s shop by anyone but the super-admin.',
    expect: superOnly(200),
    target: with_('promotion', (fx) => fx.fresh.promotion('N')),
    call: (fx) => ({ params: { id: fx.promotion.id }, body: { id_estabelecimento: fx.city2Shop } }),
    state: (fx) =>
      fx.db
        .selectFrom('promocoes')
        .select(['id_estabelecimento'])
        .where('id_promocao', '=', fx.promotion.id)
        .executeTakeFirst(),
  },
  'GET /v1/adm/promocoes · own city': {
    rule: 'Without a city, each admin gets its own city’s promotions (none of city 1 for city 2’s admin).',
    expect: anyAdmin(200),
    call: (fx) => ({ query: { q: fx.promotion.codProduto } }),
    secrets: (fx) => [fx.promotion.codProduto],
    scoped: ['adm2', 'super'],
  },
  'POST /v1/adm/turismo · in city 2': {
    rule: 'A tourism item is created in the caller’s city only (the super-admin any).',
    expect: city2Admin(201),
    call: (fx) => ({ body: { descricao: uniq('Praça C2'), tipo: 0, cod_cidade: fx.city2 } }),
    state: (fx) => count(fx, 'turismo'),
  },
  'PATCH /v1/adm/turismo/{id} · move to city 2': {
    rule: 'A city-1 tourism item cannot be moved away by anyone but the super-admin.',
    expect: superOnly(200),
    target: with_('tourism', (fx) => fx.fresh.tourism()),
    call: (fx) => ({ params: { id: fx.tourism.id }, body: { cod_cidade: fx.city2 } }),
    state: (fx) =>
      fx.db
        .selectFrom('turismo')
        .select(['cod_cidade'])
        .where('id_turismo', '=', fx.tourism.id)
        .executeTakeFirst(),
  },
  'GET /v1/adm/turismo · own city': {
    rule: 'Without a city, each admin gets its own city’s tourism items (none of city 1 for city 2’s admin).',
    expect: anyAdmin(200),
    call: (fx) => ({ query: { q: fx.tourism.descricao } }),
    secrets: (fx) => [fx.tourism.descricao],
    scoped: ['adm2', 'super'],
  },
  'POST /v1/adm/notificacao · to city 2': {
    rule: 'A notification is sent in the caller’s city only (the super-admin any).',
    expect: city2Admin(202),
    call: (fx) => ({ query: { p: 'I' }, body: { title: 'Aviso', body: 'Olá', cod_cidade: fx.city2 } }),
    state: (fx) => count(fx, 'notificacoes'),
  },
  'POST /v1/adm/usuarios/trocasenha · C1’s e-mail': {
    rule: 'The password changed is always the caller’s: another’s e-mail is refused (400), even with that person’s password.',
    expect: { ...each(400), anon: 401, c1: 200 },
    call: (fx) => ({ body: { email: fx.people.c1.email, senha: PASSWORD, novasenha: OTHER_PASSWORD } }),
    state: (fx) =>
      fx.db
        .selectFrom('usuarios')
        .select(['senha_hash'])
        .where('id_usuario', '=', fx.people.c1.id)
        .executeTakeFirst(),
    after: (fx) => fx.restorePasswords(),
  },
  'POST /v1/usuarios/solicitaremocao · C1’s e-mail': {
    rule: 'Removal is asked only for one’s own account: another’s e-mail is refused (400).',
    expect: { ...each(400), anon: 401, c1: 201 },
    call: (fx) => ({ body: { email: fx.people.c1.email } }),
  },

  'GET /v1/adm/sorteio/{id_campanha} · city 2’s admin names city 2': {
    rule: 'The draw follows the campaign’s stored city, not the `cod_cidade` sent: city 2’s admin naming its own city is still refused.',
    expect: city1Admin(200),
    target: with_('campaign', (fx) => fx.fresh.drawableCampaign()),
    call: (fx, _me, actor) => ({
      params: { id_campanha: fx.campaign },
      query: { cod_cidade: actor === 'adm2' ? fx.city2 : fx.city1 },
    }),
    state: (fx) => count(fx, 'sorteios'),
  },
  'GET /v1/adm/campanhas/estabelecimentos/{id} · new campaign of city 1': {
    rule: 'The shops for a new campaign (id 0) of city 1: its admin and the super-admin.',
    expect: city1Admin(200),
    call: (fx) => ({ params: { id: 0 }, query: { cod_cidade: fx.city1 } }),
  },
  'GET /v1/adm/dashboard · codcidade (the spec’s spelling)': {
    rule: 'The spec’s `codcidade` is checked like `cod_cidade`.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { codcidade: fx.city1 } }),
  },
  'GET /v1/adm/avisos · codcidade (the spec’s spelling)': {
    rule: 'The spec’s `codcidade` is checked like `cod_cidade`.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { codcidade: fx.city1, q: fx.notice.title } }),
    secrets: (fx) => [fx.notice.title],
  },
  'GET /v1/adm/contemplados · codcidade (the spec’s spelling)': {
    rule: 'The spec’s `codcidade` is checked like `cod_cidade`.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { codcidade: fx.city1, q: fx.winner.nome } }),
    secrets: (fx) => [fx.winner.nome],
  },
  'GET /v1/adm/auditoria · codcidade (the spec’s spelling)': {
    rule: 'The spec’s `codcidade` is checked like `cod_cidade`.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { codcidade: fx.city1 } }),
  },
  'GET /v1/adm/estabelecimentos · codcidade (the spec’s spelling)': {
    rule: 'The spec’s `codcidade` is checked like `cod_cidade`.',
    expect: city1Admin(200),
    call: (fx) => ({ query: { codcidade: fx.city1 } }),
  },

  // The system.
  'GET /health': { rule: 'Public: health of the server and its database.', expect: everyone(200) },
  'GET /health/pronto': {
    rule: 'Public: readiness (issue 54), the checks by name, no data.',
    expect: everyone(200),
  },
  'GET /docs': {
    rule: 'Public: the OpenAPI documentation page.',
    expect: everyone(200),
    outsideOpenApi: true,
  },
  'GET /docs/json': { rule: 'Public: the OpenAPI document.', expect: everyone(200), outsideOpenApi: true },
  'GET /docs/yaml': { rule: 'Public: the OpenAPI document.', expect: everyone(200), outsideOpenApi: true },
  'GET /docs/static/index.html': {
    rule: 'Public: redirects to the documentation page.',
    expect: everyone(302),
    outsideOpenApi: true,
  },
  'GET /docs/static/swagger-initializer.js': {
    rule: 'Public: the documentation page’s script.',
    expect: everyone(200),
    outsideOpenApi: true,
  },
  'GET /docs/static/*': {
    rule: 'Public: the documentation page’s files.',
    expect: everyone(200),
    call: () => ({ params: { '*': 'swagger-ui.css' } }),
    outsideOpenApi: true,
  },
  'GET /img/*': {
    rule: 'Public: stored images (banners, logos, photos).',
    expect: everyone(200),
    call: (fx) => ({ params: { '*': fx.image } }),
    outsideOpenApi: true,
  },
  'GET /*': {
    rule: 'Public: the web app’s files, and index.html for any other page (its screens ask the API, which decides).',
    expect: everyone(200),
    call: () => ({ params: { '*': 'conta' }, headers: { accept: 'text/html' } }),
    outsideOpenApi: true,
  },
};

/** Every row, the key's status filled in: anonymous's where the row does not name it. */
export const TABLE: Record<string, Row> = Object.fromEntries(
  Object.entries(ROWS).map(([k, r]) => [
    k,
    { ...r, expect: { ...r.expect, key: r.expect.key ?? r.expect.anon } },
  ]),
);
