import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { MSG_ADMIN } from '@praca/contract';
import { addDays, today } from '../src/lib/clock.js';
import * as auditoriaPorCidade from '../src/db/migrations/2026-11-28T0900-auditoria-por-cidade.js';
import { AUDIT_COUNT_CAP } from '../src/modules/audit/repository.js';
import { recordAudit } from '../src/modules/audit/service.js';
import { bearer, blank, createCity, createSellingShop, createUser, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';

/** `GET /v1/adm/auditoria` (issue 11, domain §10): who changed what, per city, paged and filtered. */
const t = useTestApp();

describe('the audit log list', () => {
  it('shows the city admin who wrote what, newest first, filtered and paged; other cities never', async () => {
    const { city, partner, token, sale } = await createSellingShop(t.db, ['Ana Auditada']);
    const [person] = await t.db
      .selectFrom('usuarios')
      .select('id_usuario')
      .where('nome', '=', 'Ana Auditada')
      .execute();
    for (const [numero, valor] of [
      ['AU-1', 120],
      ['AU-2', 80],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(token),
        payload: sale(numero, person!.id_usuario, valor),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    const adminToken = await sessionFor(t.db, admin.id_usuario);
    const get = (query: string, tok = adminToken) =>
      t.app.inject({ url: `/v1/adm/auditoria${query}`, headers: bearer(tok) });

    const all = await get('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    const [newest, oldest] = all.json<Record<string, unknown>[]>();
    expect(newest).toMatchObject({
      id_usuario: partner.id_usuario,
      email_usuario: partner.email,
      acao: 'criar',
      entidade: 'venda',
      depois: expect.objectContaining({ numero_venda: 'AU-2', valor_centavos: 8000 }),
      antes: null,
    });
    expect(oldest).toMatchObject({
      depois: expect.objectContaining({ numero_venda: 'AU-1', cupons_emitidos: [1] }),
    });

    // Filters: who, what, when (days on the programme's clock), and paging.
    expect((await get(`?id_usuario=${partner.id_usuario}&entidade=venda`)).json()).toHaveLength(2);
    expect((await get(`?id_usuario=${admin.id_usuario}`)).json()).toEqual([]);
    expect((await get('?entidade=campanha')).json()).toEqual([]);
    // Days on the programme's clock (São Paulo), whatever the hour in UTC.
    const hoje = today();
    expect((await get(`?de=${hoje}&ate=${hoje}`)).json()).toHaveLength(2);
    expect((await get(`?de=${addDays(hoje, 1)}`)).json()).toEqual([]);
    expect((await get(`?ate=${addDays(hoje, -1)}`)).json()).toEqual([]);
    const page2 = await get('?limite=1&pagina=2');
    expect(page2.headers['x-total-count']).toBe('2');
    expect(page2.json()).toEqual([oldest]);
    expect((await get('?de=22-11-2026')).statusCode).toBe(400);
    const inverted = await get(`?de=${hoje}&ate=${addDays(hoje, -1)}`);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toEqual({ erro: MSG_ADMIN.datasInvertidas });

    // Another city's admin sees none of it and may not ask for it; the super-admin may.
    const other = await createCity(t.db);
    const otherAdmin = await createUser(t.db, { cod_cidade: other.cod_cidade, admin: true });
    const otherToken = await sessionFor(t.db, otherAdmin.id_usuario);
    expect((await get('', otherToken)).json()).toEqual([]);
    expect((await get(`?cod_cidade=${city.cod_cidade}`, otherToken)).statusCode).toBe(403);
    const superAdmin = await createUser(t.db, { cod_cidade: other.cod_cidade, superadmin: true });
    const superToken = await sessionFor(t.db, superAdmin.id_usuario);
    expect((await get(`?cod_cidade=${city.cod_cidade}`, superToken)).headers['x-total-count']).toBe('2');

    // Consumers and partners are refused; without a session, 401.
    expect((await get('', token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/adm/auditoria' })).statusCode).toBe(401);
  });

  it('finds the author by text in the name (without case or accents) or the e-mail, with the other filters', async () => {
    const city = await createCity(t.db);
    const stamp = Date.now();
    const marcia = await createUser(t.db, {
      cod_cidade: city.cod_cidade,
      admin: true,
      nome: 'Márcia Gestora',
      email: `marcia.${stamp}@prefeitura.example`,
    });
    const otavio = await createUser(t.db, {
      cod_cidade: city.cod_cidade,
      parceiro: true,
      nome: 'Otávio Lojista_1',
      email: `OTAVIO.${stamp}@Loja.Example`,
    });
    // Someone of another city with a matching name never shows.
    const elsewhere = await createCity(t.db);
    const otherMarcia = await createUser(t.db, { cod_cidade: elsewhere.cod_cidade, nome: 'Marcia de Fora' });
    for (const [who, entidade] of [
      [marcia.id_usuario, 'aviso'],
      [marcia.id_usuario, 'campanha'],
      [otavio.id_usuario, 'venda'],
      [otherMarcia.id_usuario, 'aviso'],
    ] as const) {
      await recordAudit(t.db, { id_usuario: who, acao: 'criar', entidade, id_entidade: 1, depois: { x: 1 } });
    }
    const token = await sessionFor(t.db, marcia.id_usuario);
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `/v1/adm/auditoria?${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ id_usuario: number; entidade: string }[]>();
      expect(res.headers['x-total-count']).toBe(String(rows.length));
      return rows.map((r) => `${r.id_usuario}:${r.entidade}`).sort();
    };
    const m = (e: string) => `${marcia.id_usuario}:${e}`;
    const o = `${otavio.id_usuario}:venda`;

    expect(await get('')).toEqual([m('aviso'), m('campanha'), o].sort());
    // The name, whatever the case, accents and runs of spaces typed.
    expect(await get('q=marcia')).toEqual([m('aviso'), m('campanha')]);
    expect(await get(`q=${encodeURIComponent('MÁRCIA  gestora')}`)).toEqual([m('aviso'), m('campanha')]);
    expect(await get(`q=${encodeURIComponent('  otavio  ')}`)).toEqual([o]);
    // The e-mail, whatever the case.
    expect(await get('q=loja.example')).toEqual([o]);
    expect(await get(`q=${encodeURIComponent(`Marcia.${stamp}@`)}`)).toEqual([m('aviso'), m('campanha')]);
    // LIKE's wildcards are taken literally.
    expect(await get('q=%25')).toEqual([]);
    expect(await get('q=lojista_1')).toEqual([o]);
    expect(await get('q=gestor_')).toEqual([]);
    // With the other filters, and nothing when no author matches.
    expect(await get('q=marcia&entidade=campanha')).toEqual([m('campanha')]);
    expect(await get(`q=marcia&id_usuario=${otavio.id_usuario}`)).toEqual([]);
    expect(await get('q=ninguem')).toEqual([]);
    // An empty text is no filter; a text over 100 characters is refused.
    expect(await get('q=')).toHaveLength(3);
    const long = await t.app.inject({
      url: `/v1/adm/auditoria?q=${'a'.repeat(101)}`,
      headers: bearer(token),
    });
    expect(long.statusCode).toBe(400);
  });

  it('stops counting past the cap and says so, and finds an author among many by name', async () => {
    const city = await createCity(t.db);
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    // 2,005 partners named alike (past the number of authors looked up by id), written
    // straight into the tables: a city's log holds millions of entries.
    const stamp = Date.now();
    const authors: { id_usuario: number }[] = [];
    for (let first = 0; first < 2005; first += 500) {
      const rows = await t.db
        .insertInto('usuarios')
        .values(
          Array.from({ length: Math.min(500, 2005 - first) }, (_, k) => ({
            ...blank('whatsup', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'),
            nome: `Lojista Vasto ${first + k}`,
            email: `vasto${first + k}.${stamp}@loja.example`,
            senha_hash: 'x',
            cod_cidade: city.cod_cidade,
            parceiro: 1,
            admin: 0,
            superadmin: 0,
            atualizado_em: new Date().toISOString(),
          })),
        )
        .returning('id_usuario')
        .execute();
      authors.push(...rows);
    }
    const entries = AUDIT_COUNT_CAP + 5;
    const start = Date.parse('2026-01-01T12:00:00.000Z');
    for (let first = 0; first < entries; first += 1000) {
      await t.db
        .insertInto('auditoria')
        .values(
          Array.from({ length: Math.min(1000, entries - first) }, (_, k) => {
            const i = first + k;
            return {
              id_usuario: authors[i % authors.length]!.id_usuario,
              acao: 'criar',
              entidade: 'venda',
              id_entidade: String(i),
              ip: '',
              cod_cidade: city.cod_cidade,
              criado_em: new Date(start + i * 1000).toISOString(),
            };
          }),
        )
        .execute();
    }
    await recordAudit(t.db, {
      id_usuario: admin.id_usuario,
      acao: 'criar',
      entidade: 'aviso',
      id_entidade: 7,
    });
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `/v1/adm/auditoria?${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return {
        total: res.headers['x-total-count'],
        exact: res.headers['x-total-count-exact'],
        rows: res.json<
          { id_usuario: number; nome_usuario: string; entidade: string; id_entidade: string }[]
        >(),
      };
    };

    // Past the cap: the cap, and "not exact"; the page itself is the newest.
    const all = await get('');
    expect(all).toMatchObject({ total: String(AUDIT_COUNT_CAP), exact: 'false' });
    expect(all.rows.map((r) => r.id_entidade).slice(0, 3)).toEqual([
      '7',
      String(entries - 1),
      String(entries - 2),
    ]);
    expect((await get('entidade=venda')).total).toBe(String(AUDIT_COUNT_CAP));
    expect(await get('entidade=aviso')).toMatchObject({ total: '1', exact: 'true' });

    // A text matching every one of the 2,005 authors, and one matching a few of them.
    const many = await get('q=vasto');
    expect(many).toMatchObject({ total: String(AUDIT_COUNT_CAP), exact: 'false' });
    expect(many.rows).toHaveLength(20);
    expect(many.rows.every((r) => r.nome_usuario.startsWith('Lojista Vasto '))).toBe(true);
    const matching = new Set(
      authors.filter((_, i) => `lojista vasto ${i}`.includes('vasto 7')).map((a) => a.id_usuario),
    );
    expect(matching.size).toBe(111); // 7, 70–79 and 700–799
    const few = await get(`q=${encodeURIComponent('vasto 7')}`);
    const expected = Array.from(
      { length: entries },
      (_, i) => authors[i % authors.length]!.id_usuario,
    ).filter((id) => matching.has(id)).length;
    expect(few).toMatchObject({ total: String(expected), exact: 'true' });
    expect(few.rows.every((r) => matching.has(r.id_usuario))).toBe(true);
    expect(Number(few.rows[0]!.id_entidade)).toBeGreaterThan(Number(few.rows[1]!.id_entidade));
    expect(await get('q=ninguem')).toMatchObject({ total: '0', rows: [] });

    // A person renamed is found by the new name, no longer by the old one.
    const renamed = authors[3]!.id_usuario;
    await t.db
      .updateTable('usuarios')
      .set({ nome: 'Ângela Renomeada' })
      .where('id_usuario', '=', renamed)
      .execute();
    const byNewName = await get('q=angela%20renomeada');
    expect(byNewName.rows.length).toBeGreaterThan(0);
    expect(
      byNewName.rows.every((r) => r.id_usuario === renamed && r.nome_usuario === 'Ângela Renomeada'),
    ).toBe(true);
    expect((await get('q=vasto%203')).rows.some((r) => r.id_usuario === renamed)).toBe(false);
  });

  it("gives the entries written before the migration their author's city and the city its authors", async () => {
    const city = await createCity(t.db);
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    await recordAudit(t.db, {
      id_usuario: admin.id_usuario,
      acao: 'criar',
      entidade: 'aviso',
      id_entidade: 1,
    });
    const migrated = () =>
      Promise.all([
        t.db
          .selectFrom('auditoria')
          .select('cod_cidade')
          .where('id_usuario', '=', admin.id_usuario)
          .execute(),
        t.db
          .selectFrom('auditoria_autores')
          .select(['cod_cidade', 'id_usuario'])
          .where('id_usuario', '=', admin.id_usuario)
          .execute(),
      ]);
    expect(await migrated()).toEqual([
      [{ cod_cidade: city.cod_cidade }],
      [{ cod_cidade: city.cod_cidade, id_usuario: admin.id_usuario }],
    ]);

    const raw = t.db as unknown as Kysely<unknown>;
    await auditoriaPorCidade.down(raw);
    await auditoriaPorCidade.up(raw);
    expect(await migrated()).toEqual([
      [{ cod_cidade: city.cod_cidade }],
      [{ cod_cidade: city.cod_cidade, id_usuario: admin.id_usuario }],
    ]);
    // And the trigger is back: a new author of another city is listed there, with the name
    // folded and the e-mail in lower case, as the search compares them.
    const other = await createCity(t.db);
    const partner = await createUser(t.db, {
      cod_cidade: other.cod_cidade,
      parceiro: true,
      nome: 'Otília Parceira',
      email: `Otilia.${Date.now()}@Loja.Example`,
    });
    await recordAudit(t.db, {
      id_usuario: partner.id_usuario,
      acao: 'criar',
      entidade: 'venda',
      id_entidade: 2,
    });
    expect(
      await t.db
        .selectFrom('auditoria_autores')
        .selectAll()
        .where('id_usuario', '=', partner.id_usuario)
        .execute(),
    ).toEqual([
      {
        cod_cidade: other.cod_cidade,
        id_usuario: partner.id_usuario,
        nome_busca: 'otilia parceira',
        email: partner.email.toLowerCase(),
      },
    ]);
  });
});
