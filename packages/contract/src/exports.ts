import { z } from 'zod';
import { CodCidadeSchema, DataSchema, IdSchema, PaginacaoQuery, numeric } from './common.js';

/**
 * Exports of the admin lists (issue 39, decision 048). Every admin list route answers
 * `?formato=csv` (UTF-8 with BOM, `;`, decimal commas, every row of the filtered list) and
 * `?formato=xlsx` (numbers and dates typed, Brazilian formats), with the list's own filters and
 * authorisation. Up to EXPORTACAO_IMEDIATA_MAX rows the file comes at once (200); a larger one
 * is written by a background job: 202 `{id_exportacao}`, its progress at
 * `GET /v1/adm/exportacoes/{id}` and the file at `GET /v1/adm/exportacoes/{id}/arquivo`.
 */
export const FORMATOS_EXPORTACAO = ['csv', 'xlsx'] as const;
export const FormatoExportacao = z.enum(FORMATOS_EXPORTACAO);
export type FormatoExportacao = z.infer<typeof FormatoExportacao>;

/** The query field every exportable list accepts (absent: the list's JSON page). */
export const ExportavelQuery = z.object({ formato: FormatoExportacao.optional() });

/** Rows up to which an export is answered at once; past it, a background job writes the file. */
export const EXPORTACAO_IMEDIATA_MAX = 50_000;

/** Hours a finished export's file stays available. */
export const EXPORTACAO_VALIDADE_HORAS = 24;

export const SITUACOES_EXPORTACAO = ['pendente', 'rodando', 'pronta', 'falha', 'expirada'] as const;

/** 202 of a large export. */
export const ExportacaoCriada = z.object({
  id_exportacao: z.number().int(),
  situacao: z.enum(SITUACOES_EXPORTACAO),
  total: z.number().int(),
});
export type ExportacaoCriada = z.infer<typeof ExportacaoCriada>;

/** `GET /v1/adm/exportacoes/{id}`: where a background export stands. */
export const Exportacao = z.object({
  id_exportacao: z.number().int(),
  lista: z.string(),
  formato: FormatoExportacao,
  situacao: z.enum(SITUACOES_EXPORTACAO),
  /** Rows written so far, of `total` (counted when it was asked for). */
  linhas: z.number().int(),
  total: z.number().int(),
  /** 0 to 100. */
  progresso: z.number().int(),
  nome_arquivo: z.string(),
  criada_em: z.string(),
  concluida_em: z.string().nullable(),
  expira_em: z.string().nullable(),
  /** The download's path under the API (with the session), once `pronta`. */
  url: z.string().nullable(),
  erro: z.string().nullable(),
});
export type Exportacao = z.infer<typeof Exportacao>;

export const ExportacaoParams = z.object({ id: IdSchema });

/**
 * `GET /v1/adm/vendas`: the city's sales, newest first, filtered by campaign, shop and days
 * (`de`, `ate`: the sale's day), paged; total in `X-Total-Count`. Exportable.
 */
export const VendasAdmQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  id_campanha: numeric(z.number().int().min(0)).optional(),
  id_estabelecimento: numeric(z.number().int().min(0)).optional(),
  de: DataSchema.optional(),
  ate: DataSchema.optional(),
}).extend(ExportavelQuery.shape);
export type VendasAdmQuery = z.input<typeof VendasAdmQuery>;

/** `GET /v1/adm/campanhas/{id}/cupons`: the campaign's coupons by number, paged. Exportable. */
export const CuponsCampanhaQuery = z
  .object({
    pagina: PaginacaoQuery.shape.pagina,
    limite: PaginacaoQuery.shape.limite,
  })
  .extend(ExportavelQuery.shape);

/** A coupon of a campaign as its admins see it. */
export const CupomCampanhaAdmin = z.object({
  id_sorteio: z.number().int(),
  codigo: z.string(),
  serie: z.number().int(),
  numero: z.number().int(),
  dat_emissao: z.string(),
  id_venda: z.number().int(),
  numero_venda: z.string(),
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  id_usuario: z.number().int(),
  nome_usuario: z.string(),
  situacao: z.enum(['valido', 'anulado', 'sorteado']),
});
export type CupomCampanhaAdmin = z.infer<typeof CupomCampanhaAdmin>;

export const MSG_EXPORTACAO = {
  naoEncontrada: 'Exportação não encontrada',
  outraPessoa: 'Esta exportação é de outra cidade',
  naoPronta: 'A exportação ainda não terminou',
  falhou: 'A exportação falhou; peça outra',
  expirada: 'O arquivo desta exportação expirou; peça outra',
} as const;
