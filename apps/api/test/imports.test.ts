import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isValidCnpj,
  MSG_ADMIN,
  MSG_IMPORTACAO,
  type ImportacaoRecusada,
  type ImportacaoResposta,
} from '@praca/contract';
import {
  bearer,
  countRows,
  createCampaign,
  createCategory,
  createCity,
  createShop,
  createUser,
  sessionFor,
} from './factories.js';
import { useTestApp } from './helper.js';
import { cnpjOf, csv, multipart, xlsx } from './import-files.js';

/**
 * Issue 39, imports (decision 049): establishments with sellers and campaigns, and tourism
 * items, from CSV or XLSX; the preview, every row's errors by line and column, all or nothing,
 * only the valid rows; duplicates in the file and against the database; who may.
 */

const t = useTestApp({ IMPORT_MAX_BYTES: String(200 * 1024) });

let city: { cod_cidade: number; cidade: string; uf: string };
let otherCity: { cod_cidade: number };
let categoria: { id_categoria: number; categoria: string };
let campanha: number;
let takenCnpj: string;
let tokens: { admin: string; other: string; superadmin: string; consumer: string; limited: string };

const HEADER = [
  'nome',
  'cnpj',
  'categoria',
  'endereco',
  'bairro',
  'cep',
  'latitude',
  'longitude',
  'vendedores',
  'id_campanha',
  'fator_cashback',
  'fator_sorteio',
];

let seq = 1000;
const uniqueCnpj = () => cnpjOf(++seq * 7919);

type Row = Partial<Record<(typeof HEADER)[number], string | number>>;
const line = (r: Row) => HEADER.map((h) => r[h] ?? '');

const shopsNamed = (prefix: string) =>
  t.db
    .selectFrom('estabelecimentos')
    .selectAll()
    .where('nome', 'like', `${prefix}%`)
    .orderBy('id_estabelecimento')
    .execute();

function post(
  kind: 'estabelecimentos' | 'turismo',
  modo: string | undefined,
  file: Buffer | string,
  o: { token?: string; filename?: string; cod?: number; fields?: Record<string, string> } = {},
) {
  const body = multipart(file, o.filename ?? 'lojas.csv', o.fields);
  const qs = new URLSearchParams();
  if (modo) qs.set('modo', modo);
  if (o.cod !== undefined) qs.set('cod_cidade', String(o.cod));
  return t.app.inject({
    method: 'POST',
    url: `/v1/adm/importacoes/${kind}?${qs}`,
    headers: { ...(o.token === '' ? {} : bearer(o.token ?? tokens.admin)), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  city = await createCity(t.db, { cidade: 'Santos', uf: 'SP' });
  otherCity = await createCity(t.db);
  categoria = await createCategory(t.db, 'Alimentação Importada');
  ({ id_campanha: campanha } = await createCampaign(t.db, { cod_cidade: city.cod_cidade }));
  takenCnpj = uniqueCnpj();
  const existing = await createShop(t.db, { cod_cidade: otherCity.cod_cidade, nome: 'Já existe' });
  await t.db
    .updateTable('estabelecimentos')
    .set({ cnpj: takenCnpj })
    .where('id_estabelecimento', '=', existing.id_estabelecimento)
    .execute();
  await createShop(t.db, { cod_cidade: city.cod_cidade, nome: 'Padaria Antiga' });
  const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
  const token = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, o)).id_usuario);
  tokens = {
    admin: await token({ admin: true, cod_cidade: city.cod_cidade }),
    other: await token({ admin: true, cod_cidade: otherCity.cod_cidade }),
    superadmin: await token({ superadmin: true, cod_cidade: otherCity.cod_cidade }),
    consumer: await token({ cod_cidade: city.cod_cidade }),
    limited: await token({
      admin: true,
      cod_cidade: city.cod_cidade,
      estabelecimentos: [shop.id_estabelecimento],
    }),
  };
});

describe('the test files', () => {
  it('make valid CNPJs', () => {
    for (let i = 0; i < 20; i++) expect(isValidCnpj(uniqueCnpj())).toBe(true);
  });
});

describe('establishments from a CSV with good and bad rows', () => {
  const good1 = () => ({
    nome: 'Mista Boa Um',
    cnpj: uniqueCnpj(),
    categoria: 'alimentação importada',
    endereco: 'Rua A, 1',
    cep: '11010000',
    latitude: '-23,96',
    longitude: '-46.33',
    vendedores: 'Ana| Bruno |ana|Sem Vendedor',
    id_campanha: String(campanha),
    fator_cashback: '1,5',
    fator_sorteio: '0.01',
  });
  let rows: Row[];
  let file: string;
  beforeAll(() => {
    const dup = uniqueCnpj();
    rows = [
      good1(), // line 2
      { nome: 'Mista Ruim CNPJ', cnpj: '11.222.333/0001-80' }, // 3: wrong check digit
      { nome: 'Mista Ruim CEP', cep: '1101-000', latitude: '91' }, // 4: two errors
      { nome: 'Mista Ruim Categoria', categoria: 'Não existe' }, // 5
      { nome: 'Mista Boa Dois', cnpj: dup, endereco: 'Rua B, 2' }, // 6
      { nome: 'Mista Repetida', cnpj: dup }, // 7: CNPJ again in the file
      { nome: 'Mista Já Existe', cnpj: takenCnpj }, // 8: CNPJ of a shop in the database
      { nome: 'Padaria  antiga' }, // 9: name and address of a shop of the city
      { nome: '', bairro: 'Centro' }, // 10: no name
      { nome: 'Mista Campanha Alheia', id_campanha: '999999', fator_cashback: '1', fator_sorteio: '1' }, // 11
      { nome: 'Mista Sem Fator', id_campanha: String(campanha) }, // 12
    ];
    file = csv([HEADER, ...rows.map(line)]);
  });

  it('previews the rows as they will be stored and every error by line and column, storing nothing', async () => {
    const before = await countRows(t.db, 'estabelecimentos');
    const res = await post('estabelecimentos', 'previa', file, { cod: city.cod_cidade });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImportacaoResposta>();
    expect(body).toMatchObject({
      modo: 'previa',
      formato: 'csv',
      total: 11,
      validas: 2,
      invalidas: 9,
      importadas: 0,
    });
    expect(body.erros).toEqual([
      { linha: 3, coluna: 'cnpj', mensagem: MSG_ADMIN.cnpjInvalido },
      { linha: 4, coluna: 'cep', mensagem: MSG_ADMIN.cepInvalido },
      { linha: 4, coluna: 'latitude', mensagem: MSG_ADMIN.latitudeInvalida },
      { linha: 5, coluna: 'categoria', mensagem: MSG_ADMIN.categoriaNaoEncontrada },
      { linha: 7, coluna: 'cnpj', mensagem: MSG_IMPORTACAO.cnpjRepetidoArquivo.replace('{linha}', '6') },
      { linha: 8, coluna: 'cnpj', mensagem: MSG_IMPORTACAO.cnpjJaCadastrado },
      { linha: 9, coluna: 'nome', mensagem: MSG_IMPORTACAO.lojaJaCadastrada },
      { linha: 10, coluna: 'nome', mensagem: MSG_ADMIN.nomeObrigatorio },
      { linha: 11, coluna: 'id_campanha', mensagem: `${MSG_IMPORTACAO.campanhaDeOutraCidade} (999999)` },
      { linha: 12, coluna: 'fator_cashback', mensagem: MSG_IMPORTACAO.fatorObrigatorio },
      { linha: 12, coluna: 'fator_sorteio', mensagem: MSG_IMPORTACAO.fatorObrigatorio },
    ]);
    expect(body.linhas[0]).toMatchObject({
      linha: 2,
      valida: true,
      dados: {
        nome: 'Mista Boa Um',
        cnpj: rows[0]!.cnpj,
        id_categoria: categoria.id_categoria,
        categoria: categoria.categoria,
        cep: '11010-000',
        cidade: 'Santos',
        uf: 'SP',
        latitude: -23.96,
        longitude: -46.33,
        ind_ativo: 'S',
        ies_campanha: 'S',
        vendedores: ['Ana', 'Bruno'],
        campanhas: [{ id_campanha: campanha, fator_cashback: 1.5, fator_sorteio: 0.01 }],
      },
    });
    expect(body.linhas[1]).toMatchObject({ linha: 3, valida: false });
    expect(await countRows(t.db, 'estabelecimentos')).toBe(before);
  });

  it('tudo stores nothing when any row has an error (422 with the errors)', async () => {
    const before = await countRows(t.db, 'estabelecimentos');
    const res = await post('estabelecimentos', 'tudo', file, { cod: city.cod_cidade });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<ImportacaoRecusada>();
    expect(body.erro).toBe(MSG_IMPORTACAO.comErros.replace('{n}', '9'));
    expect(body.erros).toHaveLength(11);
    expect(body.importadas).toBe(0);
    expect(await countRows(t.db, 'estabelecimentos')).toBe(before);
    expect(await shopsNamed('Mista')).toEqual([]);
  });

  it('validas stores the valid rows only, with sellers and campaign, and one audit entry', async () => {
    const res = await post('estabelecimentos', 'validas', file, { cod: city.cod_cidade });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ImportacaoResposta>();
    expect(body).toMatchObject({ importadas: 2, validas: 2, invalidas: 9 });
    expect(body.erros).toHaveLength(11);
    const stored = await shopsNamed('Mista');
    expect(stored.map((s) => s.nome)).toEqual(['Mista Boa Um', 'Mista Boa Dois']);
    expect(body.ids).toEqual(stored.map((s) => s.id_estabelecimento));
    expect(stored[0]).toMatchObject({
      cod_cidade: city.cod_cidade,
      cnpj: rows[0]!.cnpj,
      cep: '11010-000',
      cidade: 'Santos',
      id_categoria: categoria.id_categoria,
      ies_campanha: 'S',
      ind_ativo: 'S',
    });
    const sellers = await t.db
      .selectFrom('vendedores')
      .select('nome_vendedor')
      .where('id_estabelecimento', '=', stored[0]!.id_estabelecimento)
      .orderBy('nome_vendedor')
      .execute();
    expect(sellers.map((s) => s.nome_vendedor)).toEqual(['Ana', 'Bruno']);
    const part = await t.db
      .selectFrom('campanha_estabelecimentos')
      .selectAll()
      .where('id_estabelecimento', 'in', body.ids)
      .execute();
    expect(part).toEqual([
      {
        id_campanha: campanha,
        id_estabelecimento: stored[0]!.id_estabelecimento,
        fator_cashback_e4: 15000,
        fator_sorteio_e4: 100,
      },
    ]);
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'entidade', 'depois'])
      .where('acao', '=', 'importar')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entidade: 'estabelecimento' });
    expect(JSON.parse(audit[0]!.depois ?? '{}')).toMatchObject({
      arquivo: 'lojas.csv',
      modo: 'validas',
      linhas: 11,
      importadas: 2,
      ignoradas: 9,
    });
    // The shop shows in the admin's list at once.
    const list = await t.app.inject({
      url: `/v1/adm/estabelecimentos/${stored[0]!.id_estabelecimento}`,
      headers: bearer(tokens.admin),
    });
    expect(list.json()).toMatchObject({ vendedores: [{ nome_vendedor: 'Ana' }, { nome_vendedor: 'Bruno' }] });
  });

  it('the same file again: the shops already stored are duplicates now', async () => {
    const res = await post('estabelecimentos', 'previa', file, { cod: city.cod_cidade });
    const body = res.json<ImportacaoResposta>();
    expect(body.validas).toBe(0);
    expect(body.erros).toContainEqual({
      linha: 2,
      coluna: 'cnpj',
      mensagem: MSG_IMPORTACAO.cnpjJaCadastrado,
    });
    expect(body.erros).toContainEqual({
      linha: 2,
      coluna: 'nome',
      mensagem: MSG_IMPORTACAO.lojaJaCadastrada,
    });
    const again = await post('estabelecimentos', 'validas', file, { cod: city.cod_cidade });
    expect(again.statusCode).toBe(422);
    expect(again.json<ImportacaoRecusada>().erro).toBe(MSG_IMPORTACAO.nenhumaValida);
  });
});

describe('all good rows, all at once', () => {
  it('tudo stores every row in one go; a comma-separated file with BOM and the city as a form field', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [
      `Lote ${i}`,
      uniqueCnpj(),
      `Rua ${i}`,
      i % 2 ? 'N' : 'Sim',
    ]);
    const file = `\uFEFF${csv([['Nome', 'CNPJ', 'Endereço', 'Ativo', 'Coluna Estranha'], ...rows], ',')}`;
    const res = await post('estabelecimentos', 'tudo', file, {
      fields: { cod_cidade: String(city.cod_cidade) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ImportacaoResposta>();
    expect(body).toMatchObject({ total: 30, importadas: 30, colunas_ignoradas: ['Coluna Estranha'] });
    expect(body.colunas).toEqual(['nome', 'cnpj', 'endereco', 'ind_ativo']);
    const stored = await shopsNamed('Lote ');
    expect(stored).toHaveLength(30);
    expect(stored.filter((s) => s.ind_ativo === 'N')).toHaveLength(15);
    expect(new Set(stored.map((s) => s.cod_cidade))).toEqual(new Set([city.cod_cidade]));
  });

  it('a Windows-1252 file (older Excel) is read with its accents', async () => {
    const text = csv([
      ['nome', 'bairro'],
      ['Açougue Latin', 'São José'],
    ]);
    const res = await post('estabelecimentos', 'previa', Buffer.from(text, 'latin1'), {
      cod: city.cod_cidade,
    });
    expect(res.json<ImportacaoResposta>().linhas[0]?.dados).toMatchObject({
      nome: 'Açougue Latin',
      bairro: 'São José',
    });
  });
});

describe('establishments from XLSX', () => {
  it('reads number cells (a CNPJ that lost its leading zero), previews and stores', async () => {
    const cnpj = cnpjOf(1234567); // 01.234.567/0001-xx
    const digits = Number(cnpj.replace(/\D/g, ''));
    const file = await xlsx([
      ['nome', 'cnpj', 'cep', 'latitude', 'vl_min_pedido', 'vendedores'],
      ['Planilha Boa', digits, 1010000, -23.5, 12.5, 'Carla'],
      ['Planilha Ruim', 123, '', 200, '', ''],
    ]);
    const preview = await post('estabelecimentos', 'previa', file, {
      filename: 'lojas.xlsx',
      cod: city.cod_cidade,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<ImportacaoResposta>();
    expect(body).toMatchObject({ formato: 'xlsx', total: 2, validas: 1 });
    expect(body.linhas[0]?.dados).toMatchObject({
      cnpj,
      cep: '01010-000',
      latitude: -23.5,
      vl_min_pedido: 12.5,
    });
    expect(body.erros).toEqual([
      { linha: 3, coluna: 'cnpj', mensagem: MSG_ADMIN.cnpjInvalido },
      { linha: 3, coluna: 'latitude', mensagem: MSG_ADMIN.latitudeInvalida },
    ]);
    const res = await post('estabelecimentos', 'validas', file, {
      filename: 'lojas.xlsx',
      cod: city.cod_cidade,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [shop] = await shopsNamed('Planilha');
    expect(shop).toMatchObject({ nome: 'Planilha Boa', cnpj, vl_min_pedido_centavos: 1250 });
  });
});

describe('the file itself', () => {
  it('without the required column: every row refused, with the column named on line 1', async () => {
    const res = await post('estabelecimentos', 'previa', csv([['bairro'], ['Centro']]), {
      cod: city.cod_cidade,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportacaoResposta>()).toMatchObject({
      validas: 0,
      erros: [
        { linha: 1, coluna: 'nome', mensagem: MSG_IMPORTACAO.colunaObrigatoria.replace('{coluna}', 'nome') },
      ],
    });
    const tudo = await post('estabelecimentos', 'tudo', csv([['bairro'], ['Centro']]), {
      cod: city.cod_cidade,
    });
    expect(tudo.statusCode).toBe(422);
  });

  it('empty, unreadable, missing or too large: 400, 400, 415/400 and 413 with the limit', async () => {
    const empty = await post('estabelecimentos', 'previa', csv([['nome']]), { cod: city.cod_cidade });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ erro: MSG_IMPORTACAO.arquivoVazio });
    const xls = await post('estabelecimentos', 'previa', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), {
      cod: city.cod_cidade,
    });
    expect(xls.json()).toEqual({ erro: MSG_IMPORTACAO.formatoDesconhecido });
    const badZip = await post('estabelecimentos', 'previa', Buffer.from('PK\u0003\u0004lixo'), {
      cod: city.cod_cidade,
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toEqual({ erro: MSG_IMPORTACAO.arquivoIlegivel });
    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/importacoes/estabelecimentos?cod_cidade=${city.cod_cidade}`,
      headers: bearer(tokens.admin),
      payload: { nome: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const big = csv([['nome'], ...Array.from({ length: 12_000 }, (_, i) => [`Loja grande número ${i}`])]);
    const res = await post('estabelecimentos', 'tudo', big, { cod: city.cod_cidade });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ erro: MSG_IMPORTACAO.arquivoGrande.replace('{mb}', '0,2') });
  });
});

describe('who may import', () => {
  const file = () => csv([['nome'], [`Quem ${Math.random()}`]]);
  it('the admin of the city and the super-admin (any city); not another city, a consumer, nobody, an admin of some shops', async () => {
    expect((await post('estabelecimentos', 'previa', file(), { cod: city.cod_cidade })).statusCode).toBe(200);
    expect((await post('estabelecimentos', 'previa', file())).json().cod_cidade).toBe(city.cod_cidade);
    expect(
      (await post('estabelecimentos', 'previa', file(), { cod: city.cod_cidade, token: tokens.superadmin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('estabelecimentos', 'tudo', file(), { cod: city.cod_cidade, token: tokens.other }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post('estabelecimentos', 'tudo', file(), {
          fields: { cod_cidade: String(city.cod_cidade) },
          token: tokens.other,
        })
      ).statusCode,
    ).toBe(403);
    expect((await post('estabelecimentos', 'tudo', file(), { token: tokens.consumer })).statusCode).toBe(403);
    expect((await post('estabelecimentos', 'tudo', file(), { token: '' })).statusCode).toBe(401);
    const limited = await post('estabelecimentos', 'tudo', file(), { token: tokens.limited });
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toEqual({ erro: MSG_IMPORTACAO.adminLimitado });
    expect(await shopsNamed('Quem ')).toEqual([]);
  });
});

describe('templates', () => {
  it('CSV: the columns and an example row, which previews as valid', async () => {
    const res = await t.app.inject({
      url: '/v1/adm/importacoes/estabelecimentos/modelo',
      headers: bearer(tokens.admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFFnome;cnpj;categoria;')).toBe(true);
    const preview = await post('estabelecimentos', 'previa', res.rawPayload, { cod: city.cod_cidade });
    expect(preview.json<ImportacaoResposta>()).toMatchObject({ total: 1, validas: 1, erros: [] });
  });

  it('XLSX opens with the library, the columns as text, and an instructions sheet', async () => {
    const res = await t.app.inject({
      url: '/v1/adm/importacoes/turismo/modelo?formato=xlsx',
      headers: bearer(tokens.admin),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Modelo', 'Instruções']);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'descricao',
      'tipo',
      'url_foto',
      'url_site',
      'ind_ativo',
      'latitude',
      'longitude',
      'validade_ate',
    ]);
    const preview = await post('turismo', 'previa', res.rawPayload, {
      cod: city.cod_cidade,
      filename: 'm.xlsx',
    });
    expect(preview.json<ImportacaoResposta>()).toMatchObject({ total: 1, validas: 1 });
  });

  it('a consumer gets 403', async () => {
    const res = await t.app.inject({
      url: '/v1/adm/importacoes/estabelecimentos/modelo',
      headers: bearer(tokens.consumer),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('tourism items', () => {
  it('type by number or name, validity dd/mm/aaaa, duplicates; validas stores the valid ones', async () => {
    const file = csv([
      ['descricao', 'tipo', 'validade_ate', 'url_site'],
      ['Turismo Museu', 'Locais', '31/12/2030', 'https://museu.example'],
      ['Turismo Hotel', '1', '', ''],
      ['Turismo Museu', '0', '', ''], // duplicate of line 2
      ['Turismo Sem Tipo', '', '', ''],
      ['Turismo Tipo Ruim', '9', '', ''],
      ['Turismo Data Ruim', '2', '31/02/2030', 'javascript:alert(1)'],
    ]);
    const preview = await post('turismo', 'previa', file, { cod: city.cod_cidade });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<ImportacaoResposta>();
    expect(body.linhas[0]?.dados).toMatchObject({
      descricao: 'Turismo Museu',
      tipo: 0,
      validade_ate: '2030-12-31',
    });
    expect(body.erros.map((e) => [e.linha, e.coluna])).toEqual([
      [4, 'descricao'],
      [5, 'tipo'],
      [6, 'tipo'],
      [7, 'url_site'],
      [7, 'validade_ate'],
    ]);
    const res = await post('turismo', 'validas', file, { cod: city.cod_cidade });
    expect(res.statusCode, res.body).toBe(201);
    const items = await t.db
      .selectFrom('turismo')
      .select(['descricao', 'tipo', 'validade_ate', 'cod_cidade'])
      .where('descricao', 'like', 'Turismo %')
      .orderBy('id_turismo')
      .execute();
    expect(items).toEqual([
      { descricao: 'Turismo Museu', tipo: 0, validade_ate: '2030-12-31', cod_cidade: city.cod_cidade },
      { descricao: 'Turismo Hotel', tipo: 1, validade_ate: null, cod_cidade: city.cod_cidade },
    ]);
    const consumers = await t.app.inject({ url: `/v1/turismo?cod_cidade=${city.cod_cidade}` });
    expect(consumers.json().map((i: { descricao: string }) => i.descricao)).toContain('Turismo Hotel');
  });
});
