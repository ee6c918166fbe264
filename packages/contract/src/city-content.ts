import { z } from 'zod';
import {
  AdminListaQuery,
  CaminhoImagemSchema,
  DinheiroSchema,
  LatitudeSchema,
  LinkSchema,
  LongitudeSchema,
  MSG_ADMIN,
  decimal,
} from './admin.js';
import { CodCidadeSchema, IdSchema, numeric, SimNao } from './common.js';
import { AvisoPublico, PromocaoPublica } from './content.js';
import { IMAGE_DIRS, PROMOTION_PLANS, PROMOTION_RULE_MAX, TOURISM_TYPES } from './limits.js';

/**
 * City content the admins keep (issue 7): notices (avisos), promotions with paid exposure
 * plans (promocoes) and the tourism guide (turismo). Spec §2, §3 (Notice, Promotion, Tourism
 * item), §4 (Promotion), §5, §6, §7, §9; domain §3, §7.
 */

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 5000;
export const TOURISM_DESCRIPTION_MAX = 200;

const planDays = PROMOTION_PLANS.map((p) => p.dias);
const planList = `${planDays.slice(0, -1).join(', ')} ou ${planDays[planDays.length - 1]}`;
const tourismTypeList = TOURISM_TYPES.map((nome, i) => `${i} (${nome})`);

export const MSG_CONTEUDO = {
  dataInvalida: 'Data inválida (use AAAA-MM-DD)',
  // Notices
  tituloObrigatorio: 'Informe o título do aviso',
  tituloLongo: `O título pode ter no máximo ${NOTICE_TITLE_MAX} caracteres`,
  mensagemLonga: `A mensagem pode ter no máximo ${NOTICE_BODY_MAX} caracteres`,
  validadeObrigatoria: 'Informe a validade do aviso',
  tipoAvisoInvalido: 'Tipo de aviso inválido (use letras, como M)',
  avisoNaoEncontrado: 'Aviso não encontrado',
  avisoExcluido: 'Aviso excluído',
  // Promotions
  estabelecimentoObrigatorio: 'Escolha o estabelecimento da promoção',
  inicioObrigatorio: 'Informe a data de início da promoção',
  planoInvalido: `Escolha um plano de exposição: ${planList} dias`,
  somenteSuperadminPago: 'Somente o super-administrador pode marcar a promoção como paga',
  somenteSuperadminPromocaoPaga:
    'Somente o super-administrador pode mudar o plano ou o estabelecimento de uma promoção paga',
  regraLonga: `A regra pode ter no máximo ${PROMOTION_RULE_MAX} caracteres`,
  descontoInvalido: 'Valor de desconto inválido: use um número de 0 a 1.000.000 com até 4 casas decimais',
  percentualInvalido: 'Percentual de desconto inválido: use um número de 0 a 100 com até 4 casas decimais',
  codProdutoLongo: 'O código do produto pode ter no máximo 60 caracteres',
  promocaoNaoEncontrada: 'Promoção não encontrada',
  promocaoExcluida: 'Promoção excluída',
  // Tourism
  descricaoObrigatoria: 'Informe a descrição do item',
  descricaoLonga: `A descrição pode ter no máximo ${TOURISM_DESCRIPTION_MAX} caracteres`,
  tipoInvalido: `Tipo inválido: use ${tourismTypeList.slice(0, -1).join(', ')} ou ${tourismTypeList[tourismTypeList.length - 1]}`,
  itemNaoEncontrado: 'Item de turismo não encontrado',
  itemExcluido: 'Item excluído',
} as const;

// ── Dates and plans (pure: the server and the web share them) ───────────────

const DAY_MS = 86_400_000;
const utc = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const t = utc(day);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** A plan of spec §9 by its number of days, or undefined. */
export const promotionPlan = (dias: number) => PROMOTION_PLANS.find((p) => p.dias === dias);
export type PromotionPlan = (typeof PROMOTION_PLANS)[number];

/**
 * The last day of a promotion: start + plan days − 1 (spec §4), so a 7-day plan starting on
 * 2026-01-01 runs through 2026-01-07 inclusive.
 */
export function promotionEnd(dat_inicio: string, dias: number): string {
  return new Date(utc(dat_inicio) + (dias - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The plan a promotion's dates span (both days included), as the editor infers it when
 * editing (spec §4); undefined when the span is no plan's length.
 */
export function planFromSpan(dat_inicio: string, dat_final: string): PromotionPlan | undefined {
  if (!isRealDay(dat_inicio) || !isRealDay(dat_final)) return undefined;
  return promotionPlan(Math.round((utc(dat_final) - utc(dat_inicio)) / DAY_MS) + 1);
}

// ── Field schemas ────────────────────────────────────────────────────────────

/** A real day `YYYY-MM-DD`. */
const Dia = (message: string = MSG_CONTEUDO.dataInvalida) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine(isRealDay, { error: MSG_CONTEUDO.dataInvalida });

/** A real day, or null ('' and null) for none. */
const DiaOuNulo = z.preprocess((v) => (v === '' ? null : v), Dia().nullable());

const imageFile = `(${IMAGE_DIRS.join('|')})/[A-Za-z0-9][A-Za-z0-9._-]*`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stored path of an image given as a URL under this server's image base
 * (`https://host/praca/img/imgprom/x.png` or `/praca/img/imgprom/x.png` with base path
 * `/praca/`): everything up to and including `img/` is stripped (spec §5: notice image
 * "stored with the base image path stripped and re-prefixed on send"). A server-relative URL
 * outside the base path is null (no such image here); anything else is answered unchanged.
 */
export function imagePathOf(value: string, basePath = '/'): string | null {
  const v = value.trim();
  const base = `/${basePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const m = new RegExp(`^(?:https?://[^/?#\\s]+)?${escapeRegExp(base)}img/(${imageFile})$`).exec(v);
  if (m) return m[1];
  return v.startsWith('/') ? null : v;
}

/**
 * A picture of city content: what {@link CaminhoImagemSchema} accepts (a stored path, '' or
 * an absolute http(s) address) or a server-relative URL of the image service
 * (`/img/imgprom/x.png`). The server stores URLs under its own image base as the path.
 */
export const ImagemConteudoSchema = z
  .string({ error: MSG_ADMIN.caminhoImagemInvalido })
  .trim()
  .max(300, { error: MSG_ADMIN.caminhoImagemInvalido })
  .refine(
    (v) =>
      CaminhoImagemSchema.safeParse(v).success ||
      new RegExp(`^(/[A-Za-z0-9._~-]+)*/img/${imageFile}$`).test(v),
    { error: MSG_ADMIN.caminhoImagemInvalido },
  );

// ── Notices: /v1/adm/avisos ──────────────────────────────────────────────────

/** A notice as the admin screens read it: every stored field, image as stored (a path). */
export const AvisoAdmin = AvisoPublico;
export type AvisoAdmin = z.infer<typeof AvisoAdmin>;

/**
 * POST and PATCH `/v1/adm/avisos` (PATCH changes only what is sent). POST needs `title`
 * and `validade`; `type` defaults to 'M', `cod_cidade` to the admin's city. `body` is HTML,
 * sanitised by the server before it is stored.
 */
export const AvisoBody = z.object({
  id_aviso: numeric(z.number().int().min(0)).optional(),
  cod_cidade: CodCidadeSchema.optional(),
  type: z
    .string({ error: MSG_CONTEUDO.tipoAvisoInvalido })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,10}$/, { error: MSG_CONTEUDO.tipoAvisoInvalido })
    .optional(),
  title: z
    .string({ error: MSG_CONTEUDO.tituloObrigatorio })
    .trim()
    .min(1, { error: MSG_CONTEUDO.tituloObrigatorio })
    .max(NOTICE_TITLE_MAX, { error: MSG_CONTEUDO.tituloLongo })
    .optional(),
  body: z.string().max(NOTICE_BODY_MAX, { error: MSG_CONTEUDO.mensagemLonga }).optional(),
  image: ImagemConteudoSchema.optional(),
  validade: Dia(MSG_CONTEUDO.validadeObrigatoria).optional(),
});
export type AvisoBody = z.input<typeof AvisoBody>;
export type AvisoDados = z.output<typeof AvisoBody>;

export const AvisoParams = z.object({ id: IdSchema });

// ── Promotions: /v1/adm/promocoes ───────────────────────────────────────────

/** A promotion as the admin screens read it: the public fields plus payment, plan and shop name. */
export const PromocaoAdmin = PromocaoPublica.extend({
  ies_pago: SimNao,
  plano_dias: z.number().int(),
  nomeestabelecimento: z.string(),
});
export type PromocaoAdmin = z.infer<typeof PromocaoAdmin>;

/**
 * POST and PATCH `/v1/adm/promocoes` (PATCH changes only what is sent). POST needs
 * `id_estabelecimento`, `dat_inicio` and a plan: `plano_dias`, or when absent the span of a
 * sent `dat_final` (spec §4: the editor infers the plan from the dates). `dat_final` is always
 * computed by the server as `dat_inicio + plano_dias − 1`; a different one sent with
 * `plano_dias` is ignored. `ies_pago` defaults to 'N' and only the super-admin may change it.
 */
export const PromocaoBody = z.object({
  id_promocao: numeric(z.number().int().min(0)).optional(),
  id_estabelecimento: numeric(
    z
      .number({ error: MSG_CONTEUDO.estabelecimentoObrigatorio })
      .int({ error: MSG_CONTEUDO.estabelecimentoObrigatorio })
      .positive({ error: MSG_CONTEUDO.estabelecimentoObrigatorio })
      .max(2_147_483_647, { error: MSG_CONTEUDO.estabelecimentoObrigatorio }),
  ).optional(),
  dat_inicio: Dia(MSG_CONTEUDO.inicioObrigatorio).optional(),
  dat_final: Dia().optional(),
  plano_dias: numeric(
    z
      .number({ error: MSG_CONTEUDO.planoInvalido })
      .refine((d) => promotionPlan(d) !== undefined, { error: MSG_CONTEUDO.planoInvalido }),
  ).optional(),
  ies_pago: SimNao.optional(),
  imagem: ImagemConteudoSchema.optional(),
  linkproduto: LinkSchema.optional(),
  val_desconto: decimal(4, 0, 1_000_000, MSG_CONTEUDO.descontoInvalido).optional(),
  porc_desconto: decimal(4, 0, 100, MSG_CONTEUDO.percentualInvalido).optional(),
  val_minimo: DinheiroSchema.optional(),
  cod_produto: z.string().trim().max(60, { error: MSG_CONTEUDO.codProdutoLongo }).optional(),
  regra: z.string().trim().max(PROMOTION_RULE_MAX, { error: MSG_CONTEUDO.regraLonga }).optional(),
});
export type PromocaoBody = z.input<typeof PromocaoBody>;
export type PromocaoDados = z.output<typeof PromocaoBody>;

export const PromocaoParams = z.object({ id: IdSchema });

// ── Tourism: /v1/turismo and /v1/adm/turismo ────────────────────────────────

/** `tipo` 0–4 (spec §3: 0 Locais, 1 Hoteis, 2 Alimentação, 3 Eventos, 4 Uteis). */
const TipoTurismo = numeric(
  z
    .number({ error: MSG_CONTEUDO.tipoInvalido })
    .int({ error: MSG_CONTEUDO.tipoInvalido })
    .min(0, { error: MSG_CONTEUDO.tipoInvalido })
    .max(TOURISM_TYPES.length - 1, { error: MSG_CONTEUDO.tipoInvalido }),
);

/** `?tipo=` in a query: absent or empty means every type. */
const TipoTurismoFiltro = z.preprocess((v) => (v === '' ? undefined : v), TipoTurismo.optional());

/**
 * A tourism item. The validity is answered under both names: `validade_ate` (the stored
 * field) and `validadeate` (the spec's wire name); null means it never expires.
 */
export const TurismoItem = z.object({
  id_turismo: z.number().int(),
  descricao: z.string(),
  url_foto: z.string(),
  url_site: z.string(),
  ind_ativo: SimNao,
  tipo: z.number().int(),
  cod_cidade: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  validade_ate: z.string().nullable(),
  validadeate: z.string().nullable(),
});
export type TurismoItem = z.infer<typeof TurismoItem>;

/** `GET /v1/turismo?tipo=&cod_cidade=` (consumers): the city's active, valid items. */
export const TurismoQuery = z.object({
  tipo: TipoTurismoFiltro,
  cod_cidade: CodCidadeSchema,
});
export type TurismoQuery = z.input<typeof TurismoQuery>;

/** `GET /v1/adm/turismo?tipo=&cod_cidade=&q=&pagina=&limite=`. */
export const TurismoAdminQuery = AdminListaQuery.extend({ tipo: TipoTurismoFiltro });
export type TurismoAdminQuery = z.input<typeof TurismoAdminQuery>;

/**
 * POST and PATCH `/v1/adm/turismo` (PATCH changes only what is sent). POST needs `descricao`
 * and `tipo`; `ind_ativo` defaults to 'S', `cod_cidade` to the admin's city. The validity may
 * come as `validadeate` (the spec's name) or `validade_ate`; when both are sent,
 * `validadeate` wins. '' or null means no expiry.
 */
export const TurismoBody = z.object({
  id_turismo: numeric(z.number().int().min(0)).optional(),
  descricao: z
    .string({ error: MSG_CONTEUDO.descricaoObrigatoria })
    .trim()
    .min(1, { error: MSG_CONTEUDO.descricaoObrigatoria })
    .max(TOURISM_DESCRIPTION_MAX, { error: MSG_CONTEUDO.descricaoLonga })
    .optional(),
  tipo: TipoTurismo.optional(),
  cod_cidade: CodCidadeSchema.optional(),
  url_foto: ImagemConteudoSchema.optional(),
  url_site: LinkSchema.optional(),
  ind_ativo: SimNao.optional(),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
  validadeate: DiaOuNulo.optional(),
  validade_ate: DiaOuNulo.optional(),
});
export type TurismoBody = z.input<typeof TurismoBody>;
export type TurismoDados = z.output<typeof TurismoBody>;

export const TurismoParams = z.object({ id: IdSchema });

/** `{mensagem}` of a delete. */
export const MensagemResposta = z.object({ mensagem: z.string() });
