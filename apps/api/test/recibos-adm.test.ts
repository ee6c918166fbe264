import {
  MSG,
  MSG_ADMIN,
  TITULO_RECIBO_EXPIRADO,
  textoReciboExpirado,
  type ReciboAdmin,
} from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/db/index.js';
import { nowIso, setClock } from '../src/lib/clock.js';
import { anonymise } from '../src/modules/account/removal.js';
import { EXPIRE_JOB } from '../src/modules/recibos/service.js';
import { bearer, createShop, createUser, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';
import {
  KEY_MONTH_NOON,
  buildWorld,
  newKey,
  notificationsOf,
  receiptOf,
  reportSale,
  residentPool,
  sendReceipt,
  type Who,
  type World,
} from './recibos-world.js';

/**
 * Issue 53: the admins' list of a city's receipts (filters, pages, who may), its export, the
 * hourly expiry of receipts no shop reported (rule 5), and a person's receipts in their data
 * export and account removal (LGPD).
 */
const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '100000', BUSCA_CLIENTE_DIA_MAX: '100000' });
let w: World;
let resident: () => number;

beforeAll(async () => {
  setClock(KEY_MONTH_NOON);
  w = await buildWorld(t, 12);
  resident = residentPool(w);
});
afterAll(() => setClock(null));

const list = (who: Who | string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/adm/recibos?${query}`,
    headers: bearer(who in w.tokens ? w.tokens[who as Who] : who),
  });

describe('GET /v1/adm/recibos', () => {
  const sent: { chave: string; status: string; id_usuario: number }[] = [];
  let secondShop: number;

  beforeAll(async () => {
    const a = resident();
    const b = resident();
    const buyer = resident();
    for (let i = 0; i < 3; i++) {
      const chave = newKey();
      expect((await sendReceipt(t, w, a, { chave })).statusCode).toBe(201);
      sent.push({ chave, status: 'pendente', id_usuario: a });
    }
    const credited = newKey();
    await reportSale(t, w, credited, b);
    expect((await sendReceipt(t, w, b, { chave: credited })).statusCode).toBe(201);
    sent.push({ chave: credited, status: 'creditado', id_usuario: b });
    const contested = newKey();
    await reportSale(t, w, contested, buyer);
    expect((await sendReceipt(t, w, b, { chave: contested })).statusCode).toBe(409);
    sent.push({ chave: contested, status: 'contestado', id_usuario: b });
    // A second shop of the city, with a receipt of its own.
    const shop = await createShop(t.db, { cod_cidade: w.city });
    secondShop = shop.id_estabelecimento;
    await t.db
      .insertInto('estabelecimento_cnpjs')
      .values({ cnpj: '55666777000188', id_estabelecimento: secondShop, criado_em: nowIso() })
      .execute();
    const there = newKey({ cnpj: '55666777000188' });
    expect((await sendReceipt(t, w, a, { chave: there })).statusCode).toBe(201);
    sent.push({ chave: there, status: 'pendente', id_usuario: a });
  });

  it('lists the city’s receipts newest first with who sent them, paged (X-Total-Count)', async () => {
    const res = await list('admin', `cod_cidade=${w.city}&limite=100`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<ReciboAdmin[]>();
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    expect(rows.length).toBeGreaterThanOrEqual(sent.length);
    const ids = rows.map((r) => r.id_recibo);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    for (const s of sent) {
      const row = rows.find((r) => r.chave === s.chave);
      expect(row, s.chave).toMatchObject({ status: s.status, id_usuario: s.id_usuario, cod_cidade: w.city });
    }
    const contested = rows.find((r) => r.status === 'contestado')!;
    expect(contested.id_contestacao).toEqual(expect.any(Number));
    const page = await list('admin', `cod_cidade=${w.city}&limite=2&pagina=2`);
    expect(page.json<ReciboAdmin[]>().map((r) => r.id_recibo)).toEqual(ids.slice(2, 4));
    expect(page.headers['x-total-count']).toBe(res.headers['x-total-count']);
  });

  it('filters by status and by shop', async () => {
    const credited = await list('admin', `cod_cidade=${w.city}&status=creditado&limite=100`);
    expect(credited.json<ReciboAdmin[]>().map((r) => r.status)).toEqual(
      expect.arrayContaining(['creditado']),
    );
    expect(new Set(credited.json<ReciboAdmin[]>().map((r) => r.status))).toEqual(new Set(['creditado']));
    const there = await list('admin', `cod_cidade=${w.city}&id_estabelecimento=${secondShop}`);
    expect(there.json<ReciboAdmin[]>().map((r) => r.chave)).toEqual([sent[sent.length - 1]!.chave]);
    expect(there.headers['x-total-count']).toBe('1');
  });

  it('the super-admin reads any city; another city’s admin 403; partners and residents 403; nobody 401', async () => {
    expect((await list('super', `cod_cidade=${w.city}`)).statusCode).toBe(200);
    const other = await list('otherAdmin', `cod_cidade=${w.city}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    expect(other.body).not.toContain(sent[0]!.chave);
    // Its own city's list has none of this city's receipts.
    const own = await list('otherAdmin', `cod_cidade=${w.otherCity}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const partner = await list('partner', `cod_cidade=${w.city}`);
    expect(partner.statusCode).toBe(403);
    const me = await list(w.residentTokens.get(sent[0]!.id_usuario)!, `cod_cidade=${w.city}`);
    expect(me.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `/v1/adm/recibos?cod_cidade=${w.city}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ erro: MSG.naoAutenticado });
  });

  it('exports the filtered list as CSV, each key whole; another city’s admin 403', async () => {
    const csv = await list('admin', `cod_cidade=${w.city}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    for (const s of sent) expect(csv.body).toContain(s.chave);
    expect(csv.body).toContain('Chave de acesso');
    const filtered = await list('admin', `cod_cidade=${w.city}&id_estabelecimento=${secondShop}&formato=csv`);
    expect(filtered.body).toContain(sent[sent.length - 1]!.chave);
    expect(filtered.body).not.toContain(sent[0]!.chave);
    expect((await list('otherAdmin', `cod_cidade=${w.city}&formato=csv`)).statusCode).toBe(403);
    const audit = await t.db
      .selectFrom('auditoria')
      .select('depois')
      .where('acao', '=', 'exportar')
      .where('id_entidade', '=', 'recibos')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the hourly job recibo.expirar (rule 5)', () => {
  it('expires the receipts pending past RECIBO_PENDENTE_DIAS and tells each sender once', async () => {
    const me = resident();
    const old = newKey();
    expect((await sendReceipt(t, w, me, { chave: old })).statusCode).toBe(201);
    const linked = newKey();
    await reportSale(t, w, linked, me);
    expect((await sendReceipt(t, w, me, { chave: linked })).statusCode).toBe(201); // creditado
    // A day short of the 30: nothing expires.
    setClock(new Date(Date.parse(KEY_MONTH_NOON) + 29 * 86_400_000));
    const young = newKey({ aamm: '1705' });
    expect((await sendReceipt(t, w, me, { chave: young })).statusCode).toBe(201);
    await t.app.jobs.enqueue(t.db, EXPIRE_JOB, {});
    await t.app.jobs.idle();
    expect((await receiptOf(t, old))!.status).toBe('pendente');
    // Past them: the old one expires, the young one waits, the credited one stays.
    setClock(new Date(Date.parse(KEY_MONTH_NOON) + 30 * 86_400_000 + 60_000));
    try {
      for (let i = 0; i < 2; i++) {
        await t.app.jobs.enqueue(t.db, EXPIRE_JOB, {});
        await t.app.jobs.idle();
      }
      expect((await receiptOf(t, old))!.status).toBe('expirado');
      expect((await receiptOf(t, young))!.status).toBe('pendente');
      expect((await receiptOf(t, linked))!.status).toBe('creditado');
      const told = (await notificationsOf(t, me)).filter((n) => n.title === TITULO_RECIBO_EXPIRADO);
      expect(told).toEqual([{ title: TITULO_RECIBO_EXPIRADO, body: textoReciboExpirado(w.shop.nome) }]);
      const r = (await receiptOf(t, old))!;
      const audit = await t.db
        .selectFrom('auditoria')
        .select(['id_usuario'])
        .where('entidade', '=', 'recibo')
        .where('id_entidade', '=', String(r.id_recibo))
        .where('acao', '=', 'expirar_recibo')
        .execute();
      expect(audit).toEqual([{ id_usuario: null }]);
      // A report that comes after the expiry credits nothing.
      await reportSale(t, w, old, me, { announce: true });
      expect((await receiptOf(t, old))!.status).toBe('expirado');
    } finally {
      setClock(KEY_MONTH_NOON);
    }
  });
});

describe('a person’s receipts and their account (LGPD)', () => {
  it('are in the data export, keys whole, and only theirs', async () => {
    const me = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/usuarios/meusdados',
      headers: bearer(w.residentTokens.get(me)!),
    });
    expect(res.statusCode).toBe(200);
    const recibos = res.json<{ recibos: { chave: string; status: string }[] }>().recibos;
    expect(recibos).toEqual([expect.objectContaining({ chave, status: 'pendente' })]);
  });

  it('stay as records when the account goes (a key counts once), those still waiting closed; attempts go', async () => {
    const person = await createUser(t.db, { cod_cidade: w.city });
    w.residentTokens.set(person.id_usuario, await sessionFor(t.db, person.id_usuario));
    const waiting = newKey();
    const credited = newKey();
    expect((await sendReceipt(t, w, person.id_usuario, { chave: waiting })).statusCode).toBe(201);
    await reportSale(t, w, credited, person.id_usuario);
    expect((await sendReceipt(t, w, person.id_usuario, { chave: credited })).statusCode).toBe(201);
    await transaction(t.db, (trx) => anonymise(trx, person.id_usuario, nowIso()));
    expect((await receiptOf(t, waiting))!.status).toBe('expirado');
    expect((await receiptOf(t, credited))!.status).toBe('creditado');
    const attempts = await t.db
      .selectFrom('recibo_tentativas')
      .select('chave')
      .where('id_usuario', '=', person.id_usuario)
      .execute();
    expect(attempts).toEqual([]);
    // The key stays spent.
    const again = await sendReceipt(t, w, resident(), { chave: waiting });
    expect(again.statusCode).toBe(409);
  });
});
