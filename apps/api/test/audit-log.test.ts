import { describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@praca/contract';
import { addDays, today } from '../src/lib/clock.js';
import { recordAudit } from '../src/modules/audit/service.js';
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
});
