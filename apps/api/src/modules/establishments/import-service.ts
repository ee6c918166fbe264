import type { Insertable, Kysely } from 'kysely';
import {
  DEFAULT_SELLER_NAME,
  ESTABELECIMENTO_COLUNAS,
  EstabelecimentoBody,
  FatorSchema,
  IMPORT_LIST_SEPARATOR,
  MSG_ADMIN,
  MSG_IMPORTACAO,
  NomeVendedorSchema,
  cnpjDaChave,
} from '@praca/contract';
import type { Database, EstabelecimentosTable } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { reaisToCents, toE4 } from '../coupons/units.js';
import type { Cell } from '../imports/file-reader.js';
import {
  dupKey,
  simNao,
  textOf,
  type CheckedRow,
  type ImportKind,
  type RawRow,
  type RowProblem,
} from '../imports/kind.js';
import * as repo from './import-repository.js';

/**
 * Establishments from a file (issue 39, decision 049): each row is the admin editor's body
 * (EstabelecimentoBody: CNPJ check digits, CEP, UF, coordinates, money, links, lengths), plus
 * its sellers and its campaigns of the import's city with their factors. The database is asked
 * once per file (categories, the city's campaigns, the file's CNPJs, the city's names and
 * addresses), never once per row. A shop is a duplicate when its CNPJ is another's (any city),
 * or its name and address are another's in the city, in the file or in the database. Issue 53:
 * the CNPJ is also the shop's first in its CNPJ list (a CNPJ any shop's list holds is taken),
 * and a row that joins a campaign requiring the receipt's key needs one.
 */

interface Participation {
  id_campanha: number;
  fator_cashback_e4: number;
  fator_sorteio_e4: number;
}

export interface ShopPlan {
  shop: Insertable<EstabelecimentosTable>;
  vendedores: string[];
  campanhas: Participation[];
}

/** Other spellings of the columns' names (folded). */
const ALIASES: Record<string, string> = {
  nome_do_estabelecimento: 'nome',
  estabelecimento: 'nome',
  id_categoria: 'categoria',
  whatsapp: 'whatsup',
  whats: 'whatsup',
  celular: 'whatsup',
  fone: 'telefone',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  foto: 'url_foto',
  logo: 'url_logo',
  pedido_minimo: 'vl_min_pedido',
  taxa_entrega: 'vl_taxa_entrega',
  taxa_de_entrega: 'vl_taxa_entrega',
  ativo: 'ind_ativo',
  participa_de_campanhas: 'ies_campanha',
  vendedor: 'vendedores',
  campanha: 'id_campanha',
  campanhas: 'id_campanha',
  cashback: 'fator_cashback',
  sorteio: 'fator_sorteio',
};

const TEXT_COLUMNS = [
  'nome',
  'endereco',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'cep',
  'telefone',
  'whatsup',
  'site',
  'url_foto',
  'url_logo',
  'cnpj',
] as const;

/** A number cell of XLSX as the digits it stood for (leading zeros a number cell dropped). */
const digits = (c: Cell, length: number): string =>
  typeof c === 'number' && Number.isInteger(c) && c >= 0 ? String(c).padStart(length, '0') : textOf(c);

/** A decimal cell: numbers as JavaScript writes them, text as typed ('' stays ''). */
const decimalText = (c: Cell): string => textOf(c).trim();

const list = (c: Cell): string[] =>
  textOf(c)
    .split(IMPORT_LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');

const fold = (s: string) => dupKey(s);
const nameKey = (nome: string, endereco: string) => dupKey(nome, endereco);

interface Lookups {
  categorias: { byId: Map<number, string>; byName: Map<string, { id: number; nome: string }> };
  campanhas: Map<number, string>;
  /** Issue 53: the city's campaigns that require the receipt's key. */
  exigemNfce: Set<number>;
  /** Of the file's CNPJs, those some shop holds, in its list or as its main one (`cnpjDaChave` form). */
  cnpjsTaken: Set<string>;
  namesTaken: Set<string>;
}

async function lookups(db: Kysely<Database>, codCidade: number, cnpjs: string[]): Promise<Lookups> {
  const [cats, camps, taken, takenMain, names] = await Promise.all([
    repo.allCategories(db),
    repo.cityCampaigns(db, codCidade),
    repo.takenCnpjs(db, cnpjs.map(cnpjDaChave)),
    repo.takenMainCnpjs(db, cnpjs),
    repo.cityShopNames(db, codCidade),
  ]);
  return {
    categorias: {
      byId: new Map(cats.map((c) => [c.id_categoria, c.categoria])),
      byName: new Map(cats.map((c) => [fold(c.categoria), { id: c.id_categoria, nome: c.categoria }])),
    },
    campanhas: new Map(camps.map((c) => [c.id_campanha, c.den_campanha])),
    exigemNfce: new Set(camps.filter((c) => c.exige_nfce === 'S').map((c) => c.id_campanha)),
    cnpjsTaken: new Set([...taken, ...takenMain]),
    namesTaken: new Set(names.map((n) => nameKey(n.nome, n.endereco))),
  };
}

/** The body the admin editor would send for this row (without category and campaigns). */
function bodyOf(v: Record<string, Cell>, problems: RowProblem[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const col of TEXT_COLUMNS) body[col] = textOf(v[col]);
  body.cnpj = digits(v.cnpj ?? '', 14);
  body.cep = digits(v.cep ?? '', 8);
  for (const col of ['latitude', 'longitude'] as const) body[col] = decimalText(v[col] ?? '');
  for (const col of ['vl_min_pedido', 'vl_taxa_entrega'] as const) {
    const t = decimalText(v[col] ?? '');
    if (t !== '') body[col] = t;
  }
  for (const col of ['ind_ativo', 'ies_campanha'] as const) {
    const flag = simNao(v[col]);
    if (flag === null) problems.push({ coluna: col, mensagem: MSG_IMPORTACAO.simNaoInvalido });
    else if (flag !== '') body[col] = flag;
  }
  return body;
}

/** The row's sellers: trimmed, each once (any case), without 'Sem Vendedor' (always offered). */
function sellersOf(c: Cell, problems: RowProblem[]): string[] {
  const seen = new Set<string>([fold(DEFAULT_SELLER_NAME)]);
  const out: string[] = [];
  for (const nome of list(c)) {
    const parsed = NomeVendedorSchema.safeParse(nome);
    if (!parsed.success) {
      problems.push({
        coluna: 'vendedores',
        mensagem: parsed.error.issues[0]?.message ?? MSG_ADMIN.vendedorObrigatorio,
      });
      continue;
    }
    const key = fold(parsed.data);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(parsed.data);
  }
  if (out.length > 200) problems.push({ coluna: 'vendedores', mensagem: MSG_IMPORTACAO.vendedoresDemais });
  return out;
}

function campaignsOf(
  v: Record<string, Cell>,
  known: Map<number, string>,
  problems: RowProblem[],
): { plan: Participation[]; shown: Record<string, unknown>[] } {
  const ids: number[] = [];
  for (const t of list(v.id_campanha ?? '')) {
    const id = Number(t);
    if (!/^\d+$/.test(t) || !Number.isSafeInteger(id) || id <= 0) {
      problems.push({ coluna: 'id_campanha', mensagem: MSG_IMPORTACAO.campanhaInvalida });
      return { plan: [], shown: [] };
    }
    if (!known.has(id)) {
      problems.push({ coluna: 'id_campanha', mensagem: `${MSG_IMPORTACAO.campanhaDeOutraCidade} (${id})` });
      return { plan: [], shown: [] };
    }
    if (!ids.includes(id)) ids.push(id);
  }
  const factor = (col: 'fator_cashback' | 'fator_sorteio'): number | undefined => {
    const t = decimalText(v[col] ?? '');
    if (t === '') {
      if (ids.length > 0) problems.push({ coluna: col, mensagem: MSG_IMPORTACAO.fatorObrigatorio });
      return undefined;
    }
    const parsed = FatorSchema.safeParse(t);
    if (!parsed.success) {
      problems.push({ coluna: col, mensagem: MSG_ADMIN.fatorInvalido });
      return undefined;
    }
    return parsed.data;
  };
  const cashback = factor('fator_cashback');
  const sorteio = factor('fator_sorteio');
  if (ids.length === 0 || cashback === undefined || sorteio === undefined) return { plan: [], shown: [] };
  return {
    plan: ids.map((id) => ({
      id_campanha: id,
      fator_cashback_e4: toE4(cashback),
      fator_sorteio_e4: toE4(sorteio),
    })),
    shown: ids.map((id) => ({
      id_campanha: id,
      den_campanha: known.get(id),
      fator_cashback: cashback,
      fator_sorteio: sorteio,
    })),
  };
}

/** The category cell: a code or a name of an existing category ('' for none). */
function categoryOf(
  c: Cell,
  cats: Lookups['categorias'],
  problems: RowProblem[],
): { id: number | null; nome: string | null } {
  const t = textOf(c).trim();
  if (t === '' || t === '0') return { id: null, nome: null };
  const byId = /^\d+$/.test(t) ? cats.byId.get(Number(t)) : undefined;
  if (byId !== undefined) return { id: Number(t), nome: byId };
  const byName = cats.byName.get(fold(t));
  if (byName) return { id: byName.id, nome: byName.nome };
  problems.push({ coluna: 'categoria', mensagem: MSG_ADMIN.categoriaNaoEncontrada });
  return { id: null, nome: null };
}

async function check(
  db: Kysely<Database>,
  ctx: Parameters<ImportKind<ShopPlan>['check']>[1],
  rows: RawRow[],
): Promise<CheckedRow<ShopPlan>[]> {
  // First the shape of every row (no database), so the CNPJs are known for one lookup.
  const shaped = rows.map((row) => {
    const problems: RowProblem[] = [];
    const body = bodyOf(row.valores, problems);
    const parsed = EstabelecimentoBody.safeParse(body);
    const data: Record<string, unknown> = parsed.success ? { ...parsed.data } : { ...body };
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const coluna = String(issue.path[0] ?? 'nome');
        if (seen.has(coluna)) continue;
        seen.add(coluna);
        problems.push({ coluna, mensagem: issue.message });
        // The field is shown as read; the others as they will be stored.
      }
      const ok = EstabelecimentoBody.safeParse(
        Object.fromEntries(Object.entries(body).filter(([k]) => !seen.has(k))),
      );
      if (ok.success) Object.assign(data, ok.data);
    }
    if (String(data.nome ?? '').trim() === '' && !problems.some((p) => p.coluna === 'nome')) {
      problems.push({ coluna: 'nome', mensagem: MSG_ADMIN.nomeObrigatorio });
    }
    return { row, problems, data, valid: parsed.success };
  });
  const cnpjs = [...new Set(shaped.filter((s) => s.valid && s.data.cnpj).map((s) => String(s.data.cnpj)))];
  const known = await lookups(db, ctx.codCidade, cnpjs);

  const cnpjLine = new Map<string, number>();
  const nameLine = new Map<string, number>();
  const at = nowIso();
  return shaped.map(({ row, problems, data }) => {
    const v = row.valores;
    const categoria = categoryOf(v.categoria ?? '', known.categorias, problems);
    const vendedores = sellersOf(v.vendedores ?? '', problems);
    const campanhas = campaignsOf(v, known.campanhas, problems);
    const nome = String(data.nome ?? '');
    const endereco = String(data.endereco ?? '');
    const cnpj = String(data.cnpj ?? '');

    // Duplicates: in the file (the first occurrence stands), then in the database.
    if (cnpj !== '' && !problems.some((p) => p.coluna === 'cnpj')) {
      const first = cnpjLine.get(cnpj);
      if (first !== undefined) {
        problems.push({
          coluna: 'cnpj',
          mensagem: MSG_IMPORTACAO.cnpjRepetidoArquivo.replace('{linha}', String(first)),
        });
      } else {
        cnpjLine.set(cnpj, row.linha);
        if (known.cnpjsTaken.has(cnpjDaChave(cnpj)))
          problems.push({ coluna: 'cnpj', mensagem: MSG_IMPORTACAO.cnpjJaCadastrado });
      }
    }
    const exige = campanhas.plan.find((c) => known.exigemNfce.has(c.id_campanha));
    if (exige && cnpj === '' && !problems.some((p) => p.coluna === 'cnpj')) {
      problems.push({
        coluna: 'cnpj',
        mensagem: MSG_IMPORTACAO.campanhaExigeCnpj.replace(
          '{campanha}',
          known.campanhas.get(exige.id_campanha) ?? String(exige.id_campanha),
        ),
      });
    }
    if (nome.trim() !== '') {
      const key = nameKey(nome, endereco);
      const first = nameLine.get(key);
      if (first !== undefined) {
        problems.push({
          coluna: 'nome',
          mensagem: MSG_IMPORTACAO.lojaRepetidaArquivo.replace('{linha}', String(first)),
        });
      } else {
        nameLine.set(key, row.linha);
        if (known.namesTaken.has(key))
          problems.push({ coluna: 'nome', mensagem: MSG_IMPORTACAO.lojaJaCadastrada });
      }
    }

    const cidade = String(data.cidade ?? '') || ctx.cidade;
    const uf = String(data.uf ?? '') || ctx.uf;
    const ies = (data.ies_campanha as 'S' | 'N' | undefined) ?? (campanhas.plan.length > 0 ? 'S' : 'N');
    const dados: Record<string, unknown> = {
      nome,
      cnpj,
      id_categoria: categoria.id,
      categoria: categoria.nome,
      endereco,
      complemento: data.complemento ?? '',
      bairro: data.bairro ?? '',
      cidade,
      uf,
      cep: data.cep ?? '',
      telefone: data.telefone ?? '',
      whatsup: data.whatsup ?? '',
      site: data.site ?? '',
      url_foto: data.url_foto ?? '',
      url_logo: data.url_logo ?? '',
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      vl_min_pedido: data.vl_min_pedido ?? 0,
      vl_taxa_entrega: data.vl_taxa_entrega ?? 0,
      ind_ativo: data.ind_ativo ?? 'S',
      ies_campanha: ies,
      vendedores,
      campanhas: campanhas.shown,
    };
    if (problems.length > 0) return { linha: row.linha, dados, erros: problems };
    const shop: Insertable<EstabelecimentosTable> = {
      nome,
      endereco,
      complemento: String(dados.complemento),
      bairro: String(dados.bairro),
      cidade,
      cep: String(dados.cep),
      uf,
      cod_cidade: ctx.codCidade,
      telefone: String(dados.telefone),
      whatsup: String(dados.whatsup),
      url_foto: String(dados.url_foto),
      url_logo: String(dados.url_logo),
      site: String(dados.site),
      id_categoria: categoria.id,
      id_cupom: null,
      ind_ativo: dados.ind_ativo as 'S' | 'N',
      vl_min_pedido_centavos: reaisToCents(Number(dados.vl_min_pedido)),
      vl_taxa_entrega_centavos: reaisToCents(Number(dados.vl_taxa_entrega)),
      ies_campanha: ies,
      id_campanha_def: null,
      cnpj,
      latitude: (dados.latitude as number | null) ?? null,
      longitude: (dados.longitude as number | null) ?? null,
      atualizado_em: at,
    };
    return { linha: row.linha, dados, erros: [], plan: { shop, vendedores, campanhas: campanhas.plan } };
  });
}

async function store(trx: Kysely<Database>, _ctx: unknown, plans: ShopPlan[]): Promise<number[]> {
  const ids = await repo.insertShops(
    trx,
    plans.map((p) => p.shop),
    (nome, endereco) => `${nome}\u0000${endereco}`,
  );
  // Issue 53: a shop's CNPJ is the first of its list (a race with another shop: the key's 409).
  await repo.insertCnpjs(
    trx,
    plans.flatMap((p, i) =>
      p.shop.cnpj ? [{ cnpj: cnpjDaChave(p.shop.cnpj), id_estabelecimento: ids[i]! }] : [],
    ),
    nowIso(),
  );
  await repo.insertSellers(
    trx,
    plans.flatMap((p, i) =>
      p.vendedores.map((nome_vendedor) => ({ id_estabelecimento: ids[i]!, nome_vendedor })),
    ),
  );
  await repo.insertParticipations(
    trx,
    plans.flatMap((p, i) => p.campanhas.map((c) => ({ ...c, id_estabelecimento: ids[i]! }))),
  );
  return ids;
}

/** The establishments kind of import. */
export const shopImport: ImportKind<ShopPlan> = {
  entidade: 'estabelecimento',
  colunas: ESTABELECIMENTO_COLUNAS,
  aliases: ALIASES,
  check,
  store,
};
