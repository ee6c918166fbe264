import { z } from 'zod';
import { CodCidadeSchema, DataSchema, IdSchema, numeric } from './common.js';
import { SALE_MAX_VALUE } from './limits.js';
import { isCustomerSearchOk } from './validators.js';
import { CpfSchema } from './users.js';

/** The spec's sale messages (§5), to the letter, typos included. */
export const MSG_VENDA = {
  /** Issue 40: the recipient is chosen by name or given by CPF, not both. */
  destinatarioOuCpf: 'Informe o destinatário ou o CPF, não os dois',
  numeroInvalido: 'Numero da venda invalido',
  valorInvalido: 'Valor da Venda invaldo',
  valorAcimaLimite: 'Valor da Venda acima do limite',
  definaDestinatario: 'Defina o Destinatario',
  destinatarioJaDefinido: 'Voce ja definiou para quem e esta venda',
  naoParticipa: 'Estabebelecimento nao participa da campanha',
  campanhasNaoCarregadas: 'Nao carregou as campanhas',
  numeroDuplicado: 'Já existe uma venda com este número neste estabelecimento',
  foraDaValidade: 'A data da venda está fora da validade da campanha',
  cupomSorteado: 'Esta venda tem cupom já sorteado e não pode ser alterada nem excluída',
  vendaNaoEncontrada: 'Venda não encontrada',
  destinatarioNaoEncontrado: 'Destinatário não encontrado',
  codigoInvalido: 'Código de venda inválido',
  codigoExpirado: 'Este código de venda expirou',
  codigoJaUsado: 'Este código de venda já foi resgatado',
  naoPendente: 'Esta venda não está aguardando resgate por QR Code',
  qrIndisponivel: 'O QR Code desta venda não pode ser mostrado de novo',
  buscaCurta: 'Digite ao menos 3 letras do nome ou os 4 últimos dígitos do WhatsApp',
  vendedorInvalido: 'Vendedor não pertence a este estabelecimento',
  dataInvalida: 'Data da venda inválida',
  dataFutura: 'A data da venda não pode ser no futuro',
  /** Issue 37. `{n}` is replaced by VENDA_RETROATIVA_DIAS. */
  dataAntiga: 'A data da venda não pode ser de mais de {n} dias atrás',
  campanhaEncerrada: 'Esta campanha já terminou e não recebe mais vendas',
  /**
   * Issue 49: a sale with a coupon in an apuração's frozen ticket file is neither edited nor
   * deleted (sales go on after a freeze: their coupons are numbered above the file's).
   */
  bilhetesCongelados:
    'Os cupons desta venda estão no arquivo de bilhetes congelado de uma apuração: ela não pode ser editada nem excluída',
  autoVenda:
    'Você não pode registrar uma venda para você mesmo nem para outra pessoa ligada a este estabelecimento',
  /** `{n}` is replaced by the campaign's limit. */
  limiteVendasDiaLoja: 'Limite da campanha: no máximo {n} vendas por dia desta loja para a mesma pessoa',
  limiteCuponsMes: 'Limite da campanha: no máximo {n} cupons por mês para a mesma pessoa',
  limiteValorDia: 'Limite da campanha: no máximo R$ {n} em vendas por dia para a mesma pessoa',
  /** Issue 53: the sale's NFC-e key. */
  chaveNfceObrigatoria: 'Esta campanha exige a chave da nota fiscal (NFC-e) de cada venda',
  notaDeOutraLoja: 'Esta nota fiscal foi emitida por um CNPJ que não é desta loja',
  chaveJaInformada: 'Esta nota fiscal já foi informada em outra venda',
  vendaConfirmadaPeloRecibo:
    'Esta venda foi confirmada pela nota fiscal do cliente e não pode mais ser alterada nem excluída',
  /** Issue 52: a partner's daily recipient look-ups (searches and sales to a person) are spent. */
  limiteBuscasDia:
    'Limite diário de buscas de clientes atingido: tente de novo amanhã ou fale com a administração',
} as const;

/** 'Sem Vendedor' is id 99 on the wire (spec §3). */
export const VendedorSchema = z.object({
  id_estabelecimento: z.number().int(),
  id_vendedor: z.number().int(),
  nome_vendedor: z.string(),
});
export type Vendedor = z.infer<typeof VendedorSchema>;

/**
 * Customer search result (spec §3), at most 6: `whatsup` masked but for its last 4 digits
 * (`maskPhone`, issue 37), enough to tell two namesakes apart and no more.
 */
export const ClienteBusca = z.object({
  id_usuario: z.number().int(),
  nome: z.string(),
  whatsup: z.string(),
  /** Issue 40: when found by a full CPF, that CPF masked (`***.456.789-**`). */
  cpf: z.string().optional(),
});
export type ClienteBusca = z.infer<typeof ClienteBusca>;
export const ClienteBuscaQuery = z.object({
  nome: z.string().trim().max(100).refine(isCustomerSearchOk, { error: MSG_VENDA.buscaCurta }),
});

/** A campaign a shop takes part in, for the sales screen's selector. */
export const CampanhaDaLoja = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  validade_ini: z.string(),
  validade_fim: z.string(),
  fator_cashback: z.number(),
  fator_sorteio: z.number(),
  /** Issue 53: every sale of the campaign must carry its receipt's NFC-e key (absent: false). */
  exige_nfce: z.boolean().optional(),
});
export type CampanhaDaLoja = z.infer<typeof CampanhaDaLoja>;
export const CampanhasDaLojaQuery = z.object({ id_estabelecimento: IdSchema });

/** Money on the wire: a number with at most 2 decimals (the web sends 1234.56). */
const valorVenda = z
  .number({ error: 'Valor da Venda invaldo' })
  .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    error: 'Valor da Venda invaldo',
  })
  // At least one cent: a positive value too small to round to a cent (5e-324) is no money.
  .refine((v) => Math.round(v * 100) >= 1, { error: 'Valor da Venda invaldo' })
  .refine((v) => v <= SALE_MAX_VALUE, { error: 'Valor da Venda acima do limite' });

/**
 * Create or edit a sale (spec §7 partner calls). `id_usuario` -1 (or absent) means no
 * recipient yet: allowed only with `qrcode: true`, which keeps the sale pending and answers a
 * signed hand-over code instead. `id_vendedor` 99 means 'Sem Vendedor'.
 */
export const VendaBody = z.object({
  id_campanha: IdSchema,
  id_estabelecimento: IdSchema,
  // Below -1 (or not a whole number) is no recipient a person chose: the dialog's message (spec §5).
  id_usuario: z
    .number({ error: MSG_VENDA.definaDestinatario })
    .int({ error: MSG_VENDA.definaDestinatario })
    .min(-1, { error: MSG_VENDA.definaDestinatario })
    .optional()
    .default(-1),
  dat_venda: DataSchema,
  numero_venda: z
    .string({ error: 'Numero da venda invalido' })
    .trim()
    .min(1, { error: 'Numero da venda invalido' })
    .max(40, { error: 'Numero da venda invalido' }),
  valor_venda: valorVenda,
  id_vendedor: z.number().int().optional().default(99),
  qrcode: z.boolean().optional().default(false),
  /**
   * Issue 40: the resident's CPF in place of `id_usuario` (omitted or -1). Its account gets the
   * sale; a CPF without an account keeps the sale pending for it until it signs up.
   */
  cpf: CpfSchema.optional(),
  /**
   * Issue 53: the receipt's NFC-e access key (44 positions, or the QR code's text), checked as
   * a resident's (MSG_NFCE) and against the shop's CNPJs; a key reports once. Required in a
   * campaign with `exige_nfce`. With it, `id_usuario: -1` and no `cpf` nor `qrcode` is a sale
   * that names no buyer: its receipt can only be donated.
   */
  chave_nfce: z.string().trim().max(2000).optional(),
});
export type VendaBody = z.input<typeof VendaBody>;

export const VendaSchema = z.object({
  id_venda: z.number().int(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  id_usuario: z.number().int(), // -1 while a QR hand-over is pending
  nomeusuarios: z.string(),
  dat_venda: z.string(),
  numero_venda: z.string(),
  valor_venda: z.number(),
  id_vendedor: z.number().int(),
  nome_vendedor: z.string(),
  pontos: z.number(),
  cashback: z.number(),
  cupons: z.number().int(), // coupons this sale completed
  pendente: z.boolean(), // waiting for the QR claim (or, issue 40, for a CPF's account)
  /** Issue 40: waiting for the account of a CPF, shown only masked. */
  pendente_cpf: z.boolean().optional(),
  cpf: z.string().optional(),
  /**
   * Issue 52, the city admins' list only: why a rule refused to credit a sale waiting for a CPF
   * (it keeps waiting; a proof or a new holder of the CPF tries it again).
   */
  cpf_motivo: z.string().optional(),
  /** Issue 53: the NFC-e key the partner reported, and whether the resident's receipt matched it. */
  chave_nfce: z.string().nullable(),
  confirmada_recibo: z.boolean(),
});
export type Venda = z.infer<typeof VendaSchema>;

/**
 * A sale of the partner's list (`GET /v1/parceiro/vendas`), issue 49: `congelada` when a coupon
 * of it is in the frozen ticket file of an apuração of its campaign (the sale can then be
 * neither edited nor deleted).
 */
export const VendaDaLista = VendaSchema.extend({ congelada: z.boolean() });
export type VendaDaLista = z.infer<typeof VendaDaLista>;

export const VendasQuery = z.object({
  id_campanha: numeric(z.number().int().min(0)).optional().default(0), // 0 = all campaigns of the current year
  id_estabelecimento: IdSchema,
  pagina: numeric(z.number().int().min(1).max(100_000)).default(1),
  limite: numeric(z.number().int().min(1).max(100)).default(20),
  q: z.string().trim().max(100).optional(),
});

/** A coupon as the consumer sees it (spec §3, 'nom_estabecimento' spelt so). */
export const CupomSchema = z.object({
  id_sorteio: z.number().int(), // the coupon's number in its campaign
  serie: z.number().int(), // series of 100,000 numbers, from 0
  numero: z.number().int(), // number inside the series, 0..99999
  codigo: z.string(), // 'SSS-NNNNN'
  dat_emissao: z.string(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  banner: z.string(),
  id_estabelecimento: z.number().int(),
  nom_estabecimento: z.string(),
  url_logo: z.string(),
  /** Issue 51: the entity the coupon goes to (a gift, or the chosen entity's share), else null. */
  doado_para: z.string().nullable(),
});
export type Cupom = z.infer<typeof CupomSchema>;

/** `GET /v1/usuarios/cupons`: one element per campaign, the current one first (domain §2). */
export const SaldoCampanha = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  saldo: z.number(), // fraction of a point toward the next coupon, 0 ≤ saldo < 1
  pontos: z.number(), // all points earned in the campaign
  cupons: z.array(CupomSchema),
});
export type SaldoCampanha = z.infer<typeof SaldoCampanha>;
export const CuponsQuery = z.object({ cod_cidade: CodCidadeSchema });

/** A statement line (spec §2 Extrato de Lançamentos). */
export const ExtratoItem = z.object({
  id_venda: z.number().int(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  id_estabelecimento: z.number().int(),
  nomeestabelecimento: z.string(),
  dat_venda: z.string(),
  numero_venda: z.string(),
  valor_venda: z.number(),
  cashback: z.number(),
  pontos: z.number(),
  cupons: z.number().int(),
});
export type ExtratoItem = z.infer<typeof ExtratoItem>;

/**
 * Answer to creating a pending sale with `qrcode: true`, and to
 * `GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda}/qrcode`: the same code again while
 * the sale waits (unclaimed, unexpired).
 */
export const VendaQrResposta = z.object({
  id_venda: z.number().int(),
  codigo: z.string(), // what the QR image holds
  expira_em: z.string(),
});

/** The QR code's content once decoded (spec §3 Sale hand-over code content). */
export const ConteudoQr = z.object({
  idcampanha: z.number().int(),
  dencampanha: z.string(),
  idestabelecimento: z.number().int(),
  nomeestabelecimento: z.string(),
  numerovenda: z.string(),
  valorvenda: z.number(),
  id_vendedor: z.number().int(),
});

export const ResgateBody = z.object({
  codigo: z.string().trim().min(1, { error: 'Código de venda inválido' }).max(4000),
});
export const ResgateResposta = z.object({
  id_venda: z.number().int(),
  den_campanha: z.string(),
  nomeestabelecimento: z.string(),
  valor_venda: z.number(),
  pontos: z.number(),
  cupons: z.array(CupomSchema), // coupons this claim issued
  saldo: z.number(),
});

/** `GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda}`. */
export const VendaParams = z.object({ id_estabelecimento: IdSchema, id_venda: IdSchema });
/** `PATCH`/`DELETE /v1/parceiro/vendas/{id_venda}`. */
export const IdVendaParams = z.object({ id_venda: IdSchema });

/**
 * Answer to `POST /v1/parceiro/vendas` with a recipient (201): the sale, the coupons it issued
 * (empty when it completed none) and, to admins only (issue 52: never another person's balance
 * to a partner), the recipient's `saldo` in the campaign afterwards.
 * With `qrcode: true` the answer is `VendaQrResposta` instead; with `cpf`, `VendaCpfCriada`.
 */
export const VendaCriada = z.object({
  venda: VendaSchema,
  cupons: z.array(CupomSchema),
  saldo: z.number().optional(),
});
export type VendaCriada = z.infer<typeof VendaCriada>;

/**
 * Issue 52: answer to `POST /v1/parceiro/vendas` with `cpf` (201), the same whatever that CPF
 * is (proven, declared, of another city, unknown): the sale and the CPF masked, nothing of its
 * owner. The sale waits for the CPF; its account, if one may take it, is credited behind the
 * answer.
 */
export const VendaCpfCriada = z.object({
  id_venda: z.number().int(),
  cpf: z.string(), // `***.456.789-**`
});
export type VendaCpfCriada = z.infer<typeof VendaCpfCriada>;
export type VendaQrResposta = z.infer<typeof VendaQrResposta>;
export type ResgateResposta = z.infer<typeof ResgateResposta>;

/**
 * What `VendaQrResposta.codigo` carries: `base64url(JSON) + '.' + base64url(HMAC-SHA256)`.
 * The JSON holds the spec's hand-over fields plus the sale, a single-use claim token and the
 * expiry instant (ISO 8601); only the server can sign it (docs/decisions/005-ledger.md).
 */
export const ConteudoQrAssinado = ConteudoQr.extend({
  id_venda: z.number().int(),
  token: z.string(),
  exp: z.string(),
});
export type ConteudoQrAssinado = z.infer<typeof ConteudoQrAssinado>;
