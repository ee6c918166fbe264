import { MSG } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createCampaign, createShop, createUser, newCnpj, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Issue 52: a name typed by a person or an admin refuses control characters (C0, DEL,
 * U+2028/2029, the bidi embeddings and overrides U+202A–202E and isolates U+2066–2069) with
 * 400 and the contract's Portuguese text, wherever it is typed: registration, profile, shop,
 * seller, entity, winner, promoter. Nothing is written. (NUL is refused before, for every field,
 * by the validator: plugins/validation.ts.)
 */
const t = useTestApp();

const BAD = [
  '=1+1\n=2',
  'Ana\rSouza',
  'Ana\tSouza',
  'Ana\u0001',
  'Ana\u001fSouza',
  'Ana\u007fSouza',
  'Ana\u2028Souza',
  'Ana\u2029Souza',
  'Ana\u202eazuoS',
  'Ana\u202aSouza',
  'Ana\u2066Souza',
];

describe('names refuse control characters (issue 52)', () => {
  it('at registration and in the profile', async () => {
    const city = (await createUser(t.db)).cod_cidade;
    for (const [i, nome] of BAD.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/usuarios/registro',
        payload: {
          nome,
          email: `ctl${i}.${Date.now()}@teste.praca`,
          senha: 'a'.repeat(64),
          cod_cidade: city,
        },
      });
      expect(res.statusCode, JSON.stringify(nome)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG.nomeComControle });
    }
    const me = await createUser(t.db, { nome: 'Ana Souza' });
    const token = await sessionFor(t.db, me.id_usuario);
    for (const nome of BAD) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/usuarios',
        headers: bearer(token),
        payload: { nome },
      });
      expect(res.statusCode, JSON.stringify(nome)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG.nomeComControle });
    }
    const row = await t.db
      .selectFrom('usuarios')
      .select('nome')
      .where('id_usuario', '=', me.id_usuario)
      .executeTakeFirstOrThrow();
    expect(row.nome).toBe('Ana Souza');
    // Accents, apostrophes and hyphens stay welcome.
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/v1/usuarios',
      headers: bearer(token),
      payload: { nome: "Ana D'Ávila-Souza" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('for a shop, a seller, an entity, a winner and the promoter typed by an admin', async () => {
    const shop = await createShop(t.db);
    const boss = await createUser(t.db, { cod_cidade: shop.cod_cidade, superadmin: true });
    const token = await sessionFor(t.db, boss.id_usuario);
    const { id_campanha } = await createCampaign(t.db, { cod_cidade: shop.cod_cidade });
    const nome = 'Loja\nNova';
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', '/v1/adm/estabelecimentos', { nome, cod_cidade: shop.cod_cidade }],
      ['PATCH', `/v1/adm/estabelecimentos/${shop.id_estabelecimento}`, { nome }],
      ['POST', `/v1/adm/estabelecimentos/${shop.id_estabelecimento}/vendedores`, { nome_vendedor: nome }],
      [
        'POST',
        '/v1/adm/entidades',
        {
          nome,
          cnpj: newCnpj(),
          causa: 'Idosos',
          cod_cidade: shop.cod_cidade,
          email: `e${Date.now()}@teste.praca`,
        },
      ],
      ['POST', '/v1/adm/contemplados', { id_campanha, nome_sorteado: nome, data_sorteio: '2026-01-02' }],
      [
        'PATCH',
        `/v1/adm/cidades/${shop.cod_cidade}/promotor`,
        { promotor_nome: nome, promotor_cnpj: newCnpj() },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: bearer(token), payload });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual({ erro: MSG.nomeComControle });
    }
  });
});
