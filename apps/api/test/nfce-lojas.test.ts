import { MSG, MSG_ADMIN, MSG_IMPORTACAO, cnpjDaChave } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  countRows,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  newCnpj,
  sessionFor,
} from './factories.js';
import { errorBody } from '../src/plugins/error-handler.js';
import { useTestApp } from './helper.js';
import { csv, multipart } from './import-files.js';
import { giveCnpjs, requireNfce } from './nfce-fixtures.js';

/**
 * Issue 53, the admin's side: a shop's CNPJs (its branches, the NFC-e's issuers), each held by
 * one shop; a campaign that requires the receipt's key takes only shops with a CNPJ, and such a
 * shop keeps at least one; the partner's campaigns say which require it; the establishments
 * import fills the list too.
 */

const t = useTestApp();
const SHOPS = '/v1/adm/estabelecimentos';
const CAMPAIGNS = '/v1/adm/campanhas';

async function world() {
  const city = await createCity(t.db);
  const superadmin = await createUser(t.db, { superadmin: true, cod_cidade: city.cod_cidade });
  const admin = await createUser(t.db, { admin: true, cod_cidade: city.cod_cidade });
  return {
    city,
    superToken: await sessionFor(t.db, superadmin.id_usuario),
    adminToken: await sessionFor(t.db, admin.id_usuario),
  };
}

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The shop's CNPJ list as stored: 14 positions, upper case. */
const storedList = async (id: number) =>
  (
    await t.db
      .selectFrom('estabelecimento_cnpjs')
      .select('cnpj')
      .where('id_estabelecimento', '=', id)
      .orderBy('cnpj')
      .execute()
  ).map((r) => r.cnpj);

describe("a shop's CNPJs (issue 53)", () => {
  it('takes the whole list, alphanumeric ones too, shows it formatted with the main one first, and audits it', async () => {
    const w = await world();
    const [main, branch] = [newCnpj(), newCnpj()];
    const res = await send(w.superToken, 'POST', SHOPS, {
      nome: 'Rede Centro',
      cod_cidade: w.city.cod_cidade,
      cnpj: main,
      cnpjs: [branch, '12abc34501de35', '', branch.replace(/\D/g, '')],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id_estabelecimento;
    expect(res.json()).toMatchObject({ cnpj: main, cnpjs: [main, ...[branch, '12.ABC.345/01DE-35'].sort()] });
    expect(await storedList(id)).toEqual([main, branch, '12ABC34501DE35'].map(cnpjDaChave).sort());
    const audit = await t.db
      .selectFrom('auditoria')
      .select('depois')
      .where('entidade', '=', 'estabelecimento')
      .where('id_entidade', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.depois ?? '{}').cnpjs).toEqual(res.json().cnpjs);
    // The admin list and its file show the list.
    const list = await send(w.adminToken, 'GET', `${SHOPS}?q=Rede%20Centro`);
    expect(list.json()).toEqual([
      expect.objectContaining({ id_estabelecimento: id, cnpjs: res.json().cnpjs }),
    ]);
    const file = await send(w.adminToken, 'GET', `${SHOPS}?q=Rede%20Centro&formato=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(res.json().cnpjs.join(', '));
  });

  it('a new main CNPJ takes the old one’s place in the list; the stored one sent again changes nothing', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const [a, b, c] = [newCnpj(), newCnpj(), newCnpj()];
    await giveCnpjs(t.db, shop.id_estabelecimento, [a, b]);
    const url = `${SHOPS}/${shop.id_estabelecimento}`;
    const same = await send(w.adminToken, 'PATCH', url, { cnpj: a, telefone: '(13) 3333-0000' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await storedList(shop.id_estabelecimento)).toEqual([a, b].map(cnpjDaChave).sort());
    const changed = await send(w.adminToken, 'PATCH', url, { cnpj: c });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ cnpj: c, cnpjs: [c, b] });
    const whole = await send(w.adminToken, 'PATCH', url, { cnpjs: [b] });
    expect(whole.json()).toMatchObject({ cnpj: c, cnpjs: [b] });
  });

  it('a CNPJ of another shop is 409 and nothing changes; of many racing for one CNPJ, one wins', async () => {
    const w = await world();
    const holder = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const taken = newCnpj();
    await giveCnpjs(t.db, holder.id_estabelecimento, [taken]);
    const shop = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const before = {
      shops: await countRows(t.db, 'estabelecimentos'),
      audit: await countRows(t.db, 'auditoria'),
    };
    for (const [method, url, body] of [
      ['PATCH', `${SHOPS}/${shop.id_estabelecimento}`, { cnpjs: [newCnpj(), taken.replace(/\D/g, '')] }],
      ['PATCH', `${SHOPS}/${shop.id_estabelecimento}`, { cnpj: taken }],
      ['POST', SHOPS, { nome: 'Outra', cod_cidade: w.city.cod_cidade, cnpj: taken }],
    ] as const) {
      const res = await send(w.superToken, method, url, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.cnpjDeOutraLoja });
    }
    expect(await storedList(shop.id_estabelecimento)).toEqual([]);
    expect({
      shops: await countRows(t.db, 'estabelecimentos'),
      audit: await countRows(t.db, 'auditoria'),
    }).toEqual(before);

    const racers = await Promise.all(
      Array.from({ length: 8 }, () => createShop(t.db, { cod_cidade: w.city.cod_cidade })),
    );
    const contested = newCnpj();
    const answers = await Promise.all([
      ...racers.map((r) =>
        send(w.superToken, 'PATCH', `${SHOPS}/${r.id_estabelecimento}`, { cnpjs: [contested] }),
      ),
      ...[1, 2, 3, 4].map((i) =>
        send(w.superToken, 'POST', SHOPS, {
          nome: `Corrida ${i}`,
          cod_cidade: w.city.cod_cidade,
          cnpj: contested,
        }),
      ),
    ]);
    const ok = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => !ok.includes(x))) {
      expect(a.statusCode).toBe(409);
      expect(a.json()).toEqual({ erro: MSG_ADMIN.cnpjDeOutraLoja });
    }
    const holders = await t.db
      .selectFrom('estabelecimento_cnpjs')
      .select('id_estabelecimento')
      .where('cnpj', '=', cnpjDaChave(contested))
      .execute();
    expect(holders).toEqual([{ id_estabelecimento: ok[0]!.json().id_estabelecimento }]);
  });

  it('is the admin’s: a partner sending cnpjs on its own shop is 403', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const partner = await createUser(t.db, {
      cod_cidade: w.city.cod_cidade,
      parceiro: true,
      estabelecimentos: [shop.id_estabelecimento],
    });
    const res = await send(
      await sessionFor(t.db, partner.id_usuario),
      'PATCH',
      `/v1/parceiro/estabelecimentos/${shop.id_estabelecimento}`,
      {
        cnpjs: [newCnpj()],
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ erro: MSG.somenteAdministradorAltera });
    expect(await storedList(shop.id_estabelecimento)).toEqual([]);
  });
});

describe('a campaign that requires the NFC-e and its shops (issue 53)', () => {
  it('refuses shops without a CNPJ on POST and on a PATCH that only turns it on, naming them; nothing is written', async () => {
    const w = await world();
    const withCnpj = await createShop(t.db, { cod_cidade: w.city.cod_cidade, nome: 'Casa com CNPJ' });
    await giveCnpjs(t.db, withCnpj.id_estabelecimento, [newCnpj()]);
    const bare1 = await createShop(t.db, { cod_cidade: w.city.cod_cidade, nome: 'Bazar sem CNPJ' });
    const bare2 = await createShop(t.db, { cod_cidade: w.city.cod_cidade, nome: 'Armazém sem CNPJ' });
    const lojas = [withCnpj, bare1, bare2].map((s) => ({
      id_estabelecimento: s.id_estabelecimento,
      fator_cashback: 0.05,
      fator_sorteio: 0.01,
    }));
    const body = {
      den_campanha: 'Nota na Mão',
      cod_cidade: w.city.cod_cidade,
      validade_ini: day(-1),
      validade_fim: day(30),
      estabelecimentos: lojas,
    };
    const before = { c: await countRows(t.db, 'campanhas'), a: await countRows(t.db, 'auditoria') };
    const refused = await send(w.adminToken, 'POST', CAMPAIGNS, { ...body, exige_nfce: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      errorBody(CAMPAIGNS, '/', MSG_ADMIN.lojaSemCnpj.replace('{lojas}', 'Armazém sem CNPJ, Bazar sem CNPJ')),
    );
    expect({ c: await countRows(t.db, 'campanhas'), a: await countRows(t.db, 'auditoria') }).toEqual(before);

    const created = await send(w.adminToken, 'POST', CAMPAIGNS, body);
    expect(created.statusCode, created.body).toBe(201);
    const url = `${CAMPAIGNS}/${created.json().id_campanha}`;
    const turnOn = await send(w.adminToken, 'PATCH', url, { exige_nfce: true });
    expect(turnOn.statusCode).toBe(400);
    expect(turnOn.json().erro).toBe(
      MSG_ADMIN.lojaSemCnpj.replace('{lojas}', 'Armazém sem CNPJ, Bazar sem CNPJ'),
    );
    const stored = () =>
      t.db
        .selectFrom('campanhas')
        .select('exige_nfce')
        .where('id_campanha', '=', created.json().id_campanha)
        .executeTakeFirstOrThrow();
    expect((await stored()).exige_nfce).toBe('N');
    // Without the shops lacking a CNPJ it goes through, and says so.
    const ok = await send(w.adminToken, 'PATCH', url, { exige_nfce: true, estabelecimentos: [lojas[0]] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ exige_nfce: true });
    expect((await stored()).exige_nfce).toBe('S');
    // Nor may a shop without a CNPJ join it later.
    const join = await send(w.adminToken, 'PATCH', url, { estabelecimentos: [lojas[0], lojas[1]] });
    expect(join.statusCode).toBe(400);
    expect(join.json().erro).toBe(MSG_ADMIN.lojaSemCnpj.replace('{lojas}', 'Bazar sem CNPJ'));
  });

  it('a shop taking part in one not ended cannot lose its last CNPJ (409); after it ends, it can', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const [a, b] = [newCnpj(), newCnpj()];
    await giveCnpjs(t.db, shop.id_estabelecimento, [a, b]);
    const { id_campanha } = await createCampaign(t.db, {
      cod_cidade: w.city.cod_cidade,
      den_campanha: 'Compra Legal',
      lojas: [{ id_estabelecimento: shop.id_estabelecimento }],
    });
    await requireNfce(t.db, id_campanha);
    const url = `${SHOPS}/${shop.id_estabelecimento}`;
    const one = await send(w.adminToken, 'PATCH', url, { cnpjs: [b] });
    expect(one.statusCode, one.body).toBe(200);
    const audit = await countRows(t.db, 'auditoria');
    for (const body of [{ cnpjs: [] }, { cnpj: '', cnpjs: [] }]) {
      const last = await send(w.adminToken, 'PATCH', url, body);
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        erro: MSG_ADMIN.ultimoCnpjEmCampanha.replace('{campanha}', 'Compra Legal'),
      });
    }
    expect(await storedList(shop.id_estabelecimento)).toEqual([cnpjDaChave(b)]);
    expect(await countRows(t.db, 'auditoria')).toBe(audit);
    await t.db
      .updateTable('campanhas')
      .set({ validade_ini: day(-20), validade_fim: day(-1) })
      .where('id_campanha', '=', id_campanha)
      .execute();
    const ended = await send(w.adminToken, 'PATCH', url, { cnpjs: [] });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await storedList(shop.id_estabelecimento)).toEqual([]);
  });

  it('the partner’s campaigns (its sale dialog) say which require the key', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const partner = await createUser(t.db, {
      cod_cidade: w.city.cod_cidade,
      parceiro: true,
      estabelecimentos: [shop.id_estabelecimento],
    });
    const lojas = [{ id_estabelecimento: shop.id_estabelecimento }];
    const plain = await createCampaign(t.db, { cod_cidade: w.city.cod_cidade, lojas });
    const required = await createCampaign(t.db, { cod_cidade: w.city.cod_cidade, lojas });
    await requireNfce(t.db, required.id_campanha);
    const res = await send(
      await sessionFor(t.db, partner.id_usuario),
      'GET',
      `/v1/parceiro/campanhas?id_estabelecimento=${shop.id_estabelecimento}`,
    );
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      res.json<{ id_campanha: number; exige_nfce: boolean }[]>().map((c) => [c.id_campanha, c.exige_nfce]),
    );
    expect(byId).toEqual({ [plain.id_campanha]: false, [required.id_campanha]: true });
  });
});

describe('the establishments import and the CNPJ list (issue 53)', () => {
  const HEADER = ['nome', 'cnpj', 'endereco', 'id_campanha', 'fator_cashback', 'fator_sorteio'];

  it("fills each shop's list; a CNPJ some shop's list holds is taken; a campaign requiring the key needs one", async () => {
    const w = await world();
    const plain = await createCampaign(t.db, { cod_cidade: w.city.cod_cidade });
    const required = await createCampaign(t.db, {
      cod_cidade: w.city.cod_cidade,
      den_campanha: 'Nota Cidadã',
    });
    await requireNfce(t.db, required.id_campanha);
    const branchOfOther = newCnpj();
    const holder = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    await giveCnpjs(t.db, holder.id_estabelecimento, [newCnpj(), branchOfOther]);
    const fresh = newCnpj();
    const file = csv([
      HEADER,
      ['Importada Boa', fresh, 'Rua 1', String(required.id_campanha), '0,05', '0,01'],
      ['Importada Filial Alheia', branchOfOther, 'Rua 2', '', '', ''],
      ['Importada Sem CNPJ', '', 'Rua 3', String(required.id_campanha), '0,05', '0,01'],
      ['Importada Simples', '', 'Rua 4', String(plain.id_campanha), '0,05', '0,01'],
    ]);
    const body = multipart(file, 'lojas.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/importacoes/estabelecimentos?modo=validas&cod_cidade=${w.city.cod_cidade}`,
      headers: { ...bearer(w.adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ importadas: 2, invalidas: 2 });
    expect(res.json().erros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ linha: 3, coluna: 'cnpj', mensagem: MSG_IMPORTACAO.cnpjJaCadastrado }),
        expect.objectContaining({
          linha: 4,
          coluna: 'cnpj',
          mensagem: MSG_IMPORTACAO.campanhaExigeCnpj.replace('{campanha}', 'Nota Cidadã'),
        }),
      ]),
    );
    const imported = await t.db
      .selectFrom('estabelecimentos')
      .select(['id_estabelecimento', 'nome'])
      .where('nome', 'like', 'Importada%')
      .where('cod_cidade', '=', w.city.cod_cidade)
      .orderBy('nome')
      .execute();
    expect(imported.map((s) => s.nome)).toEqual(['Importada Boa', 'Importada Simples']);
    expect(await storedList(imported[0]!.id_estabelecimento)).toEqual([cnpjDaChave(fresh)]);
    expect(await storedList(imported[1]!.id_estabelecimento)).toEqual([]);
  });
});
