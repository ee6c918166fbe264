import { MSG_RECIBO, MSG_VENDA, type Recibo } from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/lib/clock.js';
import { bearer } from './factories.js';
import { useTestApp } from './helper.js';
import {
  KEY_MONTH_NOON,
  buildWorld,
  newKey,
  pointsOf,
  qrOf,
  receiptOf,
  residentPool,
  saleRow,
  sendReceipt,
  type World,
} from './recibos-world.js';

/**
 * Issue 53 end to end through the real sale path: the partner's report is `chave_nfce` on
 * `POST /v1/parceiro/vendas` (no test double of the hooks, no key written by hand), the
 * resident's receipt `POST /v1/recibos`, in both orders.
 */
const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '100000', BUSCA_CLIENTE_DIA_MAX: '100000' });
let w: World;
let resident: () => number;
let numero = 0;

beforeAll(async () => {
  setClock(KEY_MONTH_NOON);
  w = await buildWorld(t, 10);
  resident = residentPool(w);
});
afterAll(() => setClock(null));

/** The partner's report of `chave`: to a resident, with a hand-over code, or naming no buyer. */
async function report(chave: string, buyer: number | 'codigo' | 'ninguem', valor = 100) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(w.tokens.partner),
    payload: {
      id_campanha: w.campaign,
      id_estabelecimento: w.shop.id_estabelecimento,
      id_usuario: typeof buyer === 'number' ? buyer : -1,
      dat_venda: KEY_MONTH_NOON.slice(0, 10),
      numero_venda: `REAL-${++numero}`,
      valor_venda: valor,
      id_vendedor: 99,
      chave_nfce: chave,
      ...(buyer === 'codigo' ? { qrcode: true } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ venda?: { id_venda: number }; id_venda?: number; codigo?: string }>();
  return { id_venda: body.venda?.id_venda ?? body.id_venda!, codigo: body.codigo };
}

describe('the real sale path and the resident receipt', () => {
  it('report first, then the receipt: creditado once, no new points; the key again is refused', async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda } = await report(chave, me, 300);
    const points = await pointsOf(t, w, me);
    const res = await sendReceipt(t, w, me, { qrcode: qrOf(chave) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ status: 'creditado', id_venda, valor: 300 });
    expect(await pointsOf(t, w, me)).toBe(points);
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
    const again = await sendReceipt(t, w, me, { chave });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_RECIBO.jaUsado });
    // A confirmed sale is the receipt's: the partner can no longer change it.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/vendas/${id_venda}`,
      headers: bearer(w.tokens.partner),
    });
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json()).toEqual({ erro: MSG_VENDA.vendaConfirmadaPeloRecibo });
  });

  it('the receipt first (pendente), then the report naming the sender credits it at once', async () => {
    const me = resident();
    const chave = newKey();
    const first = await sendReceipt(t, w, me, { chave });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Recibo>().status).toBe('pendente');
    const { id_venda } = await report(chave, me);
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado', id_venda });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
  });

  it('the receipt first, then a report naming someone else: contested, with a complaint', async () => {
    const me = resident();
    const other = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    await report(chave, other);
    const r = await receiptOf(t, chave);
    expect(r).toMatchObject({ status: 'contestado' });
    expect(r!.id_contestacao).not.toBeNull();
  });

  it('a report naming no buyer: 409 semComprador, then donated to the entity', async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda } = await report(chave, 'ninguem', 80);
    const refused = await sendReceipt(t, w, me, { chave });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ erro: MSG_RECIBO.semComprador });
    expect(await receiptOf(t, chave)).toBeUndefined();
    const res = await sendReceipt(t, w, me, { chave, id_entidade: w.entity.id_entidade });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ status: 'doado', id_entidade: w.entity.id_entidade });
    expect(await saleRow(t, id_venda)).toMatchObject({ id_usuario: w.entity.account });
  });

  it('a hand-over code: the receipt waits, and the sender claiming the code credits it', async () => {
    const me = resident();
    const chave = newKey();
    const { codigo } = await report(chave, 'codigo');
    const sent = await sendReceipt(t, w, me, { chave });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Recibo>().status).toBe('pendente');
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(w.residentTokens.get(me)!),
      payload: { codigo },
    });
    expect(claim.statusCode, claim.body).toBeLessThan(300);
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado' });
  });
});
