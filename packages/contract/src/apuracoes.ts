import { z } from 'zod';
import { CodCidadeSchema, IdSchema, numeric, SimNao } from './common.js';

/**
 * Apurações (issue 36): prize draws decided by a Loteria Federal contest (Lei 5.768/71 art. 1
 * §4; Decreto 70.951/72 arts. 16–17). When an admin schedules one, the campaign's eligible
 * coupons are frozen into a public ticket file whose SHA-256 is published before the contest;
 * after the contest the admin enters its five prizes and the winners follow from the published
 * rule ({@link REGRA_APURACAO}), which anyone re-runs with `npm run verify-draw`.
 */
export const MSG_APURACAO = {
  campanhaObrigatoria: 'Selecione uma campanha',
  campanhaNaoEncontrada: 'Campanha não encontrada',
  concursoInvalido: 'Informe o número do concurso da Loteria Federal',
  dataConcursoInvalida: 'Informe a data do concurso (hoje ou depois)',
  qtdPremiosInvalida: 'Informe quantos prêmios serão apurados (de 1 a 100)',
  semBilhetes: 'Nenhum cupom elegível nesta campanha para congelar',
  apuracaoNaoEncontrada: 'Apuração não encontrada',
  antesDoConcurso: 'O resultado só pode ser lançado a partir da data do concurso',
  jaApurada: 'Esta apuração já tem resultado',
  congelando: 'Os bilhetes desta apuração ainda estão sendo congelados; tente de novo em instantes',
  premiosInvalidos: 'Informe os 5 primeiros prêmios do concurso, com 5 dígitos cada',
  bilheteInvalido: 'Informe o número como série-número, por exemplo 000-00034',
  motivoObrigatorio: 'Informe o motivo da anulação (de 10 a 500 caracteres)',
  jaAnulado: 'Este contemplado já foi anulado',
  contempladoDeSorteio:
    'Um contemplado de sorteio não pode ser excluído: anule-o informando o motivo, que fica público',
  sorteadoNaoMuda:
    'O cupom, a campanha, o participante e a loja de um contemplado de sorteio não mudam: anule-o informando o motivo, que fica público',
} as const;

/** Decreto 70.951/72 art. 17 §1: a series holds at most 100,000 numbers (COUPON_SERIES_SIZE). */
export const QTD_PREMIOS_MAX = 100;
/** Lei 5.768/71 art. 6: a prize not claimed in 180 days is prescribed. */
export const PRESCRICAO_DIAS = 180;

/** The ticket file's header: comma-separated, one eligible ticket a line in (série, número) order. */
export const APURACAO_CSV_HEADER = 'serie,numero,titular,id_estabelecimento';

/** The default regulamento, as the public page states it (issue 36, "The rule"). */
export const REGRA_APURACAO = [
  'O número é formado pelo algarismo das unidades do 1º, 2º, 3º, 4º e 5º prêmios da Loteria Federal, nessa ordem (5 algarismos).',
  'Seja S a maior série do arquivo de bilhetes mais 1. Se S = 1, a série é 000; senão, é o número de 3 algarismos formado pelo algarismo das dezenas do 1º, 2º e 3º prêmios, módulo S.',
  'Ganha o primeiro bilhete elegível na posição (série, número) ou depois dela, na ordem do arquivo; depois do último bilhete volta-se ao primeiro.',
  'Cada prêmio seguinte vai para o primeiro bilhete elegível depois do ganhador anterior, também voltando ao início.',
  'É elegível o bilhete que está no arquivo e ainda não ganhou nesta apuração; sem repetir participante, o mesmo titular não ganha dois prêmios; sem repetir loja, a mesma loja não dá dois prêmios.',
] as const;

const intOf = (msg: string, min: number, max: number) =>
  numeric(z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg }));

const DiaSchema = z
  .string({ error: MSG_APURACAO.dataConcursoInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_APURACAO.dataConcursoInvalida });

// ── Schedule: POST /v1/adm/apuracoes ─────────────────────────────────────────

export const AgendarApuracaoBody = z.object({
  id_campanha: intOf(MSG_APURACAO.campanhaObrigatoria, 1, 2_147_483_647),
  concurso: intOf(MSG_APURACAO.concursoInvalido, 1, 999_999),
  data_concurso: DiaSchema, // today or later in the programme's time zone (checked by the server)
  qtd_premios: intOf(MSG_APURACAO.qtdPremiosInvalida, 1, QTD_PREMIOS_MAX),
  mloja: SimNao.default('S'),
  musuario: SimNao.default('S'),
});
export type AgendarApuracaoBody = z.input<typeof AgendarApuracaoBody>;

/** Move to another contest before any result: PATCH /v1/adm/apuracoes/{id}. */
export const ReagendarApuracaoBody = z.object({
  concurso: intOf(MSG_APURACAO.concursoInvalido, 1, 999_999),
  data_concurso: DiaSchema,
  motivo: z.string().trim().max(500).optional(),
});
export type ReagendarApuracaoBody = z.input<typeof ReagendarApuracaoBody>;

// ── Result: POST /v1/adm/apuracoes/{id}/resultado ────────────────────────────

const Premio = z.string({ error: MSG_APURACAO.premiosInvalidos }).regex(/^\d{5}$/, {
  error: MSG_APURACAO.premiosInvalidos,
});
export const ResultadoApuracaoBody = z.object({
  premios: z.array(Premio, { error: MSG_APURACAO.premiosInvalidos }).length(5, {
    error: MSG_APURACAO.premiosInvalidos,
  }),
});
export type ResultadoApuracaoBody = z.input<typeof ResultadoApuracaoBody>;

/** One winner, in prize order. */
export const GanhadorApuracao = z.object({
  premio: z.number().int(), // 1-based prize order
  serie_numero: z.string(), // 'SSS-NNNNN'
  titular: z.string(), // the ticket file's pseudonym
  participante: z.string(), // masked name
  id_estabelecimento: z.number().int(),
  nom_estabelecimento: z.string(),
  id_sorteado: z.number().int().nullable(), // the winner record (contemplados)
  anulado: z.boolean(),
  motivo_anulacao: z.string().nullable(),
  entregue: z.boolean(), // the admin recorded the prize as delivered
  prescrito: z.boolean(), // not delivered PRESCRICAO_DIAS after the result
});
export type GanhadorApuracao = z.infer<typeof GanhadorApuracao>;

/** The admin's answer also names the person (id_usuario); the public record never does. */
export const GanhadorApuracaoAdmin = GanhadorApuracao.extend({ id_usuario: z.number().int() });

export const ResultadoApuracao = z.object({
  id_apuracao: z.number().int(),
  premios: z.array(z.string()),
  serie_inicial: z.string(), // 'SSS'
  numero_inicial: z.string(), // 'NNNNN'
  ganhadores: z.array(GanhadorApuracaoAdmin),
});
export type ResultadoApuracao = z.infer<typeof ResultadoApuracao>;

// ── The public record: GET /v1/apuracoes/{id}, GET /v1/apuracoes?cod_cidade= ─

/**
 * 'congelando': scheduled, the tickets that go in are fixed, and the ticket file is still being
 * written (a job, decision 046): no hash yet, no result possible.
 */
export const StatusApuracao = z.enum(['congelando', 'agendada', 'apurada']);

export const ReagendamentoApuracao = z.object({
  em: z.string(), // ISO instant
  concurso_anterior: z.number().int(),
  data_anterior: z.string(),
  concurso: z.number().int(),
  data_concurso: z.string(),
  motivo: z.string().nullable(),
});

export const Apuracao = z.object({
  id_apuracao: z.number().int(),
  status: StatusApuracao,
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  cod_cidade: z.number().int(),
  concurso: z.number().int(),
  data_concurso: z.string(), // YYYY-MM-DD
  qtd_premios: z.number().int(),
  mloja: SimNao,
  musuario: SimNao,
  hash_bilhetes: z.string(), // SHA-256 (hex) of the ticket file's bytes; '' while congelando
  qtd_bilhetes: z.number().int(),
  bilhetes_gravados: z.number().int(), // tickets written so far (= qtd_bilhetes once frozen)
  congelado_em: z.string(), // ISO instant: when the tickets that go in were fixed
  bilhetes: z.string(), // path of the ticket file, /v1/apuracoes/{id}/bilhetes.csv
  regra: z.array(z.string()), // REGRA_APURACAO, the rule in words
  reagendamentos: z.array(ReagendamentoApuracao),
  apurada_em: z.string().nullable(),
  premios: z.array(z.string()).nullable(), // the contest's 1st–5th prizes in full, once apurada
  serie_inicial: z.string().nullable(),
  numero_inicial: z.string().nullable(),
  ganhadores: z.array(GanhadorApuracao), // [] while agendada
});
export type Apuracao = z.infer<typeof Apuracao>;

/** The city's public list: apurações, and every instant draw too (no hidden re-draws). */
export const ItemSorteioPublico = z.object({
  tipo: z.enum(['apuracao', 'instantaneo']),
  id_apuracao: z.number().int().nullable(), // apuração
  id_registro: z.number().int().nullable(), // instant draw: GET /v1/sorteios/{id_registro}
  status: z.enum(['congelando', 'agendada', 'apurada', 'realizado']),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  concurso: z.number().int().nullable(),
  data: z.string(), // contest day (apuração) or draw instant (instant draw)
  hash: z.string().nullable(),
  qtd_bilhetes: z.number().int(),
  ganhadores: z.array(
    z.object({
      serie_numero: z.string(),
      participante: z.string(),
      nom_estabelecimento: z.string(),
      anulado: z.boolean(),
      motivo_anulacao: z.string().nullable(),
    }),
  ),
});
export type ItemSorteioPublico = z.infer<typeof ItemSorteioPublico>;

export const ApuracoesQuery = z.object({ cod_cidade: CodCidadeSchema });
export const ApuracaoParams = z.object({ id_apuracao: IdSchema });

/** Does a série-número take part? GET /v1/apuracoes/{id}/bilhetes/{serie_numero}. */
export const ConsultaBilheteParams = ApuracaoParams.extend({ serie_numero: z.string().max(20) });
export const ConsultaBilhete = z.object({
  serie_numero: z.string(),
  no_arquivo: z.boolean(),
  ganhador: z.boolean(),
  premio: z.number().int().nullable(),
});
export type ConsultaBilhete = z.infer<typeof ConsultaBilhete>;

// ── The resident's numbers: GET /v1/usuarios/numeros ─────────────────────────

export const MeusNumeros = z.array(
  z.object({
    id_campanha: z.number().int(),
    den_campanha: z.string(),
    numeros: z.array(
      z.object({
        serie_numero: z.string(),
        anulado: z.boolean(),
        /** The apurações whose frozen ticket file holds this number. */
        apuracoes: z.array(
          z.object({ id_apuracao: z.number().int(), concurso: z.number().int(), status: StatusApuracao }),
        ),
        /** Won (in an apuração or an instant draw) and not annulled. */
        ganhador: z.boolean(),
      }),
    ),
  }),
);
export type MeusNumeros = z.infer<typeof MeusNumeros>;

// ── Annulling a drawn winner: POST /v1/adm/contemplados/{id_sorteado}/anulacao ─

export const AnulacaoBody = z.object({
  motivo: z
    .string({ error: MSG_APURACAO.motivoObrigatorio })
    .trim()
    .min(10, { error: MSG_APURACAO.motivoObrigatorio })
    .max(500, { error: MSG_APURACAO.motivoObrigatorio }),
});
export type AnulacaoBody = z.input<typeof AnulacaoBody>;
