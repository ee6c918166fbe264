import { maskCpf } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { now } from '../src/lib/clock.js';
import { CPF_CREDIT_JOB } from '../src/modules/sales/service.js';
import { bearer, createSellingShop, createUser, newCpf, sessionFor } from './factories.js';
import { useTestApp, type TestApp } from './helper.js';

/**
 * Issue 52, "a partner or POS key learns nothing about a CPF that it could not learn at the
 * counter": a sale given by CPF shows to its partner as it was given, waiting for that CPF,
 * whether the job behind the answer credited it or not (list, one sale, exports, the QR
 * endpoint: the same bytes). Admins see the recipient. An edit that names no recipient keeps
 * the sale's state: credited to the CPF's holder (with the new points), or still waiting.
 */

type Shop = Awaited<ReturnType<typeof createSellingShop>>;

async function prove(t: TestApp, id_usuario: number, cpf: string) {
  await t.db
    .updateTable('usuarios')
    .set({
      cpf_busca: t.app.cpf.lookup(cpf),
      cpf_cifrado: t.app.cpf.seal(cpf),
      cpf_situacao: 'comprovado',
      cpf_definido_em: now().toISOString(),
    })
    .where('id_usuario', '=', id_usuario)
    .execute();
}

async function saleByCpf(t: TestApp, s: Shop, numero: string, cpf: string, valor = 300) {
  const { id_usuario: _none, ...body } = s.sale(numero, -1, valor);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(s.token),
    payload: { ...body, cpf },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id_venda: number }>().id_venda;
}

/** What the partner can read of its shop's sales, each as the bytes it gets. */
async function partnerViews(t: TestApp, s: Shop, idVenda: number, q = '') {
  const e = s.shop.id_estabelecimento;
  const urls = [
    `/v1/parceiro/vendas?id_estabelecimento=${e}&limite=100${q}`,
    `/v1/parceiro/vendas/${e}/${idVenda}`,
    `/v1/parceiro/vendas/${e}/${idVenda}/qrcode`,
    `/v1/parceiro/vendas?id_estabelecimento=${e}&formato=csv${q}`,
  ];
  const out: Record<string, { status: number; body: string; total?: string }> = {};
  for (const url of urls) {
    const res = await t.app.inject({ url, headers: bearer(s.token) });
    out[url] = { status: res.statusCode, body: res.body, total: res.headers['x-total-count'] as string };
  }
  return out;
}

/** The partner's XLSX export as a spreadsheet shows it (its file's dates aside). */
async function xlsxCells(t: TestApp, s: Shop): Promise<string[][]> {
  const file = await t.app.inject({
    url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}&formato=xlsx`,
    headers: bearer(s.token),
  });
  expect(file.statusCode).toBe(200);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).map((v) => String(v))));
  return rows;
}

const creditedTo = (t: TestApp, idVenda: number) =>
  t.db
    .selectFrom('vendas')
    .select(['id_usuario', 'cpf_busca', 'cpf_mascara', 'pontos_e6'])
    .where('id_venda', '=', idVenda)
    .executeTakeFirstOrThrow();

describe('a sale given by CPF, as its partner sees it (issue 52)', () => {
  const t = useTestApp();

  it('shows the same bytes before and after the job credits it; admins see the recipient', async () => {
    const s = await createSellingShop(t.db, ['Maria da Silva Santos']);
    const maria = s.people[0]!;
    const cpf = newCpf();
    const id = await saleByCpf(t, s, 'CPF-VISTA-1', cpf, 300);
    await t.app.jobs.idle();
    expect((await creditedTo(t, id)).id_usuario).toBeNull();
    const before = await partnerViews(t, s, id);
    const searchBefore = await partnerViews(t, s, id, '&q=maria');
    const xlsxBefore = await xlsxCells(t, s);
    // The CPF proven by Maria: the job behind a sale credits its waiting sales.
    await prove(t, maria, cpf);
    await t.app.jobs.enqueue(t.db, CPF_CREDIT_JOB, { id_venda: id, ip: '127.0.0.1' });
    await t.app.jobs.idle();
    const row = await creditedTo(t, id);
    expect(row).toMatchObject({ id_usuario: maria, cpf_busca: null, cpf_mascara: maskCpf(cpf) });
    expect(await partnerViews(t, s, id)).toEqual(before);
    expect(await partnerViews(t, s, id, '&q=maria')).toEqual(searchBefore);
    const one = JSON.parse(before[`/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${id}`]!.body);
    expect(one).toMatchObject({
      id_usuario: -1,
      nomeusuarios: '',
      pendente: true,
      pendente_cpf: true,
      cpf: maskCpf(cpf),
      cupons: 0,
    });
    expect(one).not.toHaveProperty('cpf_motivo');
    expect(await xlsxCells(t, s)).toEqual(xlsxBefore);
    expect(xlsxBefore[1]).toContain('Sim');
    // The city's admin sees who took it.
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const asAdmin = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}&limite=100`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
    });
    const [v] = asAdmin.json<{ id_usuario: number; nomeusuarios: string; pendente: boolean }[]>();
    expect(v).toMatchObject({ id_usuario: maria, nomeusuarios: 'Maria da Silva Santos', pendente: false });
  });

  it('an edit naming no recipient keeps a credited sale with its holder, with the new points, and a waiting one waiting', async () => {
    const s = await createSellingShop(t.db, ['Joana Pereira Lima']);
    const joana = s.people[0]!;
    const cpf = newCpf();
    await prove(t, joana, cpf);
    const credited = await saleByCpf(t, s, 'CPF-EDIT-1', cpf, 300);
    const waiting = await saleByCpf(t, s, 'CPF-EDIT-2', newCpf(), 300);
    await t.app.jobs.idle();
    const old = await creditedTo(t, credited);
    expect(old.id_usuario).toBe(joana);
    const balance = () =>
      t.db
        .selectFrom('saldos')
        .select('pontos_e6')
        .where('id_usuario', '=', joana)
        .where('id_campanha', '=', s.id_campanha)
        .executeTakeFirst();
    const edit = async (id: number, numero: string, valor: number) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/parceiro/vendas/${id}`,
        headers: bearer(s.token),
        payload: s.sale(numero, -1, valor),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const shown = await edit(credited, 'CPF-EDIT-1', 500);
    expect(shown).toMatchObject({ id_usuario: -1, pendente: true, pendente_cpf: true, cpf: maskCpf(cpf) });
    const after = await creditedTo(t, credited);
    expect(after.id_usuario).toBe(joana);
    expect(Number(after.pontos_e6)).toBeGreaterThan(Number(old.pontos_e6));
    expect(Number((await balance())?.pontos_e6)).toBe(Number(after.pontos_e6));
    const w = await edit(waiting, 'CPF-EDIT-2', 700);
    expect(w).toMatchObject({ id_usuario: -1, pendente: true, pendente_cpf: true });
    const stillWaiting = await creditedTo(t, waiting);
    expect(stillWaiting.id_usuario).toBeNull();
    expect(stillWaiting.cpf_busca).not.toBeNull();
  });
});
