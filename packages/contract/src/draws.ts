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
import { CaminhoImagemSchema } from './admin.js';

/**
 * Prize draws and winners (issue 6): spec §2 (Winners, Prize-draw dialog, Winner dialog), §3
 * (Winner, Draw result), §4 (Prize draw), §5, §8; domain §5.
 */
export const MSG_SORTEIO = {
  /** Spec §5 and §8, to the letter. */
  selecioneCampanha: 'Selecione uma campanha',
  erroAoSortear: 'Erro ao sortear',
  semCuponsElegiveis: 'Nenhum cupom elegível para sorteio nesta campanha com as opções escolhidas',
  sementeInvalida: 'Semente inválida: use de 1 a 200 caracteres, sem quebras de linha',
  sorteioNaoEncontrado: 'Sorteio não encontrado',
  bilhetesIndisponiveis:
    'Este sorteio não guardou o arquivo de bilhetes (só sorteios com semente pública guardam)',
  contempladoNaoEncontrado: 'Contemplado não encontrado',
  campanhaObrigatoria: 'Selecione uma campanha',
  nomeObrigatorio: 'Informe o nome do contemplado',
  cupomNaoEncontrado: 'Cupom não encontrado nesta campanha',
  cupomJaSorteado: 'Este cupom já foi sorteado para outro contemplado',
  cupomAnulado: 'Este cupom foi anulado e não pode ser contemplado',
  cupomInvalido: 'Informe o cupom como série-número, por exemplo 000-00034',
  usuarioNaoEncontrado: 'Participante não encontrado',
  estabelecimentoForaDaCampanha: 'O estabelecimento não pertence à cidade da campanha',
  vendedorDeOutraLoja: 'Vendedor não pertence a este estabelecimento',
  fotosDemais: 'Envie no máximo 10 fotos',
  /** The commit-reveal of the instant draw (issue 49). */
  aberturaNaoEncontrada: 'Abertura de sorteio não encontrada',
  aberturaJaUsada: 'Esta abertura já foi usada em um sorteio; abra o sorteio de novo para uma nova semente',
  aberturaDeOutraCampanha: 'Esta abertura é de outra campanha',
  aberturaOuSemente: 'Use a abertura do sorteio ou a semente, não as duas',
} as const;

/** The 2-second show of the draw dialog (spec §4, §9). */
export const DRAW_DELAY_MS = 2000;
/** Photos of a winner at most. */
export const WINNER_PHOTOS_MAX = 10;

// ── The draw: GET /v1/adm/sorteio/{id_campanha} ─────────────────────────────

/** No campaign chosen (0, empty, not a number) is the dialog's own message (spec §5). */
export const SorteioParams = z.object({
  id_campanha: numeric(
    z
      .number({ error: MSG_SORTEIO.selecioneCampanha })
      .int({ error: MSG_SORTEIO.selecioneCampanha })
      .positive({ error: MSG_SORTEIO.selecioneCampanha })
      .max(2_147_483_647, { error: MSG_SORTEIO.selecioneCampanha }),
  ),
});

/**
 * `mloja` (Duplica Loja) and `musuario` (Repete Usuario): 'N' leaves out the shops / users
 * that already have a winner in the campaign; absent means 'S' (no restriction).
 * `semente`: the public seed of an auditable draw (e.g. the Loteria Federal results of a
 * named contest); without it the draw uses the server's cryptographic randomness.
 */
export const SorteioQuery = z.object({
  cod_cidade: CodCidadeSchema.optional(),
  mloja: SimNao.default('S'),
  musuario: SimNao.default('S'),
  semente: z
    .string({ error: MSG_SORTEIO.sementeInvalida })
    .trim()
    .min(1, { error: MSG_SORTEIO.sementeInvalida })
    .max(200, { error: MSG_SORTEIO.sementeInvalida })
    .refine((v) => !/[\r\n\t]/.test(v), { error: MSG_SORTEIO.sementeInvalida })
    .optional(),
  /**
   * The opening of this draw (`POST …/abertura`, issue 49): the draw uses the server seed whose
   * SHA-256 that opening published, and reveals it. What the web sends; `semente` stays for
   * compatibility only.
   */
  abertura: IdSchema.optional(),
});
export type SorteioQuery = z.input<typeof SorteioQuery>;

// ── The opening: POST /v1/adm/sorteio/{id_campanha}/abertura (issue 49) ──────

/**
 * Commit-reveal of the instant draw: opening the draw dialog makes a fresh server seed (32
 * random bytes, hex) and publishes `hash_semente`, the SHA-256 (hex) of the seed's text, before
 * any draw; the seed itself is answered only by the one draw that uses this opening. So the
 * admin never chooses the seed, and every opening stays public, drawn or not.
 */
export const AberturaSorteio = z.object({
  id_abertura: z.number().int(),
  id_campanha: z.number().int(),
  hash_semente: z.string(),
  aberto_em: z.string(), // ISO instant
});
export type AberturaSorteio = z.infer<typeof AberturaSorteio>;

/** The public record of an opening: `GET /v1/sorteios/aberturas/{id_abertura}`. */
export const AberturaSorteioPublica = AberturaSorteio.extend({
  den_campanha: z.string(),
  cod_cidade: z.number().int(),
  /** The draw that used it (its record), null while unused. */
  id_registro: z.number().int().nullable(),
  /** The seed, revealed once the draw is made; null before. */
  semente: z.string().nullable(),
});
export type AberturaSorteioPublica = z.infer<typeof AberturaSorteioPublica>;

export const AberturaSorteioParams = z.object({ id_abertura: IdSchema });

/**
 * The draw result (spec §3, 'nom_estabecimento' spelt so) plus what an auditor needs:
 * `id_registro` is the public record (`GET /v1/sorteios/{id_registro}`).
 */
export const ResultadoSorteio = z.object({
  idsorteado: z.number().int(),
  id_sorteio: z.number().int(), // the coupon's stored number in its campaign (never shown)
  codigo: z.string(), // 'SSS-NNNNN': what screens show
  id_usuario: z.number().int(),
  id_estabelecimento: z.number().int(),
  nom_estabecimento: z.string(),
  nom_usuario: z.string(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  data_sorteio: z.string(),
  id_registro: z.number().int(),
  semente: z.string().nullable(),
  /** The opening used (issue 49) and the hash it published; null for a draw without one. */
  id_abertura: z.number().int().nullable().default(null),
  hash_semente: z.string().nullable().default(null),
  hash_lista: z.string().nullable(),
  qtd_elegiveis: z.number().int(),
  posicao: z.number().int(), // 0-based position of the winner in the ordered eligible list
});
export type ResultadoSorteio = z.infer<typeof ResultadoSorteio>;

/** The public record of a draw: anyone may read it; names are masked. */
export const RegistroSorteio = z.object({
  id_registro: z.number().int(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  cod_cidade: z.number().int(),
  realizado_em: z.string(), // ISO instant
  mloja: SimNao,
  musuario: SimNao,
  semente: z.string().nullable(),
  /** Commit-reveal (issue 49): the opening whose published hash the seed matches; null before. */
  id_abertura: z.number().int().nullable().default(null),
  hash_semente: z.string().nullable().default(null),
  hash_lista: z.string().nullable(),
  qtd_elegiveis: z.number().int(),
  posicao: z.number().int(),
  codigo: z.string(), // the winning coupon by its one public identity, série-número
  participante: z.string(), // masked (spec §5 masking)
  nom_estabelecimento: z.string(),
  /** Where the ticket file is, when the draw kept it (seeded draws). */
  bilhetes: z.string().nullable(),
  /** The winner was annulled (issue 36): when and the written reason, public next to the draw. */
  anulado: z.boolean(),
  anulado_em: z.string().nullable(),
  motivo_anulacao: z.string().nullable(),
});
export type RegistroSorteio = z.infer<typeof RegistroSorteio>;

export const RegistroSorteioParams = z.object({ id_registro: IdSchema });

/**
 * The ticket file of a seeded draw (CSV, UTF-8, `\n` line ends, `;` separated), the eligible
 * coupons in issue order: header `posicao;codigo;participante;estabelecimento`, then one line
 * per coupon, `posicao` from 0, the coupon by its code (`série-número`, `SSS-NNNNN`), names
 * masked. `hash_lista` is the SHA-256 (hex) of the whole file's bytes. (Files of draws made
 * before this format also carried the stored number, `posicao;cupom;codigo;…`; they stay as
 * published and `verify-draw` still reads them.)
 */
export const TICKET_FILE_HEADER = 'posicao;codigo;participante;estabelecimento';

// ── The campaign's coupon range: GET /v1/adm/sorteio/{id_campanha}/faixa ─────

/**
 * The coupons a campaign has issued, first and last by code (`null` when none yet): the draw
 * dialog's rolling display shows only codes of this range.
 */
export const FaixaSorteio = z.object({
  id_campanha: z.number().int(),
  qtd_cupons: z.number().int(),
  primeiro: z.string().nullable(),
  ultimo: z.string().nullable(),
});
export type FaixaSorteio = z.infer<typeof FaixaSorteio>;

// ── Winners: /v1/adm/contemplados ───────────────────────────────────────────

/** A winner as the admin screens read it (spec §3 Winner: both spellings of date and photos). */
export const ContempladoAdmin = z.object({
  id_sorteado: z.number().int(),
  id_sorteio: z.number().int().nullable(), // the coupon's number, when the winner came from a coupon
  id_usuario: z.number().int().nullable(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  id_estabelecimento: z.number().int().nullable(),
  nom_estabelecimento: z.string(),
  nome_sorteado: z.string(),
  nome: z.string(), // the participant's registered name ('' when none or removed)
  data_sorteio: z.string(),
  id_vendedor: z.number().int(), // 99 = 'Sem Vendedor'
  nom_vendedor: z.string(),
  nome_vendedor: z.string(),
  data_venda: z.string().nullable(),
  dat_venda: z.string().nullable(),
  numero_venda: z.string().nullable(),
  valor_venda: z.number().nullable(),
  endereco: z.string(),
  numero: z.string(),
  banner: z.string(),
  fotos: z.array(z.string()),
  images: z.array(z.object({ url_foto: z.string() })),
  /** Issue 36: the apuração it came from, its annulment (with the public reason) and delivery. */
  id_apuracao: z.number().int().nullable(),
  anulado_em: z.string().nullable(),
  motivo_anulacao: z.string().nullable(),
  entregue_em: z.string().nullable(),
});
export type ContempladoAdmin = z.infer<typeof ContempladoAdmin>;

export const ContempladosQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  id_campanha: numeric(z.number().int().min(0)).optional(),
});

/** A photo in the body: a stored path, or `{url_foto}` as the `images` spelling has it. */
const FotoEntrada = z.union([CaminhoImagemSchema, z.object({ url_foto: CaminhoImagemSchema })]);

/**
 * POST and PATCH `/v1/adm/contemplados` (spec §7). PATCH changes only what is sent. With
 * `id_sorteio` (a coupon number of the campaign) the participant, shop and sale come from
 * that coupon; without it the admin names them. `fotos` (or `images`), when sent, is the
 * whole list, in order, at most 10.
 */
export const ContempladoBody = z.object({
  id_sorteado: numeric(z.number().int().min(0)).optional(),
  id_sorteio: z
    .preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), IdSchema.nullable())
    .optional(),
  id_usuario: z
    .preprocess((v) => (v === '' || v === 0 || v === -1 ? null : v), IdSchema.nullable())
    .optional(),
  id_campanha: IdSchema.optional(),
  id_estabelecimento: z.preprocess((v) => (v === '' || v === 0 ? null : v), IdSchema.nullable()).optional(),
  data_sorteio: DataSchema.optional(),
  nome_sorteado: nomeDigitado(
    z
      .string({ error: MSG_SORTEIO.nomeObrigatorio })
      .trim()
      .min(1, { error: MSG_SORTEIO.nomeObrigatorio })
      .max(120, { error: 'Use no máximo 120 caracteres' }),
  ).optional(),
  id_vendedor: numeric(z.number().int().min(0)).optional(), // 99 or 0 = 'Sem Vendedor'
  nome_vendedor: nomeDigitado(z.string().trim().max(80)).optional(),
  fotos: z.array(FotoEntrada).max(10, { error: MSG_SORTEIO.fotosDemais }).optional(),
  images: z.array(FotoEntrada).max(10, { error: MSG_SORTEIO.fotosDemais }).optional(),
});
export type ContempladoBody = z.input<typeof ContempladoBody>;
export type ContempladoDados = z.output<typeof ContempladoBody>;

export const ContempladoParams = z.object({ id_sorteado: IdSchema });
