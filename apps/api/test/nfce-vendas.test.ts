import { MSG_NFCE, MSG_VENDA, maskCpf } from '@praca/contract';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/types.js';
import { now, setClock } from '../src/lib/clock.js';
import type { ReportedKey } from '../src/modules/recibos/hooks.js';
import { CPF_CREDIT_JOB } from '../src/modules/sales/service.js';
import {
  bearer,
  countRows,
  createSellingShop,
  createShop,
  createUser,
  day,
  newCnpj,
  newCpf,
  sessionFor,
} from './factories.js';
import { useTestApp, type TestApp } from './helper.js';
import { giveCnpjs, nfceKey, qrOnline, requireNfce } from './nfce-fixtures.js';

/**
 * Issue 53, the partner's side: a sale reports its receipt's NFC-e key (`chave_nfce`), checked
 * offline with the shop's state and the SALE's day, then against the shop's CNPJs; a key reports
 * once; a campaign may require it; a report may name no buyer; a sale a receipt confirmed is
 * frozen for its partner. The receipts module's hooks are doubles here: they record what the
 * sale path tells them, from inside its transaction, and can confirm a sale or fail.
 */

const hooks = vi.hoisted(() => ({
  reported: [] as (ReportedKey & { stored: string | null })[],
  given: [] as { id_venda: number; id_usuario: number; stored: number | null }[],
  /** A key whose report the double refuses (the sale's transaction must write nothing). */
  failOn: null as string | null,
  /** A key the double confirms at once (a resident had already sent its receipt). */
  confirmOn: null as string | null,
}));

vi.mock('../src/modules/recibos/hooks.js', () => ({
  async keyReported(trx: Kysely<Database>, r: ReportedKey) {
    const row = await trx
      .selectFrom('vendas')
      .select('chave_nfce')
      .where('id_venda', '=', r.id_venda)
      .executeTakeFirst();
    hooks.reported.push({ ...r, stored: row?.chave_nfce ?? null });
    if (r.chave === hooks.failOn) throw new Error('o módulo de recibos falhou');
    if (r.chave === hooks.confirmOn) {
      await trx
        .updateTable('vendas')
        .set({ recibo_confirmado_em: r.at })
        .where('id_venda', '=', r.id_venda)
        .execute();
    }
  },
  async saleGiven(trx: Kysely<Database>, g: { id_venda: number; id_usuario: number; at: string }) {
    const row = await trx
      .selectFrom('vendas')
      .select('id_usuario')
      .where('id_venda', '=', g.id_venda)
      .executeTakeFirst();
    hooks.given.push({ id_venda: g.id_venda, id_usuario: g.id_usuario, stored: row?.id_usuario ?? null });
  },
}));

const t = useTestApp();

afterEach(() => setClock(null));

type Shop = Awaited<ReturnType<typeof createSellingShop>> & { cnpj: string };

/** A selling shop (city in `uf`) with a CNPJ of its own. */
async function shopWithCnpj(nomes: string[] = ['Ana Souza'], uf = 'SP', cnpj = newCnpj()): Promise<Shop> {
  const s = await createSellingShop(t.db, nomes);
  await t.db.updateTable('cidades').set({ uf }).where('cod_cidade', '=', s.city.cod_cidade).execute();
  await giveCnpjs(t.db, s.shop.id_estabelecimento, [cnpj]);
  return { ...s, cnpj };
}

const month = (d: string) => d.slice(0, 7);

function post(t2: TestApp, token: string, payload: object) {
  return t2.app.inject({ method: 'POST', url: '/v1/parceiro/vendas', headers: bearer(token), payload });
}

/** A sale that names no buyer: `id_usuario` -1, no CPF, no QR, with a key. */
const noBuyer = (s: Shop, numero: string, chave_nfce?: string) => ({
  ...s.sale(numero, -1, 50),
  ...(chave_nfce === undefined ? {} : { chave_nfce }),
});

const salesWithKey = (chave: string) =>
  t.db.selectFrom('vendas').selectAll().where('chave_nfce', '=', chave).execute();

/** What a refused request must leave: no sale, no ledger move, no audit entry. */
async function counts() {
  return {
    vendas: await countRows(t.db, 'vendas'),
    cupons: await countRows(t.db, 'cupons'),
    auditoria: await countRows(t.db, 'auditoria'),
  };
}

describe('the published keys (issue 53)', () => {
  it('a Paraná key of April 2017 reports from its QR code; the same CNPJ with tpEmis 0 is refused at that step', async () => {
    setClock('2017-04-20T15:00:00Z', { running: true });
    const s = await shopWithCnpj(['Ana Souza'], 'PR', '10.422.724/0001-87');
    const ok = await post(t, s.token, {
      ...s.sale('PR-1', s.people[0]!, 80),
      chave_nfce: qrOnline('41170410422724000187650010000005101000010235'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().venda).toMatchObject({
      chave_nfce: '41170410422724000187650010000005101000010235',
      confirmada_recibo: false,
    });
    const before = await counts();
    const refused = await post(t, s.token, {
      ...s.sale('PR-2', s.people[0]!, 80),
      chave_nfce: '41170410422724000187650010000005100000010237',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ erro: MSG_NFCE.chaveEmissao });
    expect(await counts()).toEqual(before);
  });

  it('a Rio Grande do Sul key of January 2021, typed with spaces', async () => {
    setClock('2021-01-25T15:00:00Z', { running: true });
    const s = await shopWithCnpj(['Bia Lima'], 'RS', '93.015.006/0039-96');
    const typed = '4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4711';
    const res = await post(t, s.token, { ...s.sale('RS-1', s.people[0]!, 80), chave_nfce: typed });
    expect(res.statusCode, res.body).toBe(201);
    expect((await salesWithKey('43210193015006003996651230003165881244534711')).length).toBe(1);
  });
});

describe('an alphanumeric CNPJ (issue 53)', () => {
  it("reports a key of the shop's alphanumeric CNPJ, typed in lower case", async () => {
    const s = await shopWithCnpj(['Nina Alves'], 'SP', '12.ABC.345/01DE-35');
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    expect(chave.slice(6, 20)).toBe('12ABC34501DE35');
    const res = await post(t, s.token, {
      ...s.sale('ALFA-1', s.people[0]!, 75),
      chave_nfce: chave.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().venda.chave_nfce).toBe(chave);
  });
});

describe('a refused key writes nothing, each with its own text (issue 53)', () => {
  it('refuses every offline check, then a CNPJ of another shop or of none', async () => {
    const s = await shopWithCnpj(['Caio Prado']);
    const other = await createShop(t.db, { cod_cidade: s.city.cod_cidade });
    const otherCnpj = newCnpj();
    await giveCnpjs(t.db, other.id_estabelecimento, [otherCnpj]);
    const mes = month(day(-1));
    const good = nfceKey({ mes, cnpj: s.cnpj });
    const wrongDigit = `${good.slice(0, 43)}${(Number(good[43]) + 1) % 10}`;
    const twoMonthsBack = (() => {
      const [y, m] = mes.split('-').map(Number) as [number, number];
      const back =
        m <= 2 ? `${y - 1}-${String(m + 10).padStart(2, '0')}` : `${y}-${String(m - 2).padStart(2, '0')}`;
      return back;
    })();
    const cases: [string, string][] = [
      ['123', MSG_NFCE.chaveFormato],
      [wrongDigit, MSG_NFCE.chaveDigito],
      [nfceKey({ mes, cnpj: s.cnpj, modelo: '55' }), MSG_NFCE.chaveModelo],
      [nfceKey({ mes, cnpj: s.cnpj, tpEmis: '0' }), MSG_NFCE.chaveEmissao],
      [qrOnline(nfceKey({ mes, cnpj: s.cnpj }), 2), MSG_NFCE.notaHomologacao],
      [nfceKey({ mes, cnpj: s.cnpj, uf: 'RJ' }), MSG_NFCE.notaOutroEstado],
      [nfceKey({ mes: twoMonthsBack, cnpj: s.cnpj }), MSG_NFCE.notaForaDoPrazo],
      [nfceKey({ mes, cnpj: otherCnpj }), MSG_VENDA.notaDeOutraLoja],
      [nfceKey({ mes, cnpj: newCnpj() }), MSG_VENDA.notaDeOutraLoja],
    ];
    const before = await counts();
    for (const [i, [chave_nfce, erro]] of cases.entries()) {
      const res = await post(t, s.token, { ...s.sale(`REC-${i}`, s.people[0]!, 120), chave_nfce });
      expect(res.statusCode, chave_nfce).toBe(400);
      expect(res.json(), chave_nfce).toEqual({ erro });
    }
    expect(await counts()).toEqual(before);
    // The same key, good, passes: the refusals were the key's.
    const res = await post(t, s.token, { ...s.sale('REC-ok', s.people[0]!, 120), chave_nfce: good });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("checks the month against the sale's day, not today's", async () => {
    setClock('2026-03-03T15:00:00Z', { running: true });
    const s = await shopWithCnpj(['Dora Reis']);
    const buyer = s.people[0]!;
    const jan = nfceKey({ mes: '2026-01', cnpj: s.cnpj });
    const lateMarch = await post(t, s.token, {
      ...s.sale('MES-1', buyer, 60),
      dat_venda: '2026-03-02',
      chave_nfce: jan,
    });
    expect(lateMarch.statusCode).toBe(400);
    expect(lateMarch.json()).toEqual({ erro: MSG_NFCE.notaForaDoPrazo });
    const february = await post(t, s.token, {
      ...s.sale('MES-2', buyer, 60),
      dat_venda: '2026-02-27',
      chave_nfce: jan,
    });
    expect(february.statusCode, february.body).toBe(201);
    const feb = await post(t, s.token, {
      ...s.sale('MES-3', buyer, 60),
      dat_venda: '2026-03-02',
      chave_nfce: nfceKey({ mes: '2026-02', cnpj: s.cnpj }),
    });
    expect(feb.statusCode, feb.body).toBe(201);
  });
});

describe('a key reports once (issue 53)', () => {
  it('the same key again is 409, by session or API key, writing nothing', async () => {
    const s = await shopWithCnpj(['Eva Melo']);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    const first = await post(t, s.token, { ...s.sale('UNI-1', s.people[0]!, 70), chave_nfce: chave });
    expect(first.statusCode, first.body).toBe(201);
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/chaves',
      headers: bearer(s.token),
      payload: { nome: 'Caixa 1', id_estabelecimento: s.shop.id_estabelecimento },
    });
    expect(key.statusCode, key.body).toBe(201);
    const before = await counts();
    for (const token of [s.token, key.json<{ chave: string }>().chave]) {
      const again = await post(t, token, {
        ...s.sale(`UNI-${token.length}`, s.people[0]!, 70),
        chave_nfce: chave,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ erro: MSG_VENDA.chaveJaInformada });
    }
    expect(await counts()).toEqual(before);
    // The API key reports a new key of its shop.
    const viaKey = await post(t, key.json<{ chave: string }>().chave, {
      ...s.sale('UNI-KEY', s.people[0]!, 70),
      chave_nfce: nfceKey({ mes: month(day(-1)), cnpj: s.cnpj }),
    });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
  });

  it('20 parallel sales with one key: one 201, the others 409, one sale stored', async () => {
    const s = await shopWithCnpj([]);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t, s.token, noBuyer(s, `PAR-${i}`, chave))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ erro: MSG_VENDA.chaveJaInformada });
    expect(await salesWithKey(chave)).toHaveLength(1);
  });
});

describe('a campaign that requires the NFC-e (issue 53)', () => {
  it('refuses a sale without a key on every path (a person, a QR code, a CPF), writing nothing', async () => {
    const s = await shopWithCnpj(['Fábio Nunes']);
    await requireNfce(t.db, s.id_campanha);
    const { id_usuario: _none, ...base } = s.sale('EX-1', -1, 90);
    const before = await counts();
    for (const payload of [
      s.sale('EX-1', s.people[0]!, 90),
      { ...s.sale('EX-2', -1, 90), qrcode: true },
      { ...base, numero_venda: 'EX-3', cpf: newCpf() },
      { ...s.sale('EX-4', s.people[0]!, 90), chave_nfce: '  ' },
    ]) {
      const res = await post(t, s.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG_VENDA.chaveNfceObrigatoria });
    }
    expect(await counts()).toEqual(before);
    const withKey = await post(t, s.token, {
      ...s.sale('EX-5', s.people[0]!, 90),
      chave_nfce: nfceKey({ mes: month(day(-1)), cnpj: s.cnpj }),
    });
    expect(withKey.statusCode, withKey.body).toBe(201);
    // Without the requirement the same sale without a key passes.
    await requireNfce(t.db, s.id_campanha, false);
    expect((await post(t, s.token, s.sale('EX-6', s.people[0]!, 90))).statusCode).toBe(201);
  });

  it('an edit cannot move a sale without a key into it', async () => {
    const s = await shopWithCnpj(['Gil Sá']);
    const sold = await post(t, s.token, s.sale('MV-1', s.people[0]!, 90));
    expect(sold.statusCode).toBe(201);
    const { id_campanha: required } = await t.db
      .insertInto('campanhas')
      .values({
        den_campanha: 'Nota Premiada',
        banner: '',
        validade_ini: day(-10),
        validade_fim: day(30),
        link: '',
        cod_cidade: s.city.cod_cidade,
        exige_nfce: 'S',
        atualizado_em: now().toISOString(),
      })
      .returning('id_campanha')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('campanha_estabelecimentos')
      .values({
        id_campanha: required,
        id_estabelecimento: s.shop.id_estabelecimento,
        fator_cashback_e4: 500,
        fator_sorteio_e4: 100,
      })
      .execute();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${sold.json().venda.id_venda}`,
      headers: bearer(s.token),
      payload: { ...s.sale('MV-1', s.people[0]!, 90), id_campanha: required },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ erro: MSG_VENDA.chaveNfceObrigatoria });
  });
});

describe('a report that names no buyer (issue 53)', () => {
  it('is allowed only with a key, stored waiting for nobody, and kept so by an edit naming none', async () => {
    const s = await shopWithCnpj(['Hugo Teles']);
    const without = await post(t, s.token, noBuyer(s, 'NB-0'));
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ erro: MSG_VENDA.definaDestinatario });
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    hooks.reported.length = 0;
    const res = await post(t, s.token, noBuyer(s, 'NB-1', chave));
    expect(res.statusCode, res.body).toBe(201);
    const { venda, cupons } = res.json();
    expect(cupons).toEqual([]);
    expect(venda).toMatchObject({
      id_usuario: -1,
      pendente: true,
      sem_comprador: true,
      chave_nfce: chave,
      cupons: 0,
    });
    const [row] = await salesWithKey(chave);
    expect(row).toMatchObject({ id_usuario: null, qr_token_hash: null, cpf_busca: null, cpf_mascara: null });
    expect(hooks.reported).toEqual([
      expect.objectContaining({
        id_venda: venda.id_venda,
        chave,
        id_usuario: null,
        cpf_busca: null,
        sem_comprador: true,
      }),
    ]);
    // The list and one sale say so too; an edit naming nobody keeps it, with a new value.
    const one = await t.app.inject({
      url: `/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${venda.id_venda}`,
      headers: bearer(s.token),
    });
    expect(one.json()).toMatchObject({ sem_comprador: true, chave_nfce: chave });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${venda.id_venda}`,
      headers: bearer(s.token),
      payload: noBuyer(s, 'NB-1', chave),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sem_comprador: true, chave_nfce: chave });
    // A QR sale with a key is not one: it waits for its claim.
    const qr = await post(t, s.token, {
      ...s.sale('NB-2', -1, 50),
      qrcode: true,
      chave_nfce: nfceKey({ mes: month(day(-1)), cnpj: s.cnpj }),
    });
    expect(qr.statusCode).toBe(201);
    const qrOne = await t.app.inject({
      url: `/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${qr.json().id_venda}`,
      headers: bearer(s.token),
    });
    expect(qrOne.json()).not.toHaveProperty('sem_comprador');
  });
});

describe('an edit never changes the key (issue 53)', () => {
  it('refuses another key, and checks the key again when the sale moves to another shop', async () => {
    const s = await shopWithCnpj(['Iris Rocha']);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    const sold = await post(t, s.token, { ...s.sale('ED-1', s.people[0]!, 90), chave_nfce: chave });
    expect(sold.statusCode).toBe(201);
    const id = sold.json().venda.id_venda;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/v1/parceiro/vendas/${id}`, headers: bearer(s.token), payload });
    const other = await patch({
      ...s.sale('ED-1', s.people[0]!, 90),
      chave_nfce: nfceKey({ mes: month(day(-1)), cnpj: s.cnpj }),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ erro: MSG_VENDA.chaveNaoAlteravel });
    const same = await patch({ ...s.sale('ED-1', s.people[0]!, 95), chave_nfce: chave });
    expect(same.statusCode, same.body).toBe(200);
    const without = await patch(s.sale('ED-1', s.people[0]!, 99));
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json()).toMatchObject({ chave_nfce: chave, valor_venda: 99 });
    // Another shop of the partner, in the same campaign, with its own CNPJ: the key is not its.
    const shopB = await createShop(t.db, { cod_cidade: s.city.cod_cidade });
    await giveCnpjs(t.db, shopB.id_estabelecimento, [newCnpj()]);
    await t.db
      .insertInto('campanha_estabelecimentos')
      .values({
        id_campanha: s.id_campanha,
        id_estabelecimento: shopB.id_estabelecimento,
        fator_cashback_e4: 500,
        fator_sorteio_e4: 100,
      })
      .execute();
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${id}`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
      payload: { ...s.sale('ED-1', s.people[0]!, 99), id_estabelecimento: shopB.id_estabelecimento },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ erro: MSG_VENDA.notaDeOutraLoja });
    expect((await salesWithKey(chave))[0]).toMatchObject({ id_estabelecimento: s.shop.id_estabelecimento });
  });
});

describe('a sale a receipt confirmed (issue 53)', () => {
  it('cannot be edited nor deleted by its partner; lists and files say "confirmada pelo recibo"', async () => {
    const s = await shopWithCnpj(['Júlia Paz']);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    const sold = await post(t, s.token, { ...s.sale('CF-1', s.people[0]!, 150), chave_nfce: chave });
    expect(sold.statusCode).toBe(201);
    const id = sold.json().venda.id_venda;
    await t.db
      .updateTable('vendas')
      .set({ recibo_confirmado_em: now().toISOString() })
      .where('id_venda', '=', id)
      .execute();
    const stored = await salesWithKey(chave);
    const before = await counts();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${id}`,
      headers: bearer(s.token),
      payload: s.sale('CF-1', s.people[0]!, 10),
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/vendas/${id}`,
      headers: bearer(s.token),
    });
    for (const res of [edit, del]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_VENDA.vendaConfirmadaPeloRecibo });
    }
    expect(await counts()).toEqual(before);
    expect(await salesWithKey(chave)).toEqual(stored);

    const list = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}`,
      headers: bearer(s.token),
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id_venda: id, chave_nfce: chave, confirmada_recibo: true }),
    ]);
    const csv = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}&formato=csv`,
      headers: bearer(s.token),
    });
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(';'));
    expect(row![header!.indexOf('Chave da NFC-e')]).toContain(chave);
    expect(row![header!.indexOf('Confirmada pelo recibo')]).toBe('Sim');
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const city = await t.app.inject({
      url: `/v1/adm/vendas?cod_cidade=${s.city.cod_cidade}`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
    });
    expect(city.json()).toEqual([
      expect.objectContaining({ id_venda: id, chave_nfce: chave, confirmada_recibo: true }),
    ]);
  });

  it('to a partner a sale given by CPF tells nothing of its holder: not confirmed, whatever happened (issue 52)', async () => {
    const s = await shopWithCnpj(['Karla Dias']);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    const cpf = newCpf();
    const { id_usuario: _none, ...base } = s.sale('CPF-CF', -1, 40);
    const res = await post(t, s.token, { ...base, cpf, chave_nfce: chave });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id_venda;
    const view = () =>
      t.app.inject({
        url: `/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${id}`,
        headers: bearer(s.token),
      });
    const before = (await view()).body;
    await t.db
      .updateTable('vendas')
      .set({ recibo_confirmado_em: now().toISOString() })
      .where('id_venda', '=', id)
      .execute();
    expect((await view()).body).toBe(before);
    expect(JSON.parse(before)).toMatchObject({
      confirmada_recibo: false,
      chave_nfce: chave,
      cpf: maskCpf(cpf),
    });
  });
});

describe("the receipts module's hooks (issue 53)", () => {
  it('keyReported runs in the sale’s transaction: it sees the sale, its failure writes nothing, its confirmation is answered', async () => {
    const s = await shopWithCnpj(['Lia Campos']);
    const chave = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    hooks.reported.length = 0;
    const res = await post(t, s.token, { ...s.sale('HK-1', s.people[0]!, 30), chave_nfce: chave });
    expect(res.statusCode).toBe(201);
    expect(hooks.reported).toEqual([
      expect.objectContaining({
        id_venda: res.json().venda.id_venda,
        chave,
        id_usuario: s.people[0],
        cpf_busca: null,
        sem_comprador: false,
        stored: chave,
      }),
    ]);
    // A sale without a key tells it nothing.
    expect((await post(t, s.token, s.sale('HK-2', s.people[0]!, 30))).statusCode).toBe(201);
    expect(hooks.reported).toHaveLength(1);

    const failing = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    hooks.failOn = failing;
    const before = await counts();
    try {
      const failed = await post(t, s.token, { ...s.sale('HK-3', s.people[0]!, 30), chave_nfce: failing });
      expect(failed.statusCode).toBe(500);
    } finally {
      hooks.failOn = null;
    }
    expect(await counts()).toEqual(before);
    expect(await salesWithKey(failing)).toEqual([]);

    const confirmed = nfceKey({ mes: month(day(-1)), cnpj: s.cnpj });
    hooks.confirmOn = confirmed;
    try {
      const ok = await post(t, s.token, { ...s.sale('HK-4', s.people[0]!, 30), chave_nfce: confirmed });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().venda).toMatchObject({ chave_nfce: confirmed, confirmada_recibo: true });
    } finally {
      hooks.confirmOn = null;
    }
  });

  it('keyReported is told of a CPF; saleGiven of a claim and of a CPF credit, each with the recipient already written', async () => {
    const s = await shopWithCnpj(['Mara Luz']);
    const mes = month(day(-1));
    hooks.reported.length = 0;
    hooks.given.length = 0;
    // A hand-over code claimed.
    const qr = await post(t, s.token, {
      ...s.sale('GV-1', -1, 40),
      qrcode: true,
      chave_nfce: nfceKey({ mes, cnpj: s.cnpj }),
    });
    expect(qr.statusCode, qr.body).toBe(201);
    const claimer = await createUser(t.db, { cod_cidade: s.city.cod_cidade });
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(await sessionFor(t.db, claimer.id_usuario)),
      payload: { codigo: qr.json().codigo },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(hooks.given).toEqual([
      { id_venda: qr.json().id_venda, id_usuario: claimer.id_usuario, stored: claimer.id_usuario },
    ]);
    // A sale given by CPF, credited behind the answer to the CPF's proven holder.
    const cpf = newCpf();
    const { id_usuario: _none, ...base } = s.sale('GV-2', -1, 40);
    const byCpf = await post(t, s.token, { ...base, cpf, chave_nfce: nfceKey({ mes, cnpj: s.cnpj }) });
    expect(byCpf.statusCode, byCpf.body).toBe(201);
    expect(hooks.reported.at(-1)).toMatchObject({
      id_venda: byCpf.json().id_venda,
      id_usuario: null,
      cpf_busca: t.app.cpf.lookup(cpf),
      sem_comprador: false,
    });
    const holder = s.people[0]!;
    await t.db
      .updateTable('usuarios')
      .set({
        cpf_busca: t.app.cpf.lookup(cpf),
        cpf_cifrado: t.app.cpf.seal(cpf),
        cpf_situacao: 'comprovado',
        cpf_definido_em: now().toISOString(),
      })
      .where('id_usuario', '=', holder)
      .execute();
    await t.app.jobs.enqueue(t.db, CPF_CREDIT_JOB, { id_venda: byCpf.json().id_venda, ip: '127.0.0.1' });
    await t.app.jobs.idle();
    expect(hooks.given.at(-1)).toEqual({
      id_venda: byCpf.json().id_venda,
      id_usuario: holder,
      stored: holder,
    });
    // A sale without a key is given without a word to the receipts module.
    const plain = await post(t, s.token, { ...s.sale('GV-3', -1, 40), qrcode: true });
    const n = hooks.given.length;
    const claimer2 = await createUser(t.db, { cod_cidade: s.city.cod_cidade });
    const claim2 = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(await sessionFor(t.db, claimer2.id_usuario)),
      payload: { codigo: plain.json().codigo },
    });
    expect(claim2.statusCode).toBe(201);
    expect(hooks.given).toHaveLength(n);
  });
});
