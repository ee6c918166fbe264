import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/types.js';
import { addDays, today } from '../src/lib/clock.js';
import { clientPasswordHash, hashPassword } from '../src/lib/crypto.js';

/** Unique per test process, so factories never collide inside one database. */
let seq = 0;
const next = () => ++seq;
const now = () => new Date().toISOString();
/** Empty strings for the text columns named (addresses, phones…). */
export const blank = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

const PLAIN_PASSWORD = 'segredo123';
/** What the web client sends for PLAIN_PASSWORD (SHA-256 hex). */
export const CLIENT_PASSWORD = clientPasswordHash(PLAIN_PASSWORD);

export async function createCity(db: Kysely<Database>, over: { cidade?: string; uf?: string } = {}) {
  const n = next();
  const city = { cod_cidade: 3_500_000 + n, cidade: over.cidade ?? `Cidade ${n}`, uf: over.uf ?? 'SP' };
  await db.insertInto('cidades').values(city).execute();
  return city;
}

export async function createCategory(db: Kysely<Database>, categoria = `Categoria ${next()}`) {
  return db
    .insertInto('categorias')
    .values({ categoria })
    .returning(['id_categoria', 'categoria'])
    .executeTakeFirstOrThrow();
}

export async function createShop(db: Kysely<Database>, over: { cod_cidade?: number; nome?: string } = {}) {
  const cod_cidade = over.cod_cidade ?? (await createCity(db)).cod_cidade;
  const nome = over.nome ?? `Loja ${next()}`;
  const { id_estabelecimento } = await db
    .insertInto('estabelecimentos')
    .values({
      ...blank('endereco', 'complemento', 'bairro', 'cidade', 'cep', 'uf', 'telefone', 'whatsup'),
      ...blank('url_foto', 'url_logo', 'site', 'cnpj'),
      nome,
      cod_cidade,
      ind_ativo: 'S',
      ies_campanha: 'N',
      atualizado_em: now(),
    })
    .returning('id_estabelecimento')
    .executeTakeFirstOrThrow();
  return { id_estabelecimento, nome, cod_cidade };
}

export interface UserOptions {
  nome?: string;
  email?: string;
  cod_cidade?: number;
  parceiro?: boolean;
  admin?: boolean;
  superadmin?: boolean;
  removido?: boolean;
  /** Shops linked in usuario_estabelecimentos. */
  estabelecimentos?: number[];
}

/** A user whose password is PLAIN_PASSWORD (the client sends CLIENT_PASSWORD). */
export async function createUser(db: Kysely<Database>, o: UserOptions = {}) {
  const n = next();
  const cod_cidade = o.cod_cidade ?? (await createCity(db)).cod_cidade;
  const email = o.email ?? `pessoa${n}.${Date.now()}@teste.praca`;
  const { id_usuario } = await db
    .insertInto('usuarios')
    .values({
      ...blank('whatsup', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'),
      nome: o.nome ?? `Pessoa ${n}`,
      email,
      senha_hash: await hashPassword(CLIENT_PASSWORD),
      cod_cidade,
      parceiro: o.parceiro ? 1 : 0,
      admin: o.admin ? 1 : 0,
      superadmin: o.superadmin ? 1 : 0,
      removido_em: o.removido ? now() : null,
      atualizado_em: now(),
    })
    .returning('id_usuario')
    .executeTakeFirstOrThrow();
  for (const id_estabelecimento of o.estabelecimentos ?? []) {
    await db.insertInto('usuario_estabelecimentos').values({ id_usuario, id_estabelecimento }).execute();
  }
  return { id_usuario, email, cod_cidade, senha: CLIENT_PASSWORD };
}

export const LOGIN_PATHS = {
  consumidor: '/v1/login',
  parceiro: '/v1/parceiro/login',
  admin: '/v1/adm/usuarios/login',
} as const;

/** Logs in through a door and answers the bearer token (fails the test otherwise). */
export async function login(
  app: FastifyInstance,
  user: { email: string; senha?: string },
  door: keyof typeof LOGIN_PATHS = 'consumidor',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: LOGIN_PATHS[door],
    payload: { email: user.email, senha: user.senha ?? CLIENT_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A day `offsetDays` from today on the programme's clock (America/Sao_Paulo), as the server
 * judges dates: from 21:00 to 24:00 there, UTC is already on the next day.
 */
export const day = (offsetDays = 0): string => addDays(today(), offsetDays);

export async function createCampaign(
  db: Kysely<Database>,
  o: {
    cod_cidade: number;
    den_campanha?: string;
    validade_ini?: string;
    validade_fim?: string;
    /** Participating shops with factors (4 decimals). */
    lojas?: { id_estabelecimento: number; fator_cashback?: number; fator_sorteio?: number }[];
  },
) {
  const { id_campanha } = await db
    .insertInto('campanhas')
    .values({
      den_campanha: o.den_campanha ?? `Campanha ${next()}`,
      banner: 'imgban/teste.png',
      validade_ini: o.validade_ini ?? day(-10),
      validade_fim: o.validade_fim ?? day(30),
      link: '',
      cod_cidade: o.cod_cidade,
      atualizado_em: now(),
    })
    .returning('id_campanha')
    .executeTakeFirstOrThrow();
  for (const l of o.lojas ?? []) {
    await db
      .insertInto('campanha_estabelecimentos')
      .values({
        id_campanha,
        id_estabelecimento: l.id_estabelecimento,
        fator_cashback_e4: Math.round((l.fator_cashback ?? 0.05) * 1e4),
        fator_sorteio_e4: Math.round((l.fator_sorteio ?? 0.01) * 1e4),
      })
      .execute();
  }
  return { id_campanha };
}

export async function createNotice(
  db: Kysely<Database>,
  o: { cod_cidade: number; title?: string; body?: string; validade?: string },
) {
  return db
    .insertInto('avisos')
    .values({
      cod_cidade: o.cod_cidade,
      type: 'M',
      title: o.title ?? `Aviso ${next()}`,
      body: o.body ?? 'Corpo do aviso',
      image: '',
      validade: o.validade ?? day(5),
      atualizado_em: now(),
    })
    .returning('id_aviso')
    .executeTakeFirstOrThrow();
}

export async function createPromotion(
  db: Kysely<Database>,
  o: { id_estabelecimento: number; ies_pago?: 'S' | 'N'; dat_inicio?: string; dat_final?: string },
) {
  return db
    .insertInto('promocoes')
    .values({
      id_estabelecimento: o.id_estabelecimento,
      dat_inicio: o.dat_inicio ?? day(-1),
      dat_final: o.dat_final ?? day(5),
      plano_dias: 7,
      ies_pago: o.ies_pago ?? 'S',
      imagem: 'imgprom/teste.png',
      linkproduto: '',
      val_desconto_e4: 105000,
      porc_desconto_e4: 0,
      val_minimo_centavos: 5000,
      cod_produto: 'P1',
      regra: 'Válido uma vez por cliente',
      atualizado_em: now(),
    })
    .returning('id_promocao')
    .executeTakeFirstOrThrow();
}

/** A winner of a campaign, with photos, as the draw or an admin would record it. */
export async function createWinner(
  db: Kysely<Database>,
  o: { id_campanha: number; id_estabelecimento?: number; nome_sorteado?: string; fotos?: string[] },
) {
  const { id_sorteado } = await db
    .insertInto('contemplados')
    .values({
      id_campanha: o.id_campanha,
      id_estabelecimento: o.id_estabelecimento ?? null,
      nome_sorteado: o.nome_sorteado ?? `Ganhador ${next()}`,
      nome_vendedor: '',
      data_sorteio: day(-1),
      atualizado_em: now(),
    })
    .returning('id_sorteado')
    .executeTakeFirstOrThrow();
  for (const [ordem, url_foto] of (o.fotos ?? []).entries()) {
    await db.insertInto('contemplado_fotos').values({ id_sorteado, url_foto, ordem }).execute();
  }
  return { id_sorteado };
}

/** A seller of a shop (ids start above 99: 99 is 'Sem Vendedor'). */
export async function createSeller(
  db: Kysely<Database>,
  o: { id_estabelecimento: number; nome_vendedor?: string },
) {
  return db
    .insertInto('vendedores')
    .values({
      id_estabelecimento: o.id_estabelecimento,
      nome_vendedor: o.nome_vendedor ?? `Vendedor ${next()}`,
    })
    .returning(['id_vendedor', 'id_estabelecimento', 'nome_vendedor'])
    .executeTakeFirstOrThrow();
}

/**
 * Consumers without a password, inserted in one statement: for searches and ledgers that
 * need many people and no login (no slow password hashing).
 */
export async function insertConsumers(
  db: Kysely<Database>,
  o: { cod_cidade: number; nomes: string[]; whatsup?: string[]; removido?: boolean },
): Promise<number[]> {
  if (o.nomes.length === 0) return [];
  const rows = await db
    .insertInto('usuarios')
    .values(
      o.nomes.map((nome, i) => ({
        ...blank('endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'),
        nome,
        email: `sem-senha${next()}.${Date.now()}@teste.praca`,
        senha_hash: null,
        whatsup: o.whatsup?.[i] ?? '',
        cod_cidade: o.cod_cidade,
        removido_em: o.removido ? now() : null,
        atualizado_em: now(),
      })),
    )
    .returning('id_usuario')
    .execute();
  return rows.map((r) => r.id_usuario);
}

/** A bearer token for a user, straight from the session store (no login door, no hashing). */
export async function sessionFor(db: Kysely<Database>, id_usuario: number): Promise<string> {
  const { startSession } = await import('../src/modules/auth/service.js');
  return startSession(db, id_usuario, '127.0.0.1', 1);
}

/**
 * A consumer of the shop's city rates it and an admin of the city approves the review,
 * through the API, so the shop's rating changes as a person would change it.
 */
export async function rateAndApprove(
  app: FastifyInstance,
  db: Kysely<Database>,
  shop: { id_estabelecimento: number; cod_cidade: number },
  nro_estrelas: number,
): Promise<void> {
  const consumer = await createUser(db, { cod_cidade: shop.cod_cidade, nome: 'Ana Lima' });
  const admin = await createUser(db, { cod_cidade: shop.cod_cidade, admin: true });
  const posted = await app.inject({
    method: 'POST',
    url: '/v1/estabelecimentos/avaliacoes',
    headers: bearer(await login(app, consumer)),
    payload: { id_estabelecimento: shop.id_estabelecimento, nro_estrelas, den_avaliacao: 'Ótimo' },
  });
  expect(posted.statusCode).toBe(202);
  const approved = await app.inject({
    method: 'POST',
    url: `/v1/adm/estabelecimentos/avaliacao/aprovar/${posted.json().id_avaliacao}`,
    headers: bearer(await login(app, admin, 'admin')),
    payload: { ies_aprovacao: 'S' },
  });
  expect(approved.statusCode).toBe(200);
}

/**
 * A shop that sells: its city, a partner who runs it (with a session token), a running
 * campaign where R$ 100 is one coupon (factor 0.01) and consumers named `nomes`.
 */
export async function createSellingShop(db: Kysely<Database>, nomes: string[]) {
  const city = await createCity(db);
  const shop = await createShop(db, { cod_cidade: city.cod_cidade });
  const partner = await createUser(db, {
    cod_cidade: city.cod_cidade,
    parceiro: true,
    estabelecimentos: [shop.id_estabelecimento],
  });
  const { id_campanha } = await createCampaign(db, {
    cod_cidade: city.cod_cidade,
    lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
  });
  const people = await insertConsumers(db, { cod_cidade: city.cod_cidade, nomes });
  const token = await sessionFor(db, partner.id_usuario);
  /** The body of `POST /v1/parceiro/vendas` for a sale of yesterday, without a seller. */
  const sale = (numero_venda: string, id_usuario: number, valor_venda: number) => ({
    id_campanha,
    id_estabelecimento: shop.id_estabelecimento,
    id_usuario,
    dat_venda: day(-1),
    numero_venda,
    valor_venda,
    id_vendedor: 99,
  });
  return { city, shop, partner, id_campanha, people, token, sale };
}

/** How many rows a table holds: "nothing was stored" checks compare it before and after. */
export async function countRows(db: Kysely<Database>, table: keyof Database & string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A valid CPF's 11 digits (random base, check digits computed; issue 40). */
export function newCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10])
    d.push(((d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0) * 10) % 11) % 10);
  return d.join('');
}

/** A valid CNPJ, `00.000.000/0000-00` (random base, check digits computed). */
export function newCnpj(): string {
  const d = [...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)), 0, 0, 0, 1];
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const r = weights.reduce((s, w, i) => s + w * d[i], 0) % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  const s = d.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/** A social entity of a city with its account (issue 40), written straight to the tables. */
export async function createEntity(db: Kysely<Database>, cod_cidade: number, nome = `Entidade ${next()}`) {
  const account = await createUser(db, { cod_cidade, nome });
  const at = now();
  const { id_entidade } = await db
    .insertInto('entidades')
    .values({
      cod_cidade,
      nome,
      cnpj: newCnpj(),
      causa: 'Crianças e adolescentes',
      id_usuario: account.id_usuario,
      criado_em: at,
      atualizado_em: at,
    })
    .returning('id_entidade')
    .executeTakeFirstOrThrow();
  return { id_entidade, nome, account };
}
