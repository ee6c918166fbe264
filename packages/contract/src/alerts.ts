import { z } from 'zod';
import { MSG_CONTEUDO, isRealDay } from './city-content.js';
import { CodCidadeSchema, DataSchema } from './common.js';

/**
 * Alerts for the city (issue 37): what looks wrong in one day's sales, each with its evidence
 * and the sales behind it, for the admins of the city to look into (docs/security.md lists the
 * rules and their thresholds). Issue 53 adds three rules over the residents' fiscal receipts
 * (NFC-e) of the days up to the one asked: a shop whose receipts are never reported, one key
 * tried by several people, and donations of receipts without a buyer gathered in one entity;
 * and, where a city has the SEFAZ gateway, sales worth more than the total SEFAZ authorised on
 * the receipt that confirmed them.
 */
export const REGRAS_ALERTA = [
  'pico_loja',
  'vendas_repetidas_pessoa',
  'valor_abaixo_limite',
  'madrugada',
  'recibos_nao_informados',
  'chave_varias_pessoas',
  'doacoes_concentradas',
  'venda_acima_da_nota',
] as const;
export type RegraAlerta = (typeof REGRAS_ALERTA)[number];

/** `GET /v1/adm/alertas?cod_cidade=&data=`: the city (default the caller's) and a real day. */
export const AlertasQuery = z.object({
  cod_cidade: CodCidadeSchema.optional(),
  data: DataSchema.refine(isRealDay, { error: MSG_CONTEUDO.dataInvalida }),
});
export type AlertasQuery = z.input<typeof AlertasQuery>;

/**
 * One alert: the rule, the shop (none for `doacoes_concentradas`, nor for a key whose CNPJ is no
 * longer a shop's), the person when the rule is about one, the evidence in words and the sales;
 * a receipts' rule also names its receipts, and the key, its people or the entity it is about.
 */
export const Alerta = z.object({
  regra: z.enum(REGRAS_ALERTA),
  id_estabelecimento: z.number().int().optional(),
  id_usuario: z.number().int().optional(),
  evidencia: z.string(),
  ids_venda: z.array(z.number().int()),
  /** Issue 53: the receipts behind a receipts' rule. */
  ids_recibo: z.array(z.number().int()).optional(),
  /** `chave_varias_pessoas`: the key (44 positions) and who tried it. */
  chave: z.string().optional(),
  ids_usuario: z.array(z.number().int()).optional(),
  /** `doacoes_concentradas`: the social entity the donations went to. */
  id_entidade: z.number().int().optional(),
});
export type Alerta = z.infer<typeof Alerta>;
