import {
  CONTESTACOES_ABERTAS_MAX,
  MSG_CONTESTACAO,
  MSG_NFCE,
  MSG_RECIBO,
  type Recibo,
} from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, setClock } from '../src/lib/clock.js';
import { bearer, countRows, createShop, day } from './factories.js';
import { useTestApp } from './helper.js';
import {
  KEY_MONTH_NOON,
  PUBLISHED,
  buildWorld,
  newKey,
  qrOf,
  receiptOf,
  reportSale,
  residentPool,
  sendReceipt,
  withDigit,
  type World,
} from './recibos-world.js';

/**
 * Issue 53, rule 1 and the limits of rule 3: a key refused by a check writes nothing (no
 * receipt, no attempt); at most RECIBO_MAX_LOJA_DIA receipts per person, shop and day, whatever
 * runs at once; the complaints receipts open do not count against the resident's cap.
 * RECIBO_MAX_LOJA_DIA is 4 here (3 by default), so the setting is seen to be read.
 */
const t = useTestApp({
  RECIBO_MAX_LOJA_DIA: '4',
  BUSCA_CLIENTE_RATE_MAX: '100000',
  BUSCA_CLIENTE_DIA_MAX: '100000',
});
let w: World;
let resident: () => number;

beforeAll(async () => {
  setClock(KEY_MONTH_NOON);
  w = await buildWorld(t, 12);
  resident = residentPool(w);
});
afterAll(() => setClock(null));

const counts = async () => ({
  recibos: await countRows(t.db, 'recibos'),
  tentativas: await countRows(t.db, 'recibo_tentativas'),
});

/** A shop of `cod_cidade` issuing receipts under `cnpj`, active or not. */
async function shopWithCnpj(cod_cidade: number, cnpj: string, ativo = true) {
  const shop = await createShop(t.db, { cod_cidade });
  if (!ativo)
    await t.db
      .updateTable('estabelecimentos')
      .set({ ind_ativo: 'N' })
      .where('id_estabelecimento', '=', shop.id_estabelecimento)
      .execute();
  await t.db
    .insertInto('estabelecimento_cnpjs')
    .values({ cnpj, id_estabelecimento: shop.id_estabelecimento, criado_em: nowIso() })
    .execute();
  return shop;
}

describe('a refused key writes nothing (rule 1, each check in the issue’s order)', () => {
  it('answers each check’s own text, and stores neither a receipt nor an attempt', async () => {
    const me = resident();
    const otherCityCnpj = '22333444000155';
    const inactiveCnpj = '33444555000166';
    await shopWithCnpj(w.otherCity, otherCityCnpj);
    await shopWithCnpj(w.city, inactiveCnpj, false);
    const digitWrong = `${PUBLISHED.pr.slice(0, 43)}${(Number(PUBLISHED.pr[43]) + 1) % 10}`;
    const cases: [string, object, string][] = [
      ['nothing', { chave: '' }, MSG_RECIBO.qrOuChave],
      ['too short', { chave: '4117041042272400018765001' }, MSG_NFCE.chaveFormato],
      ['a letter outside the CNPJ', { chave: `A${PUBLISHED.pr.slice(1)}` }, MSG_NFCE.chaveFormato],
      ['the check digit', { chave: digitWrong }, MSG_NFCE.chaveDigito],
      ['model 55 (NF-e)', { chave: newKey({ modelo: '55' }) }, MSG_NFCE.chaveModelo],
      ['tpEmis 0 (published key)', { chave: PUBLISHED.tpEmis0 }, MSG_NFCE.chaveEmissao],
      ['homologação in the QR', { qrcode: qrOf(newKey(), 2) }, MSG_NFCE.notaHomologacao],
      ['another state (published RS key)', { chave: PUBLISHED.rs }, MSG_NFCE.notaOutroEstado],
      ['two months ago', { chave: newKey({ aamm: '1702' }) }, MSG_NFCE.notaForaDoPrazo],
      ['next month', { chave: newKey({ aamm: '1705' }) }, MSG_NFCE.notaForaDoPrazo],
      ['a CNPJ no shop holds', { chave: newKey({ cnpj: '11222333000181' }) }, MSG_NFCE.notaLojaNaoParticipa],
      ['a shop of another city', { chave: newKey({ cnpj: otherCityCnpj }) }, MSG_NFCE.notaLojaNaoParticipa],
      ['an inactive shop', { chave: newKey({ cnpj: inactiveCnpj }) }, MSG_NFCE.notaLojaNaoParticipa],
    ];
    const before = await counts();
    for (const [label, body, erro] of cases) {
      const res = await sendReceipt(t, w, me, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ erro });
    }
    expect(await counts()).toEqual(before);
  });

  it('a key of last month, and one of an alphanumeric CNPJ, pass', async () => {
    const me = resident();
    const alnum = '12ABC34501DE35';
    await shopWithCnpj(w.city, alnum);
    for (const chave of [newKey({ aamm: '1703' }), newKey({ cnpj: alnum })]) {
      const res = await sendReceipt(t, w, me, { chave: chave.toLowerCase() });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Recibo>().chave).toBe(chave);
    }
  });

  it('a key that passed is logged as an attempt even when the answer is 409, and spends nothing', async () => {
    const me = resident();
    const chave = newKey();
    await reportSale(t, w, chave, 'ninguem');
    const before = await counts();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(409);
    expect(await counts()).toEqual({ recibos: before.recibos, tentativas: before.tentativas + 1 });
  });
});

describe('RECIBO_MAX_LOJA_DIA receipts per person, shop and day', () => {
  it('10 receipts of one shop sent at once by one resident: exactly 4 stored, the rest 409 and unspent', async () => {
    const me = resident();
    const keys = Array.from({ length: 10 }, () => newKey());
    const answers = await Promise.all(keys.map((chave) => sendReceipt(t, w, me, { chave })));
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ erro: MSG_RECIBO.limiteLojaDia.replace('{n}', '4') });
    }
    const stored = await t.db.selectFrom('recibos').select('chave').where('id_usuario', '=', me).execute();
    expect(stored).toHaveLength(4);
    // A refused key is not spent: another resident sends one of them.
    const unspent = keys.find((k) => !stored.some((s) => s.chave === k))!;
    expect((await sendReceipt(t, w, resident(), { chave: unspent })).statusCode).toBe(201);
    // The next São Paulo day counts again.
    setClock(new Date(Date.parse(KEY_MONTH_NOON) + 86_400_000));
    try {
      expect((await sendReceipt(t, w, me, { chave: newKey() })).statusCode).toBe(201);
    } finally {
      setClock(KEY_MONTH_NOON);
    }
  });

  it('counts per shop: another shop’s receipts are not limited by the first one’s', async () => {
    const me = resident();
    for (let i = 0; i < 4; i++)
      expect((await sendReceipt(t, w, me, { chave: newKey() })).statusCode).toBe(201);
    expect((await sendReceipt(t, w, me, { chave: newKey() })).statusCode).toBe(409);
    const cnpj = '44555666000177';
    await shopWithCnpj(w.city, cnpj);
    expect((await sendReceipt(t, w, me, { chave: newKey({ cnpj }) })).statusCode).toBe(201);
  });
});

describe('automatic complaints and the cap of open complaints (CONTESTACOES_ABERTAS_MAX)', () => {
  it('a receipt’s complaint does not count: the resident still opens their own up to the cap', async () => {
    const me = resident();
    const buyer = resident();
    // The resident's own open complaints, one short of the cap.
    const at = nowIso();
    for (let i = 0; i < CONTESTACOES_ABERTAS_MAX - 1; i++)
      await t.db
        .insertInto('contestacoes')
        .values({
          tipo: 'nao_registrada',
          id_usuario: me,
          cod_cidade: w.city,
          id_estabelecimento: w.shop.id_estabelecimento,
          id_venda: null,
          dat_venda: day(-2),
          valor_centavos: 1000,
          numero_venda: `PROPRIA-${me}-${i}`,
          criada_em: at,
          historico: JSON.stringify([{ em: at, status: 'aberta', motivo: null }]),
        })
        .execute();
    // Two receipts of sales the shop reported for someone else: two automatic complaints.
    for (let i = 0; i < 2; i++) {
      const chave = newKey();
      await reportSale(t, w, chave, buyer);
      expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(409);
    }
    const open = await t.db
      .selectFrom('contestacoes')
      .select('automatica')
      .where('id_usuario', '=', me)
      .where('status', '=', 'aberta')
      .execute();
    expect(open.filter((k) => k.automatica === 'S')).toHaveLength(2);
    expect(open.length).toBeGreaterThan(CONTESTACOES_ABERTAS_MAX);
    const file = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/contestacoes',
        headers: bearer(w.residentTokens.get(me)!),
        payload: {
          tipo: 'nao_registrada',
          id_estabelecimento: w.shop.id_estabelecimento,
          dat_venda: day(-1),
          numero_venda: `MINHA-${me}-${n}`,
          valor_venda: 25,
        },
      });
    const last = await file(1);
    expect(last.statusCode, last.body).toBe(201);
    const over = await file(2);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      erro: MSG_CONTESTACAO.limiteAbertas.replace('{n}', String(CONTESTACOES_ABERTAS_MAX)),
    });
  });
});

describe('the stored receipt', () => {
  it('keeps the key, CNPJ, shop, value and day of the v2 offline QR; the day of sending', async () => {
    const me = resident();
    const chave = newKey();
    const offline = `https://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}%7C2%7C1%7C18%7C42.50%7C6a4f%7C1%7CABCDEF`;
    const res = await sendReceipt(t, w, me, { qrcode: offline });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ valor: 42.5, dat_emissao: '2017-04-18', status: 'pendente' });
    expect(await receiptOf(t, chave)).toMatchObject({
      cnpj: '10422724000187',
      id_estabelecimento: w.shop.id_estabelecimento,
      cod_cidade: w.city,
      valor_centavos: 4250,
      dia_envio: '2017-04-20',
      id_contestacao: null,
    });
    // A check digit built the same way is the key's own: the key read back is what was sent.
    expect(withDigit(chave.slice(0, 43))).toBe(chave);
  });
});
