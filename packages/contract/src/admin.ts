import { z } from 'zod';
import {
  CodCidadeSchema,
  DataSchema,
  IdSchema,
  nomeDigitado,
  numeric,
  PaginacaoQuery,
  SimNao,
} from './common.js';
import { IMAGE_DIRS } from './limits.js';
import { isValidCnpj, formatCnpj, onlyDigits } from './validators.js';
import { VendedorSchema } from './sales.js';

/**
 * The admin screens of issue 5: establishments with sellers, campaigns, the dashboard and
 * image uploads (spec §2, §3, §5; domain §3, §11, §12).
 */
export const MSG_ADMIN = {
  /** Spec §5, to the letter. */
  cnpjInvalido: 'CNPJ invalido',
  /** Issue 53: a shop's CNPJs (branches) are unique across shops. */
  cnpjDeOutraLoja: 'Este CNPJ já está cadastrado em outro estabelecimento',
  /** Issue 53: `{lojas}` is replaced by the shops' names. */
  lojaSemCnpj: 'Esta campanha exige nota fiscal: cadastre o CNPJ destas lojas antes: {lojas}',
  /** Issue 53: `{campanha}` is replaced by the campaign's name. */
  ultimoCnpjEmCampanha:
    'Esta loja participa da campanha {campanha}, que exige nota fiscal: ela precisa manter ao menos um CNPJ',
  cepInvalido: 'CEP inválido (use 00000-000)',
  latitudeInvalida: 'Latitude inválida: de -90 a 90, com até 8 casas decimais',
  longitudeInvalida: 'Longitude inválida: de -180 a 180, com até 8 casas decimais',
  valorInvalido: 'Valor inválido: use um número de 0 a 1.000.000 com até 2 casas decimais',
  fatorInvalido: 'Fator inválido: use um número de 0 a 1.000 com até 4 casas decimais',
  nomeObrigatorio: 'Informe o nome do estabelecimento',
  ufInvalida: 'UF inválida (use a sigla do estado, como SP)',
  somenteSuperadminCria: 'Somente o super-administrador pode criar ou excluir estabelecimentos',
  somenteSuperadminCampos:
    'Somente o super-administrador pode alterar categoria, cidade, situação (ativo, campanha) e fotos',
  outraCidade: 'Você só pode administrar a sua cidade',
  estabelecimentoComVendas: 'Este estabelecimento já tem vendas e não pode ser excluído',
  categoriaNaoEncontrada: 'Categoria não encontrada',
  cidadeNaoEncontrada: 'Cidade não encontrada',
  vendedorObrigatorio: 'Informe o nome do vendedor',
  vendedorNaoEncontrado: 'Vendedor não encontrado',
  descricaoObrigatoria: 'Informe a descrição da campanha',
  datasInvertidas: 'A data inicial não pode ser posterior à data final',
  campanhaNaoEncontrada: 'Campanha não encontrada',
  campanhaComVendas: 'Esta campanha já tem vendas e não pode ser excluída',
  /** `{nome}` is replaced by the shop's name. */
  lojaComVendasNaCampanha: 'O estabelecimento {nome} já tem vendas nesta campanha e não pode sair dela',
  lojaDeOutraCidade: 'Só estabelecimentos da cidade da campanha podem participar dela',
  lojaRepetida: 'O mesmo estabelecimento aparece duas vezes na campanha',
  linkInvalido: 'Link inválido: use um endereço que comece com http:// ou https://',
  limiteInvalido: 'Limite inválido: deixe vazio (sem limite) ou use um número inteiro de 1 a 1.000.000',
  pctEntidadeInvalido: 'Use um número inteiro de 0 a 100 para a parte das entidades',
  pctEntidadeFixo: 'A parte das entidades só muda antes da primeira venda da campanha',
  limiteValorInvalido:
    'Limite de valor inválido: deixe vazio (sem limite) ou use um valor de 0,01 a 1.000.000 com até 2 casas decimais',
  caminhoImagemInvalido: 'Caminho de imagem inválido',
  pastaDesconhecida: `Pasta de imagem desconhecida: use ${IMAGE_DIRS.join(', ')}`,
  imagemVazia: 'Envie o conteúdo da imagem em base64',
  imagemInvalida: 'O arquivo enviado não é uma imagem válida (use PNG, JPEG, WebP ou GIF)',
  /** `{mb}` is replaced by the limit in MB. */
  imagemGrande: 'A imagem passa do limite de {mb} MB',
  imagemDimensoes: 'A imagem tem pixels demais (no máximo 40 megapixels)',
} as const;

// ── Numbers with a fixed number of decimals (spec §5, domain §1) ─────────────

/** True when `v` has at most `places` decimals as written (`19.99` yes, `1.123456789` not with 8). */
const hasDecimals = (v: number, places: number): boolean => Number(v.toFixed(places)) === v;

/** A number (or its string form, with `.` or `,`) in [min, max] with at most `places` decimals. */
export function decimal(places: number, min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
    z
      .number({ error: message })
      .refine((v) => Number.isFinite(v) && v >= min && v <= max && hasDecimals(v, places), {
        error: message,
      }),
  );
}

/** Like {@link decimal}, but `null`, `undefined` and `''` mean "not given" (null). */
function optionalDecimal(places: number, min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? null : v),
    decimal(places, min, max, message).nullable(),
  );
}

/** Money in reais: 0 to 1,000,000 with 2 decimals. */
export const DinheiroSchema = decimal(2, 0, 1_000_000, MSG_ADMIN.valorInvalido);
/** Campaign factors: 0 to 1,000 with 4 decimals. */
export const FatorSchema = decimal(4, 0, 1000, MSG_ADMIN.fatorInvalido);
/** A campaign limit (issue 37): a whole count, or null (also `''`) for no limit. */
const LimiteSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .number({ error: MSG_ADMIN.limiteInvalido })
    .int({ error: MSG_ADMIN.limiteInvalido })
    .min(1, { error: MSG_ADMIN.limiteInvalido })
    .max(1_000_000, { error: MSG_ADMIN.limiteInvalido })
    .nullable(),
);
/** A campaign's limit of value in reais, or null (also `''`) for no limit. */
const LimiteValorSchema = optionalDecimal(2, 0.01, 1_000_000, MSG_ADMIN.limiteValorInvalido);
export const LatitudeSchema = optionalDecimal(8, -90, 90, MSG_ADMIN.latitudeInvalida);
export const LongitudeSchema = optionalDecimal(8, -180, 180, MSG_ADMIN.longitudeInvalida);

/** CNPJ: '' (none) or a valid one, stored formatted `00.000.000/0000-00`. */
export const CnpjSchema = z
  .string({ error: MSG_ADMIN.cnpjInvalido })
  .trim()
  .refine((v) => v === '' || isValidCnpj(v), { error: MSG_ADMIN.cnpjInvalido })
  .transform((v) => (v === '' ? '' : formatCnpj(v)));

/** CEP: '' (none) or `00000-000` (8 digits, the dash optional), stored with the dash. */
export const CepSchema = z
  .string({ error: MSG_ADMIN.cepInvalido })
  .trim()
  .refine((v) => v === '' || /^\d{5}-?\d{3}$/.test(v), { error: MSG_ADMIN.cepInvalido })
  .transform((v) => (v === '' ? '' : `${onlyDigits(v).slice(0, 5)}-${onlyDigits(v).slice(5)}`));

/**
 * What entities store as a picture: '' (none), the path the image service answered
 * (`imgest/loja-1a2b3c4d.png`), or an absolute http(s) address of an older record.
 */
export const CaminhoImagemSchema = z
  .string({ error: MSG_ADMIN.caminhoImagemInvalido })
  .trim()
  .max(300, { error: MSG_ADMIN.caminhoImagemInvalido })
  .refine(
    (v) =>
      v === '' ||
      new RegExp(`^(${IMAGE_DIRS.join('|')})/[A-Za-z0-9][A-Za-z0-9._-]*$`).test(v) ||
      /^https?:\/\/[^\s"'<>]+$/.test(v),
    { error: MSG_ADMIN.caminhoImagemInvalido },
  );

/**
 * '' or an http(s) address: a campaign's link, a shop's site, a promotion's or tourist spot's
 * page. Shown as a link, so never `javascript:` or any other scheme (issue 37).
 */
export const LinkSchema = z
  .string({ error: MSG_ADMIN.linkInvalido })
  .trim()
  .max(300, { error: MSG_ADMIN.linkInvalido })
  .refine((v) => v === '' || /^https?:\/\/[^\s"'<>]+$/.test(v), { error: MSG_ADMIN.linkInvalido });

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use no máximo ${max} caracteres` });
const idOuNulo = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), IdSchema.nullable());

/** `?cod_cidade=` (or the spec's `codcidade`) plus `pagina`, `limite`, `q` (domain §2). */
export const AdminListaQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
});
export type AdminListaQuery = z.input<typeof AdminListaQuery>;

/** `?cod_cidade=` (or `codcidade`) alone; the caller's own city when absent. */
export const AdminCidadeQuery = z.object({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
});

// ── Establishments (spec §3 Establishment, §5; domain §3) ────────────────────

export const CampanhaDoEstabelecimento = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  validade_ini: z.string(),
  validade_fim: z.string(),
  fator_cashback: z.number(),
  fator_sorteio: z.number(),
});

/** A row of the admin list: every stored field, money in reais. */
export const EstabelecimentoAdminItem = z.object({
  id_estabelecimento: z.number().int(),
  nome: z.string(),
  endereco: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  cep: z.string(),
  uf: z.string(),
  cod_cidade: z.number().int(),
  telefone: z.string(),
  whatsup: z.string(),
  url_foto: z.string(),
  url_logo: z.string(),
  site: z.string(),
  avaliacao: z.number(),
  qtd_avaliacao: z.number().int(),
  id_categoria: z.number().int().nullable(),
  categoria: z.string().nullable(),
  id_cupom: z.number().int().nullable(),
  ind_ativo: SimNao,
  vl_min_pedido: z.number(),
  vl_taxa_entrega: z.number(),
  ies_campanha: SimNao,
  id_campanha_def: z.number().int().nullable(),
  cnpj: z.string(),
  /** Issue 53: every CNPJ the shop issues receipts under (its branches), formatted. */
  cnpjs: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contestacoes_aceitas: z.number().int(), // residents' complaints against it that were accepted (issue 37)
});
export type EstabelecimentoAdminItem = z.infer<typeof EstabelecimentoAdminItem>;

/** One establishment: the row plus its sellers (without 'Sem Vendedor') and campaigns. */
export const EstabelecimentoAdmin = EstabelecimentoAdminItem.extend({
  vendedores: z.array(VendedorSchema),
  campanhas: z.array(CampanhaDoEstabelecimento),
});
export type EstabelecimentoAdmin = z.infer<typeof EstabelecimentoAdmin>;

export const NomeVendedorSchema = nomeDigitado(
  z
    .string({ error: MSG_ADMIN.vendedorObrigatorio })
    .trim()
    .min(1, { error: MSG_ADMIN.vendedorObrigatorio })
    .max(80, { error: 'Use no máximo 80 caracteres' }),
);

/** A seller in the establishment body: no id (or 0) adds, an id renames; absent ones are removed. */
export const VendedorEntrada = z.object({
  id_vendedor: numeric(z.number().int().min(0)).optional(),
  nome_vendedor: NomeVendedorSchema,
});

/**
 * POST and PATCH `/v1/adm/estabelecimentos`. Every field is optional: PATCH changes only
 * what is sent, POST fills the rest with blanks ('S' active, 'N' campaign, money 0).
 * `nome` is required on POST. `vendedores`, when sent, is the whole list of sellers.
 */
export const EstabelecimentoBody = z.object({
  id_estabelecimento: numeric(z.number().int().min(0)).optional(),
  nome: nomeDigitado(texto(120)).optional(),
  endereco: texto(200).optional(),
  complemento: texto(120).optional(),
  bairro: texto(120).optional(),
  cidade: texto(120).optional(),
  cep: CepSchema.optional(),
  uf: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), { error: MSG_ADMIN.ufInvalida })
    .optional(),
  cod_cidade: CodCidadeSchema.optional(),
  telefone: texto(20).optional(),
  whatsup: texto(20).optional(),
  url_foto: CaminhoImagemSchema.optional(),
  url_logo: CaminhoImagemSchema.optional(),
  site: LinkSchema.optional(),
  id_categoria: idOuNulo.optional(),
  id_cupom: idOuNulo.optional(),
  ind_ativo: SimNao.optional(),
  vl_min_pedido: DinheiroSchema.optional(),
  vl_taxa_entrega: DinheiroSchema.optional(),
  ies_campanha: SimNao.optional(),
  id_campanha_def: idOuNulo.optional(),
  /**
   * The shop's main CNPJ. Issue 53: when it changes, the new one joins `cnpjs` in place of the
   * old one (which leaves the list unless `cnpjs` is sent with it); sent unchanged, it changes
   * nothing.
   */
  cnpj: CnpjSchema.optional(),
  /**
   * Issue 53: when sent, the whole list of the CNPJs the shop issues receipts under (its
   * branches; '' entries and repeats are dropped), plus the main `cnpj` when this body changes
   * it. Each CNPJ belongs to one shop (409 `cnpjDeOutraLoja`).
   */
  cnpjs: z.array(CnpjSchema).max(50).optional(),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
  vendedores: z.array(VendedorEntrada).max(200).optional(),
});
export type EstabelecimentoBody = z.input<typeof EstabelecimentoBody>;
export type EstabelecimentoDados = z.output<typeof EstabelecimentoBody>;

export const VendedorBody = z.object({ nome_vendedor: NomeVendedorSchema });
export type VendedorBody = z.input<typeof VendedorBody>;

// ── Campaigns (spec §3 Campaign; domain §4) ─────────────────────────────────

/**
 * A shop in the campaign editor: every shop of the city, `id_campanha` above 0 when it takes
 * part (spec §3: "Shops with id_campanha above 0 participate"), 0 with factors 0 otherwise.
 */
export const CampanhaLojaMarcada = z.object({
  id_estabelecimento: z.number().int(),
  nome: z.string(),
  id_campanha: z.number().int(),
  fator_cashback: z.number(),
  fator_sorteio: z.number(),
});
export type CampanhaLojaMarcada = z.infer<typeof CampanhaLojaMarcada>;

export const CampanhaAdmin = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  banner: z.string(),
  validade_ini: z.string(),
  validade_fim: z.string(),
  link: z.string(),
  cod_cidade: z.number().int(),
  /** Per person (issue 37), null when unlimited: sales per shop per day, coupons per month, reais per day. */
  limite_vendas_dia_loja: z.number().int().nullable(),
  limite_cupons_mes: z.number().int().nullable(),
  limite_valor_dia: z.number().nullable(),
  /** Issue 40: the share (%) of every sale's coupons that goes to the resident's chosen entity. */
  pct_entidade: z.number().int(),
  /** Issue 53: every sale of the campaign must carry its receipt's NFC-e key. */
  exige_nfce: z.boolean(),
});
export type CampanhaAdmin = z.infer<typeof CampanhaAdmin>;

export const CampanhaAdminDetalhe = CampanhaAdmin.extend({ estabelecimentos: z.array(CampanhaLojaMarcada) });
export type CampanhaAdminDetalhe = z.infer<typeof CampanhaAdminDetalhe>;

/**
 * A shop in the campaign body. It takes part unless `id_campanha` is given and is 0 or less,
 * so a client may send only the participants, or every shop with the spec's marker.
 */
export const CampanhaLojaEntrada = z.object({
  id_estabelecimento: numeric(z.number().int().positive()),
  id_campanha: numeric(z.number().int()).optional(),
  fator_cashback: FatorSchema,
  fator_sorteio: FatorSchema,
});

/** POST and PATCH `/v1/adm/campanhas` (PATCH changes only what is sent). */
export const CampanhaBody = z.object({
  id_campanha: numeric(z.number().int().min(0)).optional(),
  den_campanha: z
    .string({ error: MSG_ADMIN.descricaoObrigatoria })
    .trim()
    .min(1, { error: MSG_ADMIN.descricaoObrigatoria })
    .max(120, { error: 'Use no máximo 120 caracteres' })
    .optional(),
  validade_ini: DataSchema.optional(),
  validade_fim: DataSchema.optional(),
  banner: CaminhoImagemSchema.optional(),
  link: LinkSchema.optional(),
  cod_cidade: CodCidadeSchema.optional(),
  limite_vendas_dia_loja: LimiteSchema.optional(),
  limite_cupons_mes: LimiteSchema.optional(),
  limite_valor_dia: LimiteValorSchema.optional(),
  pct_entidade: numeric(
    z
      .number({ error: MSG_ADMIN.pctEntidadeInvalido })
      .int({ error: MSG_ADMIN.pctEntidadeInvalido })
      .min(0, { error: MSG_ADMIN.pctEntidadeInvalido })
      .max(100, { error: MSG_ADMIN.pctEntidadeInvalido }),
  ).optional(),
  exige_nfce: z.boolean().optional(),
  estabelecimentos: z.array(CampanhaLojaEntrada).max(5000).optional(),
});
export type CampanhaBody = z.input<typeof CampanhaBody>;
export type CampanhaDados = z.output<typeof CampanhaBody>;

/** The shops of a campaign's editor; `GET /v1/adm/campanhas/estabelecimentos/0?cod_cidade=` for a new one. */
export const CampanhaLojasParams = z.object({ id: numeric(z.number().int().min(0).max(2_147_483_647)) });

// ── Dashboard (spec §3 Dashboard response; domain §11) ──────────────────────

export const DashboardEstatisticas = z.object({
  online: z.number().int(),
  num_empresa: z.number().int(),
  num_ativos: z.number().int(),
  num_participantes: z.number().int(),
  num_usuarios: z.number().int(),
  num_vendas: z.number().int(),
  num_campanha: z.number().int(),
  sum_vendas: z.number(),
});

export const DashboardVenda = z.object({
  ano: z.number().int(),
  id_estabelecimento: z.number().int(),
  nom_estabelecimento: z.string(),
  nro_cupons: z.number().int(),
  nro_vendas: z.number().int(),
  total_venda: z.number(),
  ticket_medio: z.number(),
});
export type DashboardVenda = z.infer<typeof DashboardVenda>;

/** The shops' cards of a year the dashboard answer carries at most (issue 39: < 100 kB). */
export const DASHBOARD_LOJAS_POR_ANO = 24;

/**
 * `campanhas`: the city's running and upcoming campaigns, whose banners the page shows.
 * `vendas`: per year the first `DASHBOARD_LOJAS_POR_ANO` shops (highest total first); a year
 * with that many may have more, which come by page from `GET /v1/adm/dashboard/vendas`.
 */
export const DashboardResposta = z.object({
  estatisticas: DashboardEstatisticas,
  campanhas: z.array(CampanhaAdmin),
  vendas: z.array(DashboardVenda),
});
export type DashboardResposta = z.infer<typeof DashboardResposta>;

/** `GET /v1/adm/dashboard/vendas?cod_cidade=&ano=&pagina=&limite=`: a page of a year's shop cards. */
export const DashboardVendasQuery = PaginacaoQuery.omit({ q: true }).extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  ano: numeric(z.number().int().min(2000).max(2999)),
});
export type DashboardVendasQuery = z.input<typeof DashboardVendasQuery>;

export const DashboardVendasPagina = z.object({
  ano: z.number().int(),
  total: z.number().int(),
  pagina: z.number().int(),
  limite: z.number().int(),
  itens: z.array(DashboardVenda),
});
export type DashboardVendasPagina = z.infer<typeof DashboardVendasPagina>;

// ── Dashboard charts (issue 39) ─────────────────────────────────────────────

/** The longest period the charts answer: two years (731 days, a leap day included). */
export const SERIES_MAX_DIAS = 731;

export const MSG_PAINEL = {
  dataInvalida: 'Use uma data válida (AAAA-MM-DD)',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à final',
  periodoLongo: `O período pode ter no máximo ${SERIES_MAX_DIAS} dias`,
  campanhaNaoEncontrada: 'Campanha não encontrada',
} as const;

/** A real calendar day `YYYY-MM-DD` (city-content.ts's `isRealDay`, which imports this module). */
function realDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  return y >= 1000 && new Date(t).toISOString().slice(0, 10) === day;
}

const DiaPainel = z
  .string({ error: MSG_PAINEL.dataInvalida })
  .trim()
  .refine(realDay, { error: MSG_PAINEL.dataInvalida });

/**
 * `GET /v1/adm/dashboard/series?cod_cidade=&de=&ate=&id_campanha=`: `de`/`ate` are days
 * (`YYYY-MM-DD`, both included); without them, the campaign's dates (up to today) when one is
 * chosen, else the last 30 days.
 */
export const PainelSeriesQuery = z.object({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  de: DiaPainel.optional(),
  ate: DiaPainel.optional(),
  id_campanha: IdSchema.optional(),
});
export type PainelSeriesQuery = z.input<typeof PainelSeriesQuery>;

/** A day of the period: counted sales (live, with a recipient), their total in reais, their live coupons. */
export const PainelVendasDia = z.object({
  dia: z.string(),
  num_vendas: z.number().int(),
  sum_vendas: z.number(),
  num_cupons: z.number().int(),
});
export type PainelVendasDia = z.infer<typeof PainelVendasDia>;

/** A week (its Monday, `YYYY-MM-DD`): the city's people whose account was created in it. */
export const PainelParticipantesSemana = z.object({
  semana: z.string(),
  num_participantes: z.number().int(),
});
export type PainelParticipantesSemana = z.infer<typeof PainelParticipantesSemana>;

export const PainelTopEstabelecimento = z.object({
  id_estabelecimento: z.number().int(),
  nom_estabelecimento: z.string(),
  num_vendas: z.number().int(),
  sum_vendas: z.number(),
  num_cupons: z.number().int(),
});
export type PainelTopEstabelecimento = z.infer<typeof PainelTopEstabelecimento>;

/** The campaign's progress, whatever the period: its live coupons and its apurações. */
export const PainelProgressoCampanha = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  validade_ini: z.string(),
  validade_fim: z.string(),
  cupons_emitidos: z.number().int(),
  apuracoes_agendadas: z.number().int(),
  apuracoes_apuradas: z.number().int(),
});
export type PainelProgressoCampanha = z.infer<typeof PainelProgressoCampanha>;

/**
 * The charts' data: every day of the period (zeros included), every week touching it, the top
 * 10 shops by total, and the progress of the chosen campaign (else the city's latest running
 * one; null when there is none).
 */
export const PainelSeriesResposta = z.object({
  de: z.string(),
  ate: z.string(),
  id_campanha: z.number().int().nullable(),
  vendas_por_dia: z.array(PainelVendasDia),
  participantes_por_semana: z.array(PainelParticipantesSemana),
  top_estabelecimentos: z.array(PainelTopEstabelecimento),
  progresso_campanha: PainelProgressoCampanha.nullable(),
});
export type PainelSeriesResposta = z.infer<typeof PainelSeriesResposta>;

// ── Images (spec §3 Image upload body, §9; domain §12) ──────────────────────

export const ImagemPastaParams = z.object({ dir: z.string().max(40) });

/**
 * `POST {IMAGE_BASE}/{dir}/post_img.php`. `conteudo` is base64 (a `data:` URL prefix is
 * accepted). `largura`/`altura` are the box of the use (spec §9 "as passed"); without them
 * the folder's size applies.
 */
export const ImagemBody = z.object({
  nomearq: z.string().trim().max(200).default(''),
  conteudo: z.string({ error: MSG_ADMIN.imagemVazia }).min(1, { error: MSG_ADMIN.imagemVazia }),
  largura: numeric(z.number().int().min(16).max(2048)).optional(),
  altura: numeric(z.number().int().min(16).max(2048)).optional(),
});
export type ImagemBody = z.input<typeof ImagemBody>;

/** `caminho` is what entities store; `url` is where the image is served. */
export const ImagemResposta = z.object({
  caminho: z.string(),
  nomearq: z.string(),
  url: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
});
export type ImagemResposta = z.infer<typeof ImagemResposta>;

/** The box each folder's images are resized into (spec §9), width × height. */
export const IMAGE_SIZES: Record<(typeof IMAGE_DIRS)[number], { largura: number; altura: number }> = {
  imgban: { largura: 512, altura: 512 },
  imgest: { largura: 300, altura: 150 },
  imglog: { largura: 50, altura: 50 },
  users: { largura: 512, altura: 512 },
  imgprom: { largura: 512, altura: 512 },
  imgtur: { largura: 640, altura: 480 },
};
