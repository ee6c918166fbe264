import { z } from 'zod';
import { MSG_CONTEUDO, isRealDay } from './city-content.js';
import { CodCidadeSchema, DataSchema } from './common.js';

/**
 * Alerts for the city (issue 37): what looks wrong in one day's sales, each with its evidence
 * and the sales behind it, for the admins of the city to look into (docs/security.md lists the
 * rules and their thresholds).
 */
export const REGRAS_ALERTA = [
  'pico_loja',
  'vendas_repetidas_pessoa',
  'valor_abaixo_limite',
  'madrugada',
] as const;
export type RegraAlerta = (typeof REGRAS_ALERTA)[number];

/** `GET /v1/adm/alertas?cod_cidade=&data=`: the city (default the caller's) and a real day. */
export const AlertasQuery = z.object({
  cod_cidade: CodCidadeSchema.optional(),
  data: DataSchema.refine(isRealDay, { error: MSG_CONTEUDO.dataInvalida }),
});
export type AlertasQuery = z.input<typeof AlertasQuery>;

/** One alert: the rule, the shop, the person when the rule is about one, the evidence in words and the sales. */
export const Alerta = z.object({
  regra: z.enum(REGRAS_ALERTA),
  id_estabelecimento: z.number().int(),
  id_usuario: z.number().int().optional(),
  evidencia: z.string(),
  ids_venda: z.array(z.number().int()),
});
export type Alerta = z.infer<typeof Alerta>;
