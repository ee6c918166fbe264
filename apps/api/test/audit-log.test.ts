import { describe, expect, it } from 'vitest';
import { addDays, today } from '../src/lib/clock.js';
import { bearer, createCity, createSellingShop, createUser, sessionFor } from './factories.js';
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
});
