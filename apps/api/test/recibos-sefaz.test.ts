import { MSG_RECIBO, type Recibo } from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/lib/clock.js';
import { useTestApp } from './helper.js';
import {
  KEY_MONTH_NOON,
  buildWorld,
  newKey,
  receiptOf,
  reportSale,
  residentPool,
  sendReceipt,
  type World,
} from './recibos-world.js';
import { startSefazStub } from './sefaz-stub.js';

/**
 * Issue 53, decision 058: `POST /v1/recibos` where the city has its SEFAZ gateway (a stub on
 * 127.0.0.1): a cancelled, denied or unknown receipt is refused with nothing written and the key
 * unspent; an authorised one is stored with SEFAZ's answer and value; an unreachable gateway does
 * not stop the receipt.
 */
const stub = await startSefazStub();
const t = useTestApp({
  SEFAZ_CONSULTA_URL: stub.url,
  SEFAZ_TIMEOUT_MS: '1000',
  PUSH_ALLOW_LOOPBACK: 'true',
  BUSCA_CLIENTE_RATE_MAX: '100000',
  BUSCA_CLIENTE_DIA_MAX: '100000',
});
let w: World;
let resident: () => number;

beforeAll(async () => {
  setClock(KEY_MONTH_NOON);
  w = await buildWorld(t, 8);
  resident = residentPool(w);
});
afterAll(async () => {
  setClock(null);
  await stub.close();
});

const attemptsOf = (chave: string) =>
  t.db.selectFrom('recibo_tentativas').select('id_usuario').where('chave', '=', chave).execute();

describe('receipts against the SEFAZ gateway', () => {
  it.each(['cancelada', 'denegada', 'inexistente'] as const)(
    'a %s receipt: 409, nothing written, the key unspent',
    async (situacao) => {
      const me = resident();
      const chave = newKey();
      stub.set(chave, situacao);
      const res = await sendReceipt(t, w, me, { chave });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_RECIBO.sefazRecusou });
      expect(await receiptOf(t, chave)).toBeUndefined();
      expect(await attemptsOf(chave)).toEqual([]);
      // The gateway now authorises it (a contingency receipt reaching SEFAZ late): it goes through.
      stub.set(chave, 'autorizada');
      expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    },
  );

  it("an authorised receipt keeps SEFAZ's answer and value, and credits the shop's report", async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, me, { valor: 40 });
    stub.set(chave, 'autorizada');
    stub.autorizadaCom(chave, '39.90');
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ status: 'creditado', id_venda, valor: 39.9 });
    expect(await receiptOf(t, chave)).toMatchObject({ sefaz_situacao: 'autorizada', valor_centavos: 3990 });
  });

  it('a gateway that does not answer does not stop the receipt: stored, marked unavailable', async () => {
    const me = resident();
    const chave = newKey();
    stub.set(chave, 'timeout');
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>().status).toBe('pendente');
    expect(await receiptOf(t, chave)).toMatchObject({ sefaz_situacao: 'indisponivel' });
  });
});
