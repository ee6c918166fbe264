import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/types.js';
import { clientPasswordHash, hashPassword } from '../src/lib/crypto.js';

/** Unique per test process, so factories never collide inside one database. */
let seq = 0;
const next = () => ++seq;
const now = () => new Date().toISOString();
const blank = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export const PLAIN_PASSWORD = 'segredo123';
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
