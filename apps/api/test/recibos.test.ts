import {
  MSG_RECIBO,
  ROTULO_CONTESTACAO_AUTOMATICA,
  TITULO_RECIBO_CONTESTADO,
  TITULO_RECIBO_CREDITADO,
  TITULO_RECIBO_SEM_COMPRADOR,
  mascararChave,
  textoReciboContestado,
  textoReciboCreditado,
  textoReciboSemComprador,
  type ContestacaoAdmin,
  type Recibo,
} from '@praca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/db/index.js';
import { nowIso, setClock } from '../src/lib/clock.js';
import { keyReported, saleGiven } from '../src/modules/recibos/hooks.js';
import { bearer, createEntity } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import {
  KEY_MONTH_NOON,
  PUBLISHED,
  buildWorld,
  newKey,
  notificationsOf,
  pointsOf,
  qrOf,
  receiptOf,
  registerSale,
  reportSale,
  residentPool,
  saleRow,
  sendReceipt,
  writeKey,
  type World,
} from './recibos-world.js';

/**
 * Issue 53, decision 059, rules 3 and 4: what a resident's fiscal receipt becomes against the
 * shop's report of its key, in both orders (the report first, then the receipt; the receipt
 * first, then the report through `keyReported` or the sale given through `saleGiven`).
 */
const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '100000', BUSCA_CLIENTE_DIA_MAX: '100000' });
let w: World;
let resident: () => number;

beforeAll(async () => {
  setClock(KEY_MONTH_NOON);
  w = await buildWorld(t, 65);
  resident = residentPool(w);
});
afterAll(() => setClock(null));

const sale = (idUsuario: number, idVenda: number) => ({ idUsuario, idVenda });
const give = (s: ReturnType<typeof sale>) =>
  transaction(t.db, (trx) => saleGiven(trx, { id_venda: s.idVenda, id_usuario: s.idUsuario, at: nowIso() }));

const complaintOf = (idRecibo: number) =>
  t.db.selectFrom('contestacoes').selectAll().where('id_recibo', '=', idRecibo).executeTakeFirst();

const auditOf = (entidade: string, id: number, acao: string) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'depois'])
    .where('entidade', '=', entidade)
    .where('id_entidade', '=', String(id))
    .where('acao', '=', acao)
    .execute();

describe('the shop reported the key for the sender', () => {
  it('report first: 201 creditado, the sale confirmed once, no new points (published key, QR code)', async () => {
    const me = resident();
    const { id_venda } = await reportSale(t, w, PUBLISHED.pr, me, { valor: 200 });
    const before = await pointsOf(t, w, me);
    expect(before).toBeGreaterThan(0);
    const res = await sendReceipt(t, w, me, { qrcode: qrOf(PUBLISHED.pr) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({
      chave: PUBLISHED.pr,
      status: 'creditado',
      id_estabelecimento: w.shop.id_estabelecimento,
      nome_estabelecimento: w.shop.nome,
      valor: 200,
      dat_emissao: '2017-04',
      id_venda,
      id_entidade: null,
      expira_em: null,
    });
    const row = await saleRow(t, id_venda);
    expect(row.recibo_confirmado_em).not.toBeNull();
    expect(await pointsOf(t, w, me)).toBe(before);
    const r = (await receiptOf(t, PUBLISHED.pr))!;
    expect(await auditOf('recibo', r.id_recibo, 'registrar_recibo')).toHaveLength(1);
    const confirmed = await auditOf('venda', id_venda, 'confirmar_recibo');
    expect(confirmed).toHaveLength(1);
    // The audit log keeps the key masked.
    expect(JSON.stringify(confirmed)).toContain(mascararChave(PUBLISHED.pr));
    expect(JSON.stringify(confirmed)).not.toContain(PUBLISHED.pr);
  });

  it('receipt first: 201 pendente until the report, then creditado, confirmed and told', async () => {
    const me = resident();
    const chave = newKey();
    const res = await sendReceipt(t, w, me, { chave: chave.replace(/(.{4})/g, '$1 ') });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<Recibo>();
    expect(sent).toMatchObject({ chave, status: 'pendente', id_venda: null, valor: null });
    // 30 days (RECIBO_PENDENTE_DIAS) from now.
    expect(Date.parse(sent.expira_em!) - Date.parse(KEY_MONTH_NOON)).toBe(30 * 86_400_000);
    const { id_venda } = await reportSale(t, w, chave, me, { valor: 80, announce: true });
    expect(await receiptOf(t, chave)).toMatchObject({
      status: 'creditado',
      id_venda,
      valor_centavos: 8000,
      expira_em: null,
    });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
    expect(await notificationsOf(t, me)).toContainEqual({
      title: TITULO_RECIBO_CREDITADO,
      body: textoReciboCreditado(w.shop.nome),
    });
  });
});

describe('the shop reported the key for someone else', () => {
  it('report first: 409 deOutraPessoa, the receipt stored contestado with an automatic complaint', async () => {
    const me = resident();
    const buyer = resident();
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, buyer);
    const buyerPoints = await pointsOf(t, w, buyer);
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ erro: MSG_RECIBO.deOutraPessoa });
    const r = (await receiptOf(t, chave))!;
    expect(r).toMatchObject({ status: 'contestado', id_venda, id_usuario: me });
    const k = (await complaintOf(r.id_recibo))!;
    expect(k).toMatchObject({
      tipo: 'nao_registrada',
      status: 'aberta',
      automatica: 'S',
      id_usuario: me,
      id_venda,
      id_estabelecimento: w.shop.id_estabelecimento,
      valor_centavos: 15000,
    });
    expect(r.id_contestacao).toBe(k.id_contestacao);
    // Never a credit: the buyer keeps the sale, the sender gets nothing.
    expect((await saleRow(t, id_venda)).id_usuario).toBe(buyer);
    expect(await pointsOf(t, w, buyer)).toBe(buyerPoints);
    expect(await pointsOf(t, w, me)).toBe(0);
    // The admins see it like any complaint, marked as opened by the receipt.
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/adm/contestacoes?cod_cidade=${w.city}`,
      headers: bearer(w.tokens.admin),
    });
    const seen = list.json<ContestacaoAdmin[]>().find((c) => c.id_contestacao === k.id_contestacao);
    expect(seen).toMatchObject({ automatica: true, id_usuario: me, status: 'aberta' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/adm/contestacoes?cod_cidade=${w.city}&formato=csv`,
      headers: bearer(w.tokens.admin),
    });
    expect(csv.body).toContain('Aberta pela nota fiscal');
    expect(ROTULO_CONTESTACAO_AUTOMATICA).toBe('Aberta automaticamente pela nota fiscal');
  });

  it('receipt first: pendente, then the report makes it contestado, with the complaint, and tells the sender', async () => {
    const me = resident();
    const buyer = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    const { id_venda } = await reportSale(t, w, chave, buyer, { announce: true });
    const r = (await receiptOf(t, chave))!;
    expect(r).toMatchObject({ status: 'contestado', id_venda, expira_em: null });
    expect(await complaintOf(r.id_recibo)).toMatchObject({ automatica: 'S', id_venda, id_usuario: me });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).toBeNull();
    expect(await notificationsOf(t, me)).toContainEqual({
      title: TITULO_RECIBO_CONTESTADO,
      body: textoReciboContestado(w.shop.nome),
    });
  });

  it('accepting the automatic complaint moves the sale to the receipt’s holder, confirmed by it', async () => {
    const me = resident();
    const buyer = resident();
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, buyer, { valor: 300 });
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(409);
    const r = (await receiptOf(t, chave))!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/contestacoes/${r.id_contestacao}/decisao`,
      headers: bearer(w.tokens.admin),
      payload: { decisao: 'aceita', motivo: 'A nota é do morador' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<ContestacaoAdmin>().id_venda!;
    expect(moved).not.toBe(id_venda);
    expect((await saleRow(t, id_venda)).excluida_em).not.toBeNull();
    expect(await pointsOf(t, w, buyer)).toBe(0);
    expect(await saleRow(t, moved)).toMatchObject({ id_usuario: me, excluida_em: null });
    expect((await saleRow(t, moved)).recibo_confirmado_em).not.toBeNull();
    expect(await pointsOf(t, w, me)).toBe(3_000_000);
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado', id_venda: moved });
  });
});

describe('the shop reported the key without a buyer', () => {
  it('report first: 409 semComprador writes nothing; the same person then donates it with id_entidade', async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, 'ninguem', { valor: 500 });
    const refused = await sendReceipt(t, w, me, { chave });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ erro: MSG_RECIBO.semComprador });
    expect(await receiptOf(t, chave)).toBeUndefined();
    // An entity of another city is unknown here, and nothing is written.
    const stray = await createEntity(t.db, w.otherCity);
    const far = await sendReceipt(t, w, me, { chave, id_entidade: stray.id_entidade });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toEqual({ erro: MSG_RECIBO.entidadeNaoEncontrada });
    expect(await receiptOf(t, chave)).toBeUndefined();

    const res = await sendReceipt(t, w, me, { chave, id_entidade: w.entity.id_entidade });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({
      status: 'doado',
      id_venda,
      id_entidade: w.entity.id_entidade,
      nome_entidade: w.entity.nome,
      valor: 500,
    });
    expect(await saleRow(t, id_venda)).toMatchObject({ id_usuario: w.entity.account });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
    expect(await pointsOf(t, w, w.entity.account)).toBe(5_000_000);
    expect(await pointsOf(t, w, me)).toBe(0);
    const r = (await receiptOf(t, chave))!;
    expect(r.id_usuario).toBe(me);
    const gift = await auditOf('recibo', r.id_recibo, 'doar_recibo');
    expect(gift).toHaveLength(1);
    expect(gift[0]!.id_usuario).toBe(me);
  });

  it('receipt first: the report leaves it sem_comprador (the sender told); only its sender donates it, once', async () => {
    const me = resident();
    const other = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    const { id_venda } = await reportSale(t, w, chave, 'ninguem', { valor: 100, announce: true });
    const r = (await receiptOf(t, chave))!;
    expect(r).toMatchObject({ status: 'sem_comprador', id_venda, expira_em: null });
    expect(await notificationsOf(t, me)).toContainEqual({
      title: TITULO_RECIBO_SEM_COMPRADOR,
      body: textoReciboSemComprador(w.shop.nome),
    });
    const donate = (who: number) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/recibos/${r.id_recibo}/doacao`,
        headers: bearer(w.residentTokens.get(who)!),
        payload: { id_entidade: w.entity.id_entidade },
      });
    const stranger = await donate(other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ erro: MSG_RECIBO.naoEncontrado });
    expect((await saleRow(t, id_venda)).id_usuario).toBeNull();
    const ok = await donate(me);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Recibo>()).toMatchObject({ status: 'doado', id_entidade: w.entity.id_entidade });
    expect(await saleRow(t, id_venda)).toMatchObject({ id_usuario: w.entity.account });
    const again = await donate(me);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_RECIBO.naoDoavel });
  });

  it('a receipt that is not sem_comprador cannot be donated (409)', async () => {
    const me = resident();
    const chave = newKey();
    const sent = await sendReceipt(t, w, me, { chave });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/recibos/${sent.json<Recibo>().id_recibo}/doacao`,
      headers: bearer(w.residentTokens.get(me)!),
      payload: { id_entidade: w.entity.id_entidade },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ erro: MSG_RECIBO.naoDoavel });
    expect((await receiptOf(t, chave))!.status).toBe('pendente');
  });
});

describe('the shop’s report waits for a hand-over code', () => {
  it('report first: pendente linked to the sale; the sender claims it and saleGiven credits it', async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda, codigo } = await reportSale(t, w, chave, 'codigo');
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ status: 'pendente', id_venda });
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(w.residentTokens.get(me)!),
      payload: { codigo },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    await give(sale(me, id_venda));
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado', id_venda });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
  });

  it('receipt first: the report links it; claimed by someone else, saleGiven makes it contestado', async () => {
    const me = resident();
    const claimer = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    const { id_venda, codigo } = await reportSale(t, w, chave, 'codigo', { announce: true });
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'pendente', id_venda });
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(w.residentTokens.get(claimer)!),
      payload: { codigo },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    await give(sale(claimer, id_venda));
    const r = (await receiptOf(t, chave))!;
    expect(r.status).toBe('contestado');
    expect(await complaintOf(r.id_recibo)).toMatchObject({ automatica: 'S', id_venda });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).toBeNull();
  });
});

describe('the shop’s report waits for a CPF', () => {
  const setCpf = (idUsuario: number, cpf_busca: string) =>
    t.db.updateTable('usuarios').set({ cpf_busca }).where('id_usuario', '=', idUsuario).execute();

  it('report first, the sender’s CPF: pendente linked; credited to them, saleGiven credits it', async () => {
    const me = resident();
    await setCpf(me, 'a'.repeat(63) + '1');
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, { cpf_busca: 'a'.repeat(63) + '1' });
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode).toBe(201);
    expect(res.json<Recibo>()).toMatchObject({ status: 'pendente', id_venda });
    await t.db
      .updateTable('vendas')
      .set({ id_usuario: me, cpf_busca: null })
      .where('id_venda', '=', id_venda)
      .execute();
    await give(sale(me, id_venda));
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado', id_venda });
  });

  it('report first, another CPF: 409 deOutraPessoa with an automatic complaint', async () => {
    const me = resident();
    await setCpf(me, 'b'.repeat(63) + '1');
    const chave = newKey();
    const { id_venda } = await reportSale(t, w, chave, { cpf_busca: 'c'.repeat(63) + '1' });
    const res = await sendReceipt(t, w, me, { chave });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ erro: MSG_RECIBO.deOutraPessoa });
    const r = (await receiptOf(t, chave))!;
    expect(r).toMatchObject({ status: 'contestado', id_venda });
    expect(await complaintOf(r.id_recibo)).toMatchObject({ automatica: 'S' });
  });

  it('a sender without a CPF is "another person" too (409)', async () => {
    const me = resident();
    const chave = newKey();
    await reportSale(t, w, chave, { cpf_busca: 'd'.repeat(63) + '1' });
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(409);
    expect((await receiptOf(t, chave))!.status).toBe('contestado');
  });

  it('receipt first: the report with the sender’s CPF links it, with another CPF contests it', async () => {
    const me = resident();
    await setCpf(me, 'e'.repeat(63) + '1');
    const mine = newKey();
    const theirs = newKey();
    expect((await sendReceipt(t, w, me, { chave: mine })).statusCode).toBe(201);
    expect((await sendReceipt(t, w, me, { chave: theirs })).statusCode).toBe(201);
    const a = await reportSale(t, w, mine, { cpf_busca: 'e'.repeat(63) + '1' }, { announce: true });
    const b = await reportSale(t, w, theirs, { cpf_busca: 'f'.repeat(63) + '1' }, { announce: true });
    expect(await receiptOf(t, mine)).toMatchObject({ status: 'pendente', id_venda: a.id_venda });
    expect(await receiptOf(t, theirs)).toMatchObject({ status: 'contestado', id_venda: b.id_venda });
  });
});

describe('a key counts once in the programme', () => {
  it('the same key again, by its sender or by anyone, is 409 jaUsado and stores nothing more', async () => {
    const me = resident();
    const other = resident();
    const chave = newKey();
    expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    for (const who of [me, other]) {
      const res = await sendReceipt(t, w, who, { qrcode: qrOf(chave) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_RECIBO.jaUsado });
    }
    const rows = await t.db.selectFrom('recibos').select('id_usuario').where('chave', '=', chave).execute();
    expect(rows).toEqual([{ id_usuario: me }]);
  });

  it('20 residents sending one key at once: exactly one 201, the others 409 jaUsado', async () => {
    const chave = newKey();
    const senders = Array.from({ length: 20 }, () => resident());
    const answers = await Promise.all(senders.map((id) => sendReceipt(t, w, id, { chave })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toEqual({ erro: MSG_RECIBO.jaUsado });
    const rows = await t.db.selectFrom('recibos').select('id_usuario').where('chave', '=', chave).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_usuario).toBe(senders[answers.findIndex((a) => a.statusCode === 201)]);
    // Every one of them tried it (the alert "one key tried by several people").
    const tried = await t.db
      .selectFrom('recibo_tentativas')
      .select('id_usuario')
      .where('chave', '=', chave)
      .execute();
    expect(new Set(tried.map((x) => x.id_usuario))).toEqual(new Set(senders));
  });
});

describe('a receipt and the shop’s report at the same moment', () => {
  it('are decided once, whichever commits first: every receipt ends creditado, its sale confirmed', async () => {
    const cases = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const me = resident();
        const chave = newKey();
        const { id_venda } = await registerSale(t, w, me);
        return { me, chave, id_venda };
      }),
    );
    // The receipt and the report (the key written and keyReported in one transaction) together.
    await Promise.all(
      cases.flatMap(({ me, chave, id_venda }) => [
        sendReceipt(t, w, me, { chave }).then((r) => expect(r.statusCode, r.body).toBe(201)),
        writeKey(t, id_venda, chave, me, true),
      ]),
    );
    for (const { chave, id_venda } of cases) {
      expect(await receiptOf(t, chave), chave).toMatchObject({ status: 'creditado', id_venda });
      expect((await saleRow(t, id_venda)).recibo_confirmado_em, chave).not.toBeNull();
    }
  });
});

describe.runIf(dialect === 'postgres')('the key’s lock, step by step (PostgreSQL)', () => {
  /** A promise and its resolver. */
  const gate = () => {
    let open!: () => void;
    const p = new Promise<void>((r) => (open = r));
    return { p, open };
  };
  /** Waits until PostgreSQL shows a backend waiting on a lock while running `like`. */
  async function waitingOn(like: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query like ${like}`.execute(
        t.db,
      );
      if (Number(rows[0]!.n) > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`ninguém esperando em ${like}`);
  }

  it('a report decided while the receipt of its key is being written waits for it, then credits it', async () => {
    const me = resident();
    const chave = newKey();
    const { id_venda } = await registerSale(t, w, me);
    // B holds the shop's row, so the receipt's insert (its foreign key) waits after the receipt
    // has looked for the sale and found none.
    const releaseB = gate();
    const heldB = gate();
    const b = t.db.connection().execute(async (c) => {
      await sql`begin`.execute(c);
      await sql`select 1 from estabelecimentos where id_estabelecimento = ${w.shop.id_estabelecimento} for update`.execute(
        c,
      );
      heldB.open();
      await releaseB.p;
      await sql`commit`.execute(c);
    });
    await heldB.p;
    // A is the shop's report: the key written, not yet committed.
    const goA = gate();
    const wroteA = gate();
    const a = t.db.connection().execute(async (c) => {
      await sql`begin`.execute(c);
      await c.updateTable('vendas').set({ chave_nfce: chave }).where('id_venda', '=', id_venda).execute();
      wroteA.open();
      await goA.p;
      await keyReported(c, {
        id_venda,
        chave,
        id_usuario: me,
        cpf_busca: null,
        sem_comprador: false,
        at: nowIso(),
      });
      await sql`commit`.execute(c);
    });
    await wroteA.p;
    const sent = sendReceipt(t, w, me, { chave });
    await waitingOn('insert into "recibos"%');
    // The report's hook runs now: it must wait for the receipt's transaction (the key's lock).
    goA.open();
    await Promise.race([a, waitingOn('select pg_advisory_xact_lock%')]);
    releaseB.open();
    const res = await sent;
    await Promise.all([a, b]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await receiptOf(t, chave)).toMatchObject({ status: 'creditado', id_venda });
    expect((await saleRow(t, id_venda)).recibo_confirmado_em).not.toBeNull();
  });
});

describe('GET /v1/recibos', () => {
  it('shows only the caller’s receipts, newest first, paged, each key in full', async () => {
    const me = resident();
    const other = resident();
    const mine = [newKey(), newKey()];
    for (const chave of mine) expect((await sendReceipt(t, w, me, { chave })).statusCode).toBe(201);
    const theirs = newKey();
    expect((await sendReceipt(t, w, other, { chave: theirs })).statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/recibos',
      headers: bearer(w.residentTokens.get(me)!),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<Recibo[]>().map((r) => r.chave)).toEqual([mine[1], mine[0]]);
    expect(list.body).not.toContain(theirs);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/v1/recibos?pagina=2&limite=1',
      headers: bearer(w.residentTokens.get(me)!),
    });
    expect(page2.json<Recibo[]>().map((r) => r.chave)).toEqual([mine[0]]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/recibos' })).statusCode).toBe(401);
  });
});
