import type { Kysely } from 'kysely';
import {
  MSG_CONTEUDO,
  MSG_IMPORTACAO,
  TOURISM_TYPES,
  TURISMO_COLUNAS,
  TurismoBody,
  imagePathOf,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
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
import type { TourismValues } from './admin-repository.js';
import * as repo from './import-repository.js';

/**
 * Tourism items from a file (issue 39, decision 049): each row is the admin editor's body
 * (TurismoBody), `tipo` as its number or its name, the validity as `dd/mm/aaaa` or
 * `aaaa-mm-dd`. An item is a duplicate when its description and type are another's in the
 * city, in the file or in the database (read once for the file).
 */

const ALIASES: Record<string, string> = {
  nome: 'descricao',
  item: 'descricao',
  site: 'url_site',
  link: 'url_site',
  foto: 'url_foto',
  imagem: 'url_foto',
  ativo: 'ind_ativo',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  validade: 'validade_ate',
  validadeate: 'validade_ate',
  valido_ate: 'validade_ate',
};

const TYPE_BY_NAME = new Map<string, number>(TOURISM_TYPES.map((t, i) => [dupKey(t), i]));
TYPE_BY_NAME.set('hoteis', 1);
TYPE_BY_NAME.set('turismo', 0);

/** `tipo` as its number (text or XLSX number) or its name; the cell as read when neither. */
function typeOf(c: Cell): unknown {
  const t = textOf(c).trim();
  if (t === '') return undefined;
  return TYPE_BY_NAME.get(dupKey(t)) ?? t;
}

/** `dd/mm/aaaa` → `aaaa-mm-dd`; anything else as read. */
function dayOf(c: Cell): string {
  const t = textOf(c).trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : t;
}

const itemKey = (descricao: string, tipo: number) => dupKey(descricao, String(tipo));

async function check(
  db: Kysely<Database>,
  ctx: Parameters<ImportKind<TourismValues>['check']>[1],
  rows: RawRow[],
): Promise<CheckedRow<TourismValues>[]> {
  const taken = new Set((await repo.cityItems(db, ctx.codCidade)).map((r) => itemKey(r.descricao, r.tipo)));
  const lineOf = new Map<string, number>();
  return rows.map((row) => {
    const v = row.valores;
    const problems: RowProblem[] = [];
    const body: Record<string, unknown> = {
      descricao: textOf(v.descricao),
      tipo: typeOf(v.tipo ?? ''),
      url_foto: textOf(v.url_foto),
      url_site: textOf(v.url_site),
      latitude: textOf(v.latitude).trim(),
      longitude: textOf(v.longitude).trim(),
      validade_ate: dayOf(v.validade_ate ?? ''),
    };
    const flag = simNao(v.ind_ativo);
    if (flag === null) problems.push({ coluna: 'ind_ativo', mensagem: MSG_IMPORTACAO.simNaoInvalido });
    else if (flag !== '') body.ind_ativo = flag;
    const parsed = TurismoBody.safeParse(body);
    let data: Record<string, unknown> = body;
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const coluna = String(issue.path[0] ?? 'descricao');
        if (seen.has(coluna)) continue;
        seen.add(coluna);
        problems.push({ coluna, mensagem: issue.message });
      }
      const ok = TurismoBody.safeParse(
        Object.fromEntries(Object.entries(body).filter(([k]) => !seen.has(k))),
      );
      if (ok.success) data = { ...body, ...ok.data };
    } else {
      data = parsed.data;
    }
    if (String(data.descricao ?? '').trim() === '' && !problems.some((p) => p.coluna === 'descricao'))
      problems.push({ coluna: 'descricao', mensagem: MSG_CONTEUDO.descricaoObrigatoria });
    if (data.tipo === undefined && !problems.some((p) => p.coluna === 'tipo'))
      problems.push({ coluna: 'tipo', mensagem: MSG_CONTEUDO.tipoInvalido });
    const foto = imagePathOf(String(data.url_foto ?? ''), ctx.basePath);
    if (foto === null && !problems.some((p) => p.coluna === 'url_foto'))
      problems.push({ coluna: 'url_foto', mensagem: 'Caminho de imagem inválido' });

    const descricao = String(data.descricao ?? '');
    if (descricao.trim() !== '' && typeof data.tipo === 'number') {
      const key = itemKey(descricao, data.tipo);
      const first = lineOf.get(key);
      if (first !== undefined) {
        problems.push({
          coluna: 'descricao',
          mensagem: MSG_IMPORTACAO.itemRepetidoArquivo.replace('{linha}', String(first)),
        });
      } else {
        lineOf.set(key, row.linha);
        if (taken.has(key)) problems.push({ coluna: 'descricao', mensagem: MSG_IMPORTACAO.itemJaCadastrado });
      }
    }
    const values: TourismValues = {
      cod_cidade: ctx.codCidade,
      tipo: typeof data.tipo === 'number' ? data.tipo : -1,
      descricao,
      url_foto: foto ?? '',
      url_site: String(data.url_site ?? ''),
      ind_ativo: (data.ind_ativo as 'S' | 'N' | undefined) ?? 'S',
      latitude: typeof data.latitude === 'number' ? data.latitude : null,
      longitude: typeof data.longitude === 'number' ? data.longitude : null,
      validade_ate:
        typeof data.validade_ate === 'string' && data.validade_ate !== '' ? data.validade_ate : null,
    };
    const dados = { ...values, tipo: typeof data.tipo === 'number' ? data.tipo : (data.tipo ?? null) };
    if (problems.length > 0) return { linha: row.linha, dados, erros: problems };
    return { linha: row.linha, dados, erros: [], plan: values };
  });
}

const store = (trx: Kysely<Database>, _ctx: unknown, plans: TourismValues[]) =>
  repo.insertItems(trx, plans, nowIso(), (d, t) => `${d}\u0000${t}`);

/** The tourism kind of import. */
export const tourismImport: ImportKind<TourismValues> = {
  entidade: 'turismo',
  colunas: TURISMO_COLUNAS,
  aliases: ALIASES,
  check,
  store,
};
