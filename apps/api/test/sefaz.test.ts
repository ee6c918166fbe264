import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digitoChave,
  MSG_RECIBO,
  textoReciboCancelado,
  TITULO_RECIBO_CANCELADO,
  type StatusRecibo,
} from '@praca/contract';
import { loadConfig } from '../src/config.js';
import { nowIso, today } from '../src/lib/clock.js';
import {
  consultarSefaz,
  lerRespostaSefaz,
  SEFAZ_CONTRATO_VERSAO,
  sefazFromConfig,
  type SefazConfig,
} from '../src/modules/recibos/sefaz.js';
import {
  applySefazAnswer,
  recheckReceipt,
  scheduleSefazRecheck,
  SEFAZ_JOB,
  SEFAZ_JOB_POLICY,
  SEFAZ_RECONSULTA_CREDITO_MS,
  SEFAZ_RECONSULTA_INDISPONIVEL_MS,
  sefazOnSubmit,
} from '../src/modules/recibos/sefaz-flow.js';
import { bearer, createEntity, createSellingShop } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { startSefazStub, STUB_EMITIDA_EM, type SefazStub } from './sefaz-stub.js';

/**
 * Issue 53, SEFAZ where a city has it (docs/sefaz.md): the client of the city's gateway against a
 * stub on 127.0.0.1 answering authorised, cancelled, denied, unknown, never and garbage; what
 * `POST /v1/recibos` does with each answer; and the later re-check, which undoes the credit of a
 * cancelled receipt (its sale voided as an accepted complaint voids one) unless a coupon of it
 * was drawn or is in an apuração's frozen ticket file. Receipts are written straight into
 * `recibos`, linked to sales made through the partner's route.
 */
const t = useTestApp();
let stub: SefazStub;
const opened: { close(): Promise<void> }[] = [];

/** The gateway at the stub, loopback allowed (as PUSH_ALLOW_LOOPBACK does in tests). */
function gateway(o: { timeoutMs?: number; token?: string; allowLoopback?: boolean } = {}): SefazConfig {
  const s = sefazFromConfig({
    SEFAZ_CONSULTA_URL: stub.url,
    SEFAZ_TOKEN: o.token,
    SEFAZ_TIMEOUT_MS: o.timeoutMs ?? 2_000,
    PUSH_ALLOW_LOOPBACK: o.allowLoopback ?? true,
  })!;
  opened.push(s);
  return s;
}

let serial = 0;
/** A well-formed NFC-e key of a CNPJ (São Paulo, November 2026), distinct on each call. */
function newKey(cnpj = '11222333000181'): string {
  const nnf = String(++serial + Math.floor(Math.random() * 1e6) * 1000).padStart(9, '0');
  const first43 = `352611${cnpj}65001${nnf}1${String(serial).padStart(8, '0')}`;
  return `${first43}${digitoChave(first43)}`;
}

beforeAll(async () => {
  stub = await startSefazStub();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await stub.close();
});

describe('the gateway client (consultarSefaz)', () => {
  it('asks with the contract’s request and reads each answer', async () => {
    const sefaz = gateway({ token: 'segredo-da-cidade' });
    const keys = { autorizada: newKey(), cancelada: newKey(), denegada: newKey(), inexistente: newKey() };
    stub.autorizadaCom(keys.autorizada, '1234.56', '2026-11-27T14:03:09-03:00');
    stub.set(keys.cancelada, 'cancelada');
    stub.set(keys.denegada, 'denegada');
    const before = stub.requests.length;
    expect(await consultarSefaz(sefaz, keys.autorizada)).toEqual({
      situacao: 'autorizada',
      valor_centavos: 123_456,
      emitida_em: '2026-11-27T17:03:09.000Z',
    });
    expect(await consultarSefaz(sefaz, keys.cancelada)).toEqual({
      situacao: 'cancelada',
      valor_centavos: 12_345,
      emitida_em: new Date(STUB_EMITIDA_EM).toISOString(),
    });
    expect(await consultarSefaz(sefaz, keys.denegada)).toMatchObject({ situacao: 'denegada' });
    expect(await consultarSefaz(sefaz, keys.inexistente)).toEqual({ situacao: 'inexistente' });
    const req = stub.requests[before]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/consulta');
    expect(JSON.parse(req.body)).toEqual({ chave: keys.autorizada });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['praca-sefaz-versao']).toBe('1');
    expect(SEFAZ_CONTRATO_VERSAO).toBe(1);
    expect(req.headers.authorization).toBe('Bearer segredo-da-cidade');
    // Without SEFAZ_TOKEN no Authorization is sent.
    await consultarSefaz(gateway(), keys.inexistente);
    expect(stub.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('a gateway that never answers is unavailable at SEFAZ_TIMEOUT_MS, not later', async () => {
    const key = newKey();
    stub.set(key, 'timeout');
    const started = Date.now();
    expect(await consultarSefaz(gateway({ timeoutMs: 300 }), key)).toMatchObject({
      situacao: 'indisponivel',
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_500);
  });

  it('anything out of the contract is unavailable, and it never throws', async () => {
    const sefaz = gateway();
    const key = newKey();
    const cnpj = key.slice(6, 20);
    const ok = {
      versao: 1,
      chave: key,
      situacao: 'autorizada',
      valor: '10.00',
      cnpj_emitente: cnpj,
      emitida_em: '2026-11-27T10:00:00-03:00',
    };
    const asJson = (o: unknown) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(o),
    });
    const garbage: [string, Parameters<SefazStub['set']>[1]][] = [
      ['an HTML page', 'lixo'],
      ['status 500', { status: 500, contentType: 'application/json', body: JSON.stringify(ok) }],
      ['status 404', { status: 404, body: '' }],
      ['a redirect', { status: 302, body: '' }],
      ['201', { status: 201, contentType: 'application/json', body: JSON.stringify(ok) }],
      ['text/plain', { status: 200, contentType: 'text/plain', body: JSON.stringify(ok) }],
      ['no content type', { status: 200, body: JSON.stringify(ok) }],
      ['JSON cut short', { status: 200, contentType: 'application/json', body: '{"situacao": "autori' }],
      ['not UTF-8', { status: 200, contentType: 'application/json', body: Buffer.from([0x7b, 0xff, 0x7d]) }],
      ['an array', asJson([ok])],
      ['a string', asJson('autorizada')],
      ['null', asJson(null)],
      ['an unknown situacao', asJson({ ...ok, situacao: 'AUTORIZADA' })],
      ['no situacao', asJson({ ...ok, situacao: undefined })],
      ['valor as a number', asJson({ ...ok, valor: 10 })],
      ['valor with a comma', asJson({ ...ok, valor: '10,00' })],
      ['valor with one decimal', asJson({ ...ok, valor: '10.0' })],
      ['valor negative', asJson({ ...ok, valor: '-10.00' })],
      ['autorizada without valor', asJson({ ...ok, valor: undefined })],
      ['autorizada without cnpj', asJson({ ...ok, cnpj_emitente: null })],
      ['autorizada without emitida_em', asJson({ ...ok, emitida_em: undefined })],
      ['emitida_em without offset', asJson({ ...ok, emitida_em: '2026-11-27T10:00:00' })],
      ['emitida_em not a date', asJson({ ...ok, emitida_em: '2026-13-45T99:00:00Z' })],
      ['another CNPJ', asJson({ ...ok, cnpj_emitente: '99888777000166' })],
      ['another key', asJson({ ...ok, chave: newKey() })],
      ['another version', asJson({ ...ok, versao: 2 })],
      ['cancelada with a malformed valor', asJson({ situacao: 'cancelada', valor: 'dez' })],
      [
        'too large',
        {
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ ...ok, x: 'x'.repeat(20_000) }),
        },
      ],
    ];
    for (const [what, c] of garbage) {
      stub.set(key, c);
      const r = await consultarSefaz(sefaz, key);
      expect(r.situacao, what).toBe('indisponivel');
      expect(r.valor_centavos, what).toBeUndefined();
    }
    // The same answer well formed passes (the list above fails on its one change), and null
    // fields or unknown ones are no harm.
    stub.set(key, asJson({ ...ok, extra: { a: 1 } }));
    expect(await consultarSefaz(sefaz, key)).toMatchObject({ situacao: 'autorizada', valor_centavos: 1000 });
    stub.set(key, asJson({ situacao: 'cancelada', valor: null, cnpj_emitente: null, emitida_em: null }));
    expect(await consultarSefaz(sefaz, key)).toEqual({ situacao: 'cancelada' });
    stub.set(key, { status: 200, contentType: 'Application/JSON; charset=utf-8', body: JSON.stringify(ok) });
    expect((await consultarSefaz(sefaz, key)).situacao).toBe('autorizada');
  });

  it('reads strictly without a server too (lerRespostaSefaz)', () => {
    const key = newKey();
    const read = (o: object, status = 200) =>
      lerRespostaSefaz(
        { status, contentType: 'application/json', body: Buffer.from(JSON.stringify(o)) },
        key,
      );
    const base = {
      situacao: 'autorizada',
      cnpj_emitente: key.slice(6, 20),
      emitida_em: '2026-11-01T00:00:00Z',
    };
    expect(read({ ...base, valor: '0.01' }).valor_centavos).toBe(1);
    expect(read({ ...base, valor: '99999999999.99' }).valor_centavos).toBe(9_999_999_999_999);
    expect(read({ ...base, valor: '012.00' }).situacao).toBe('indisponivel');
    expect(read({ ...base, valor: '123456789012.00' }).situacao).toBe('indisponivel');
    // A formatted CNPJ is the same CNPJ.
    const c = key.slice(6, 20);
    const formatted = `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
    expect(read({ ...base, valor: '1.00', cnpj_emitente: formatted }).situacao).toBe('autorizada');
  });

  it('goes through the outbound guard: loopback without the test switch is never contacted', async () => {
    const key = newKey();
    stub.set(key, 'autorizada');
    const before = stub.requests.length;
    const r = await consultarSefaz(gateway({ allowLoopback: false }), key);
    expect(r.situacao).toBe('indisponivel');
    expect(r.motivo).toMatch(/endereço recusado/);
    expect(stub.requests.length).toBe(before);
  });

  it('is off without SEFAZ_CONSULTA_URL; the setting must be an http(s) URL', () => {
    const base = { SEFAZ_TIMEOUT_MS: 5000, PUSH_ALLOW_LOOPBACK: false, SEFAZ_TOKEN: undefined };
    expect(sefazFromConfig({ ...base, SEFAZ_CONSULTA_URL: undefined })).toBeNull();
    const c = loadConfig({ SEFAZ_CONSULTA_URL: '' });
    expect(c.SEFAZ_CONSULTA_URL).toBeUndefined();
    expect(c.SEFAZ_TIMEOUT_MS).toBe(5000);
    expect(() => loadConfig({ SEFAZ_CONSULTA_URL: 'ftp://127.0.0.1/x' })).toThrow(/SEFAZ_CONSULTA_URL/);
    expect(() => loadConfig({ SEFAZ_CONSULTA_URL: 'sefaz' })).toThrow(/SEFAZ_CONSULTA_URL/);
    expect(() => loadConfig({ SEFAZ_TIMEOUT_MS: '0' })).toThrow(/SEFAZ_TIMEOUT_MS/);
  });
});

describe('POST /v1/recibos with SEFAZ (sefazOnSubmit)', () => {
  it('refuses cancelled, denied and unknown keys; stores authorised and unavailable ones', async () => {
    const sefaz = gateway({ timeoutMs: 300 });
    expect(await sefazOnSubmit(null, newKey())).toEqual({ consultada: false });
    for (const situacao of ['cancelada', 'denegada', 'inexistente'] as const) {
      const key = newKey();
      stub.set(key, situacao);
      expect(await sefazOnSubmit(sefaz, key)).toEqual({
        consultada: true,
        recusa: MSG_RECIBO.sefazRecusou,
        situacao,
      });
    }
    const ok = newKey();
    stub.autorizadaCom(ok, '57.90');
    const at = nowIso();
    const authorised = await sefazOnSubmit(sefaz, ok);
    expect(authorised).toEqual({
      consultada: true,
      columns: {
        sefaz_situacao: 'autorizada',
        sefaz_consultado_em: expect.any(String),
        valor_centavos: 5790,
      },
      recheck: null,
    });
    for (const c of ['timeout', 'lixo'] as const) {
      const key = newKey();
      stub.set(key, c);
      const r = await sefazOnSubmit(sefaz, key);
      expect(r).toEqual({
        consultada: true,
        columns: { sefaz_situacao: 'indisponivel', sefaz_consultado_em: expect.any(String) },
        recheck: 'indisponivel',
      });
      expect('columns' in r && r.columns.sefaz_consultado_em >= at).toBe(true);
    }
  });

  it('schedules the re-check a day after a credit, sooner after an unavailable answer', async () => {
    const calls: unknown[][] = [];
    const enqueue = async (...args: unknown[]) => void calls.push(args);
    await scheduleSefazRecheck(enqueue, t.db, 7, 'credito');
    await scheduleSefazRecheck(enqueue, t.db, 8, 'indisponivel');
    expect(calls).toEqual([
      [t.db, SEFAZ_JOB, { id_recibo: 7 }, { afterMs: SEFAZ_RECONSULTA_CREDITO_MS }],
      [t.db, SEFAZ_JOB, { id_recibo: 8 }, { afterMs: SEFAZ_RECONSULTA_INDISPONIVEL_MS }],
    ]);
    expect(SEFAZ_RECONSULTA_CREDITO_MS).toBe(24 * 3_600_000);
    // Retried while unavailable: 8 runs from 15 minutes apart.
    expect(SEFAZ_JOB_POLICY).toMatchObject({ maxAttempts: 8, backoffMs: 15 * 60_000 });
  });
});

describe(`the re-check of a stored receipt (recibo.sefaz, ${dialect})`, () => {
  let w: Awaited<ReturnType<typeof createSellingShop>>;
  let n = 0;
  const ctx = { attempt: 1, lastAttempt: false };
  const last = { attempt: 8, lastAttempt: true };
  const deps = () => ({ db: t.db, dialect, sefaz: gateway({ timeoutMs: 300 }) });

  beforeAll(async () => {
    w = await createSellingShop(t.db, ['Ana Recibo', 'Bruno Recibo']);
  });

  /** A sale of R$ 300 (3 coupons) made through the partner's route, reported with `chave`. */
  async function saleWithKey(idUsuario: number, chave: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(w.token),
      payload: w.sale(`NF-SEFAZ-${++n}`, idUsuario, 300),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ venda: { id_venda: number } }>().venda.id_venda;
    await t.db
      .updateTable('vendas')
      .set({ chave_nfce: chave, recibo_confirmado_em: nowIso() })
      .where('id_venda', '=', id)
      .execute();
    return id;
  }

  /** A receipt sent by `sender`, as the receipts module stores it. */
  async function receipt(
    sender: number,
    chave: string,
    status: StatusRecibo,
    o: { id_venda?: number; id_entidade?: number; sefaz_situacao?: string } = {},
  ): Promise<number> {
    const at = nowIso();
    const { id_recibo } = await t.db
      .insertInto('recibos')
      .values({
        chave,
        cnpj: chave.slice(6, 20),
        id_estabelecimento: w.shop.id_estabelecimento,
        cod_cidade: w.city.cod_cidade,
        id_usuario: sender,
        valor_centavos: 30_000,
        dat_emissao: '2026-11',
        dia_envio: today(),
        status,
        id_venda: o.id_venda ?? null,
        id_entidade: o.id_entidade ?? null,
        sefaz_situacao: o.sefaz_situacao ?? null,
        criado_em: at,
        atualizado_em: at,
      })
      .returning('id_recibo')
      .executeTakeFirstOrThrow();
    return Number(id_recibo);
  }

  const receiptRow = (id: number) =>
    t.db.selectFrom('recibos').selectAll().where('id_recibo', '=', id).executeTakeFirstOrThrow();
  const saleRow = (id: number) =>
    t.db
      .selectFrom('vendas')
      .select(['excluida_em', 'id_usuario'])
      .where('id_venda', '=', id)
      .executeTakeFirstOrThrow();
  const liveCoupons = async (idVenda: number) =>
    (
      await t.db
        .selectFrom('cupons')
        .select('id_cupom')
        .where('id_venda', '=', idVenda)
        .where('anulado_em', 'is', null)
        .execute()
    ).length;
  const points = async (idUsuario: number) =>
    Number(
      (
        await t.db
          .selectFrom('saldos')
          .select('pontos_e6')
          .where('id_usuario', '=', idUsuario)
          .where('id_campanha', '=', w.id_campanha)
          .executeTakeFirst()
      )?.pontos_e6 ?? 0,
    );
  const notices = (idUsuario: number) =>
    t.db
      .selectFrom('usuario_notificacoes')
      .select(['title', 'body'])
      .where('id_usuario', '=', idUsuario)
      .where('title', '=', TITULO_RECIBO_CANCELADO)
      .execute();
  const audits = (acao: string, entidade: string, id: number) =>
    t.db
      .selectFrom('auditoria')
      .select(['id_usuario', 'antes', 'depois'])
      .where('acao', '=', acao)
      .where('entidade', '=', entidade)
      .where('id_entidade', '=', String(id))
      .execute();

  it('a credited receipt SEFAZ cancelled: its sale voided, the receipt cancelled, audited, the holder told; once', async () => {
    const [ana] = w.people;
    const key = newKey();
    const idVenda = await saleWithKey(ana!, key);
    const id = await receipt(ana!, key, 'creditado', { id_venda: idVenda, sefaz_situacao: 'autorizada' });
    const before = await points(ana!);
    expect(await liveCoupons(idVenda)).toBe(3);
    stub.set(key, 'cancelada');

    expect(await recheckReceipt(deps(), { id_recibo: id }, ctx)).toEqual({
      efeito: 'cancelado',
      id_venda_estornada: idVenda,
    });
    expect(await receiptRow(id)).toMatchObject({ status: 'cancelado', sefaz_situacao: 'cancelada' });
    expect((await saleRow(idVenda)).excluida_em).not.toBeNull();
    expect(await liveCoupons(idVenda)).toBe(0);
    expect(before - (await points(ana!))).toBe(3_000_000);
    const [entry] = await audits('cancelar_recibo', 'recibo', id);
    expect(entry).toMatchObject({ id_usuario: null });
    expect(JSON.parse(entry!.depois!)).toEqual({
      status: 'cancelado',
      sefaz_situacao: 'cancelada',
      id_venda_estornada: idVenda,
    });
    const [voided] = await audits('excluir', 'venda', idVenda);
    expect(voided).toMatchObject({ id_usuario: null });
    expect(JSON.parse(voided!.depois!)).toMatchObject({ motivo: 'nota cancelada pela SEFAZ' });
    expect(await notices(ana!)).toEqual([
      { title: TITULO_RECIBO_CANCELADO, body: textoReciboCancelado(w.shop.nome, { creditoDesfeito: true }) },
    ]);

    // Run again (a job re-run): nothing more happens.
    expect(await recheckReceipt(deps(), { id_recibo: id }, ctx)).toEqual({ efeito: 'nada' });
    await t.db.transaction().execute(async (trx) => {
      expect(await applySefazAnswer(trx, { dialect }, id, { situacao: 'cancelada' })).toEqual({
        efeito: 'nada',
      });
    });
    expect(await audits('cancelar_recibo', 'recibo', id)).toHaveLength(1);
    expect(await notices(ana!)).toHaveLength(1);
    expect(before - (await points(ana!))).toBe(3_000_000);
  });

  it('re-checks of one receipt at once cancel it once (the receipt’s row is locked)', async () => {
    const [ana] = w.people;
    const key = newKey();
    const idVenda = await saleWithKey(ana!, key);
    const id = await receipt(ana!, key, 'creditado', { id_venda: idVenda });
    const before = await points(ana!);
    const told = (await notices(ana!)).length;
    stub.set(key, 'cancelada');
    const effects = await Promise.all(
      Array.from({ length: 6 }, () => recheckReceipt(deps(), { id_recibo: id }, ctx)),
    );
    expect(effects.filter((e) => e.efeito === 'cancelado')).toHaveLength(1);
    expect(effects.filter((e) => e.efeito === 'nada')).toHaveLength(5);
    expect(before - (await points(ana!))).toBe(3_000_000);
    expect(await audits('cancelar_recibo', 'recibo', id)).toHaveLength(1);
    expect(await audits('excluir', 'venda', idVenda)).toHaveLength(1);
    expect(await notices(ana!)).toHaveLength(told + 1);
  });

  it('denied or unknown a day later is cancelled alike', async () => {
    const [, bruno] = w.people;
    for (const situacao of ['denegada', 'inexistente'] as const) {
      const key = newKey();
      const idVenda = await saleWithKey(bruno!, key);
      const id = await receipt(bruno!, key, 'creditado', { id_venda: idVenda });
      stub.set(key, situacao);
      expect((await recheckReceipt(deps(), { id_recibo: id }, ctx)).efeito).toBe('cancelado');
      expect(await receiptRow(id)).toMatchObject({ status: 'cancelado', sefaz_situacao: situacao });
      expect((await saleRow(idVenda)).excluida_em).not.toBeNull();
    }
  });

  it('authorised: the answer and SEFAZ’s value recorded, nothing else changes', async () => {
    const [ana] = w.people;
    const key = newKey();
    const idVenda = await saleWithKey(ana!, key);
    const id = await receipt(ana!, key, 'creditado', { id_venda: idVenda });
    stub.autorizadaCom(key, '299.90');
    expect(await recheckReceipt(deps(), { id_recibo: id }, ctx)).toEqual({
      efeito: 'registrada',
      situacao: 'autorizada',
    });
    const row = await receiptRow(id);
    expect(row).toMatchObject({ status: 'creditado', sefaz_situacao: 'autorizada', valor_centavos: 29_990 });
    expect(row.sefaz_consultado_em).not.toBeNull();
    expect((await saleRow(idVenda)).excluida_em).toBeNull();
  });

  it('unavailable: the job is retried (it throws), and on its last run the receipt stays as it was', async () => {
    const [ana] = w.people;
    const key = newKey();
    const idVenda = await saleWithKey(ana!, key);
    const id = await receipt(ana!, key, 'creditado', { id_venda: idVenda, sefaz_situacao: 'autorizada' });
    stub.set(key, 'lixo');
    await expect(recheckReceipt(deps(), { id_recibo: id }, ctx)).rejects.toThrow(/SEFAZ indisponível/);
    // The last run: an earlier real answer is not overwritten by "unavailable".
    expect(await recheckReceipt(deps(), { id_recibo: id }, last)).toEqual({ efeito: 'nada' });
    expect(await receiptRow(id)).toMatchObject({ status: 'creditado', sefaz_situacao: 'autorizada' });
    // Stored while unavailable, still unavailable at the end: recorded so.
    const other = newKey();
    const idOther = await receipt(ana!, other, 'pendente', { sefaz_situacao: 'indisponivel' });
    stub.set(other, 'timeout');
    expect(await recheckReceipt(deps(), { id_recibo: idOther }, last)).toEqual({
      efeito: 'registrada',
      situacao: 'indisponivel',
    });
    expect(await receiptRow(idOther)).toMatchObject({ status: 'pendente', sefaz_situacao: 'indisponivel' });
    expect((await saleRow(idVenda)).excluida_em).toBeNull();
  });

  it('a coupon drawn, or one in an apuração’s frozen ticket file, keeps the credit', async () => {
    const [ana, bruno] = w.people;
    // Drawn.
    const k1 = newKey();
    const v1 = await saleWithKey(ana!, k1);
    await t.db.updateTable('cupons').set({ sorteado_em: nowIso() }).where('id_venda', '=', v1).execute();
    const r1 = await receipt(ana!, k1, 'creditado', { id_venda: v1, sefaz_situacao: 'autorizada' });
    stub.set(k1, 'cancelada');
    expect(await recheckReceipt(deps(), { id_recibo: r1 }, ctx)).toEqual({
      efeito: 'mantido',
      motivo: 'sorteado',
    });
    expect(await receiptRow(r1)).toMatchObject({ status: 'creditado', sefaz_situacao: 'cancelada' });
    expect((await saleRow(v1)).excluida_em).toBeNull();
    expect(await liveCoupons(v1)).toBe(3);

    // Frozen: an apuração of the campaign scheduled with every coupon up to now in its file.
    const k2 = newKey();
    const v2 = await saleWithKey(bruno!, k2);
    const numbers = await t.db
      .selectFrom('cupons')
      .select('numero')
      .where('id_campanha', '=', w.id_campanha)
      .execute();
    await t.db
      .insertInto('apuracoes')
      .values({
        id_campanha: w.id_campanha,
        concurso: 7100 + ++n,
        data_concurso: today(),
        instante_concurso: `${today()}T22:00:00.000Z`,
        qtd_premios: 1,
        mloja: 'S',
        musuario: 'S',
        status: 'agendada',
        hash_bilhetes: 'ab'.repeat(32),
        qtd_bilhetes: numbers.length,
        maior_numero: Math.max(...numbers.map((k) => Number(k.numero))),
        arquivo: 'x',
        congelado_em: nowIso(),
      })
      .execute();
    const r2 = await receipt(bruno!, k2, 'creditado', { id_venda: v2 });
    stub.set(k2, 'cancelada');
    const bruno0 = await points(bruno!);
    const told = (await notices(bruno!)).length;
    expect(await recheckReceipt(deps(), { id_recibo: r2 }, ctx)).toEqual({
      efeito: 'mantido',
      motivo: 'congelado',
    });
    expect(await receiptRow(r2)).toMatchObject({ status: 'creditado', sefaz_situacao: 'cancelada' });
    expect((await saleRow(v2)).excluida_em).toBeNull();
    expect(await points(bruno!)).toBe(bruno0);
    expect(await audits('cancelar_recibo', 'recibo', r2)).toEqual([]);
    expect(await notices(bruno!)).toHaveLength(told);
  });

  it('a donated receipt: the entity’s sale voided, the donor and the entity told', async () => {
    const [ana] = w.people;
    const entity = await createEntity(t.db, w.city.cod_cidade);
    const key = newKey();
    const idVenda = await saleWithKey(entity.account.id_usuario, key);
    const id = await receipt(ana!, key, 'doado', { id_venda: idVenda, id_entidade: entity.id_entidade });
    const donorNotices = (await notices(ana!)).length;
    stub.set(key, 'cancelada');
    expect(await recheckReceipt(deps(), { id_recibo: id }, ctx)).toEqual({
      efeito: 'cancelado',
      id_venda_estornada: idVenda,
    });
    expect((await saleRow(idVenda)).excluida_em).not.toBeNull();
    expect((await notices(ana!)).slice(donorNotices)).toEqual([
      {
        title: TITULO_RECIBO_CANCELADO,
        body: textoReciboCancelado(w.shop.nome, { creditoDesfeito: true, doada: true }),
      },
    ]);
    expect(await notices(entity.account.id_usuario)).toEqual([
      { title: TITULO_RECIBO_CANCELADO, body: textoReciboCancelado(w.shop.nome, { creditoDesfeito: true }) },
    ]);
  });

  it('a pending receipt is cancelled with nothing to undo; a contested or expired one only records the answer', async () => {
    const [, bruno] = w.people;
    const pending = newKey();
    const idPending = await receipt(bruno!, pending, 'pendente');
    stub.set(pending, 'cancelada');
    expect(await recheckReceipt(deps(), { id_recibo: idPending }, ctx)).toEqual({
      efeito: 'cancelado',
      id_venda_estornada: null,
    });
    expect(await receiptRow(idPending)).toMatchObject({ status: 'cancelado', sefaz_situacao: 'cancelada' });
    expect((await notices(bruno!)).at(-1)).toEqual({
      title: TITULO_RECIBO_CANCELADO,
      body: textoReciboCancelado(w.shop.nome, { creditoDesfeito: false }),
    });

    for (const status of ['contestado', 'expirado'] as const) {
      const key = newKey();
      const id = await receipt(bruno!, key, status);
      stub.set(key, 'cancelada');
      expect(await recheckReceipt(deps(), { id_recibo: id }, ctx)).toEqual({
        efeito: 'registrada',
        situacao: 'cancelada',
      });
      expect(await receiptRow(id)).toMatchObject({ status, sefaz_situacao: 'cancelada' });
      expect(await audits('cancelar_recibo', 'recibo', id)).toEqual([]);
    }
    // An unknown receipt: nothing.
    expect(await recheckReceipt(deps(), { id_recibo: 987_654 }, ctx)).toEqual({ efeito: 'nada' });
  });
});
