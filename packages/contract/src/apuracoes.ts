import { z } from 'zod';
import { CodCidadeSchema, IdSchema, numeric, SimNao } from './common.js';

/**
 * Apurações (issue 36): prize draws decided by a Loteria Federal contest (Lei 5.768/71 art. 1
 * §4; Decreto 70.951/72 arts. 16–17). When an admin schedules one, the campaign's eligible
 * coupons are frozen into a public ticket file whose SHA-256 is published before the contest;
 * after the contest the admin enters its five prizes and the winners follow from the published
 * rule ({@link REGRAS_APURACAO}), which anyone re-runs with `npm run verify-draw`.
 */
export const MSG_APURACAO = {
  campanhaObrigatoria: 'Selecione uma campanha',
  campanhaNaoEncontrada: 'Campanha não encontrada',
  concursoInvalido: 'Informe o número do concurso da Loteria Federal',
  dataConcursoInvalida: 'Informe a data do concurso (hoje ou depois)',
  qtdPremiosInvalida: 'Informe quantos prêmios serão apurados (de 1 a 100)',
  semBilhetes: 'Nenhum cupom elegível nesta campanha para congelar',
  apuracaoNaoEncontrada: 'Apuração não encontrada',
  antesDoConcurso:
    'O resultado só pode ser lançado depois do horário do concurso (a extração da Loteria Federal)',
  jaApurada: 'Esta apuração já tem resultado',
  congelando: 'Os bilhetes desta apuração ainda estão sendo congelados; tente de novo em instantes',
  premiosInvalidos: 'Informe os 5 primeiros prêmios do concurso, com 5 dígitos cada',
  bilheteInvalido: 'Informe o número como série-número, por exemplo 000-00034',
  motivoObrigatorio: 'Informe o motivo da anulação (de 10 a 500 caracteres)',
  jaAnulado: 'Este contemplado já foi anulado',
  /** Issue 51: a prize delivered is final; its winner is not annulled. */
  premioJaEntregue: 'O prêmio deste contemplado já foi entregue: não é possível anulá-lo',
  contempladoDeSorteio:
    'Um contemplado de sorteio não pode ser excluído: anule-o informando o motivo, que fica público',
  // Issue 49: the contest's clock and number, the two-person result, the file's integrity.
  referenciaAusente:
    'Configure LOTERIA_FEDERAL_REFERENCIA (<concurso>:<AAAA-MM-DD>, um concurso do calendário publicado pela Caixa) para agendar apurações',
  semAuditor:
    'Configure APURACAO_AUDITORES com ao menos um e-mail de auditor que não seja de um administrador: ele recebe o hash no congelamento',
  concursoNaoConfere:
    'O número do concurso não corresponde à data pelo calendário da Loteria Federal; corrija, ou informe o motivo da exceção (de 10 a 500 caracteres)',
  excecaoMotivoInvalido: 'Informe o motivo da exceção ao calendário (de 10 a 500 caracteres)',
  antecedencia:
    'Falta pouco para o concurso: a apuração precisa ser agendada com a antecedência exigida, para o edital ser publicado antes',
  jaAgendada: 'Esta campanha já tem uma apuração agendada; apure-a antes de agendar outra',
  finalAntesDoFim:
    'Uma apuração final só pode ser agendada depois do fim da campanha e do prazo de vendas retroativas',
  descricaoPremiosInvalida: 'Descreva cada prêmio: um texto de 1 a 200 caracteres para cada prêmio a apurar',
  autorizacaoInvalida: 'A autorização tem no máximo 100 caracteres',
  motivoReagendamento: 'Informe o motivo do reagendamento (de 10 a 500 caracteres)',
  reagendamentoFechado:
    'O concurso está perto demais: depois do prazo de antecedência a apuração não pode mais ser reagendada',
  naoAgendada: 'Esta apuração não está agendada',
  resultadoPendente:
    'Um resultado lançado aguarda a confirmação de outra pessoa; confirme-o ou aguarde antes de mudar o concurso',
  premiosRepetidos: 'Os 5 prêmios do concurso são diferentes entre si; confira os números',
  mesmaPessoa:
    'Quem lançou o resultado não pode confirmá-lo: outra pessoa (outro administrador da cidade ou um superadministrador) precisa lançar os mesmos prêmios',
  resultadoDivergente:
    'Os prêmios não conferem com os lançados antes: os dois lançamentos foram descartados; confiram o resultado da Caixa e lancem de novo',
  arquivoNaoConfere: 'O arquivo de bilhetes não confere com o hash publicado',
  arquivoSuspenso:
    'O arquivo de bilhetes está indisponível: ele não confere com o hash publicado e a apuração foi suspensa até ser restaurado',
  restauroNaoConfere: 'O arquivo enviado não tem o hash publicado desta apuração',
  restauroTipo: 'Envie o arquivo de bilhetes (CSV) com Content-Type text/csv',
  semSuplentePendente: 'Esta apuração não tem resultado nem suplente à espera de um concurso',
  veiculoInvalido: 'Informe onde foi publicado (até 200 caracteres)',
  dataPublicacaoInvalida: 'Informe a data da publicação (AAAA-MM-DD)',
  urlInvalida: 'Informe um endereço http(s) válido',
  tipoAnulacaoInvalido: 'Escolha o tipo da anulação: não localizado, titular inelegível ou venda anulada',
  apuracaoAindaSemResultado: 'A ata fica disponível depois do resultado',
  muitasDescargas: 'Muitos downloads do arquivo de bilhetes; tente de novo em um minuto',
  sorteadoNaoMuda:
    'O cupom, a campanha, o participante e a loja de um contemplado de sorteio não mudam: anule-o informando o motivo, que fica público',
} as const;

/** Decreto 70.951/72 art. 17 §1: a series holds at most 100,000 numbers (COUPON_SERIES_SIZE). */
export const QTD_PREMIOS_MAX = 100;
/** Lei 5.768/71 art. 6: a prize not claimed in 180 days is prescribed. */
export const PRESCRICAO_DIAS = 180;

/** The ticket file's header: comma-separated, one eligible ticket a line in (série, número) order. */
export const APURACAO_CSV_HEADER = 'serie,numero,titular,id_estabelecimento';

/** Version 1 of the rule (issue 36): apurações decided under it keep it and say so. */
export const REGRA_APURACAO_V1 = [
  'O número é formado pelo algarismo das unidades do 1º, 2º, 3º, 4º e 5º prêmios da Loteria Federal, nessa ordem (5 algarismos).',
  'Seja S a maior série do arquivo de bilhetes mais 1. Se S = 1, a série é 000; senão, é o número de 3 algarismos formado pelo algarismo das dezenas do 1º, 2º e 3º prêmios, módulo S.',
  'Ganha o primeiro bilhete elegível na posição (série, número) ou depois dela, na ordem do arquivo; depois do último bilhete volta-se ao primeiro.',
  'Cada prêmio seguinte vai para o primeiro bilhete elegível depois do ganhador anterior, também voltando ao início.',
  'É elegível o bilhete que está no arquivo e ainda não ganhou nesta apuração; sem repetir participante, o mesmo titular não ganha dois prêmios; sem repetir loja, a mesma loja não dá dois prêmios.',
] as const;

/**
 * Version 2 of the rule (issue 49): every ticket of the file has the same chance. Stated in the
 * edital before the contest, on the public page and in the ata; `docs/apuracao.md` has a worked
 * example and a Python snippet that recomputes it.
 */
export const REGRA_APURACAO_V2 = [
  'Lista elegível do prêmio k (k = 1, 2, …): os bilhetes do arquivo, na ordem do arquivo (série, número), menos os ganhadores dos prêmios 1 a k−1 desta apuração; sem repetir participante, menos os bilhetes dos titulares que já ganharam aqui; sem repetir loja, menos os bilhetes das lojas que já deram prêmio aqui. As posições são contadas nessa lista, a partir de 0.',
  'Semente do prêmio k: o SHA-256 do texto UTF-8 "<hash_bilhetes>|<p1>|<p2>|<p3>|<p4>|<p5>|<k>" (o hash em hexadecimal minúsculo, os 5 prêmios do concurso como divulgados, com 5 algarismos cada, k em decimal sem zeros à esquerda), lido como um número inteiro sem sinal de 256 bits (big-endian).',
  'Ganha o prêmio k o bilhete na posição (semente do prêmio k) módulo (tamanho da lista elegível do prêmio k). Para quando a lista fica vazia ou quando k passa da quantidade de prêmios.',
  'Suplente: anulado um ganhador, o suplente sai do próximo concurso da Loteria Federal com pelo menos a antecedência exigida depois da anulação. Com os 5 prêmios q1 a q5 desse concurso, ganha o bilhete na posição (a partir de 0) SHA-256("<hash_bilhetes>|<q1>|<q2>|<q3>|<q4>|<q5>|S<prêmio>") módulo (tamanho da lista), numa lista, na ordem do arquivo, sem nenhum bilhete que já ganhou ou foi suplente nesta apuração; sem os bilhetes do titular, se ele foi declarado inelegível; sem os bilhetes da venda anulada, se a anulação foi por venda anulada; e, sem repetir participante ou loja, sem os bilhetes dos titulares ou lojas que têm um prêmio não anulado. As anulações valem na ordem em que foram registradas, cada uma sobre quem tem o prêmio naquele momento; se a lista estiver vazia, o prêmio fica sem suplente.',
] as const;

/** The rule of each version, in Portuguese. */
export const REGRAS_APURACAO = { 1: REGRA_APURACAO_V1, 2: REGRA_APURACAO_V2 } as const;
export const VERSAO_REGRA_ATUAL = 2;

/** Why a drawn winner is annulled (issue 49): each one decides whose tickets its substitute skips. */
export const TipoAnulacao = z.enum(['nao_localizado', 'titular_inelegivel', 'venda_anulada'], {
  error: MSG_APURACAO.tipoAnulacaoInvalido,
});
export type TipoAnulacao = z.infer<typeof TipoAnulacao>;
export const ROTULO_TIPO_ANULACAO: Record<TipoAnulacao, string> = {
  nao_localizado: 'Não localizado',
  titular_inelegivel: 'Titular inelegível',
  venda_anulada: 'Venda anulada',
};

const intOf = (msg: string, min: number, max: number) =>
  numeric(z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg }));

const DiaSchema = z
  .string({ error: MSG_APURACAO.dataConcursoInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_APURACAO.dataConcursoInvalida });

// ── Schedule: POST /v1/adm/apuracoes ─────────────────────────────────────────

const motivoOf = (msg: string) =>
  z.string({ error: msg }).trim().min(10, { error: msg }).max(500, { error: msg });

/** A written exception to the calendar (a holiday moved Caixa's contest): audited and public. */
const ExcecaoMotivo = motivoOf(MSG_APURACAO.excecaoMotivoInvalido).optional();

export const AgendarApuracaoBody = z
  .object({
    id_campanha: intOf(MSG_APURACAO.campanhaObrigatoria, 1, 2_147_483_647),
    concurso: intOf(MSG_APURACAO.concursoInvalido, 1, 999_999),
    data_concurso: DiaSchema, // the contest's day; its instant is that day at APURACAO_HORA_CONCURSO
    qtd_premios: intOf(MSG_APURACAO.qtdPremiosInvalida, 1, QTD_PREMIOS_MAX),
    mloja: SimNao.default('S'),
    musuario: SimNao.default('S'),
    /** Exactly qtd_premios texts, prize 1 first: what each prize is (edital, ata). */
    descricao_premios: z
      .array(
        z
          .string({ error: MSG_APURACAO.descricaoPremiosInvalida })
          .trim()
          .min(1, { error: MSG_APURACAO.descricaoPremiosInvalida })
          .max(200, { error: MSG_APURACAO.descricaoPremiosInvalida }),
        { error: MSG_APURACAO.descricaoPremiosInvalida },
      )
      .max(QTD_PREMIOS_MAX, { error: MSG_APURACAO.descricaoPremiosInvalida }),
    /** The promotion's authorisation (SECAP/SPA), as the ata shows it. */
    autorizacao: z
      .string({ error: MSG_APURACAO.autorizacaoInvalida })
      .trim()
      .max(100, { error: MSG_APURACAO.autorizacaoInvalida })
      .optional(),
    /** The campaign's last apuração: only after its end plus VENDA_RETROATIVA_DIAS. */
    final: z.boolean().default(false),
    excecao_motivo: ExcecaoMotivo,
  })
  .refine((b) => b.descricao_premios.length === b.qtd_premios, {
    error: MSG_APURACAO.descricaoPremiosInvalida,
    path: ['descricao_premios'],
  });
export type AgendarApuracaoBody = z.input<typeof AgendarApuracaoBody>;

/**
 * Move to another contest (PATCH /v1/adm/apuracoes/{id}): with a reason, and only until
 * APURACAO_ANTECEDENCIA_MINUTOS before the contest's instant.
 */
export const ReagendarApuracaoBody = z.object({
  concurso: intOf(MSG_APURACAO.concursoInvalido, 1, 999_999),
  data_concurso: DiaSchema,
  motivo: motivoOf(MSG_APURACAO.motivoReagendamento),
  excecao_motivo: ExcecaoMotivo,
});
export type ReagendarApuracaoBody = z.input<typeof ReagendarApuracaoBody>;

/**
 * The next contest that may be scheduled (GET /v1/adm/apuracoes/proximo-concurso): the first by
 * the calendar at least APURACAO_ANTECEDENCIA_MINUTOS ahead; the schedule dialog starts from it.
 */
export const ProximoConcurso = z.object({
  concurso: z.number().int(),
  data_concurso: z.string(), // YYYY-MM-DD
  instante_concurso: z.string(), // ISO
});
export type ProximoConcurso = z.infer<typeof ProximoConcurso>;

/** Caixa did not hold the contest: POST /v1/adm/apuracoes/{id}/concurso-nao-realizado. */
export const ConcursoNaoRealizadoBody = z.object({ motivo: motivoOf(MSG_APURACAO.motivoReagendamento) });
export type ConcursoNaoRealizadoBody = z.input<typeof ConcursoNaoRealizadoBody>;

/** Where the edital came out: POST /v1/adm/apuracoes/{id}/publicacoes. */
export const PublicacaoBody = z.object({
  veiculo: z
    .string({ error: MSG_APURACAO.veiculoInvalido })
    .trim()
    .min(1, { error: MSG_APURACAO.veiculoInvalido })
    .max(200, { error: MSG_APURACAO.veiculoInvalido }),
  data_publicacao: z
    .string({ error: MSG_APURACAO.dataPublicacaoInvalida })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_APURACAO.dataPublicacaoInvalida }),
  url: z
    .string({ error: MSG_APURACAO.urlInvalida })
    .trim()
    .max(500, { error: MSG_APURACAO.urlInvalida })
    .regex(/^https?:\/\/\S+$/i, { error: MSG_APURACAO.urlInvalida })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type PublicacaoBody = z.input<typeof PublicacaoBody>;

export const Publicacao = z.object({
  veiculo: z.string(),
  data_publicacao: z.string(), // YYYY-MM-DD
  url: z.string().nullable(),
  em: z.string(), // when it was recorded
  /** Dated after the contest's day: the ata marks it "posterior ao concurso". */
  posterior_ao_concurso: z.boolean(),
});
export type Publicacao = z.infer<typeof Publicacao>;

// ── Result: POST /v1/adm/apuracoes/{id}/resultado ────────────────────────────

const Premio = z.string({ error: MSG_APURACAO.premiosInvalidos }).regex(/^\d{5}$/, {
  error: MSG_APURACAO.premiosInvalidos,
});
/**
 * The contest's five prizes, all different. On an apuração already apurada with substitutes
 * waiting, the prizes of their contest (`concurso`, else the earliest that has passed).
 */
export const ResultadoApuracaoBody = z.object({
  premios: z
    .array(Premio, { error: MSG_APURACAO.premiosInvalidos })
    .length(5, { error: MSG_APURACAO.premiosInvalidos })
    .refine((p) => new Set(p).size === p.length, { error: MSG_APURACAO.premiosRepetidos }),
  concurso: numeric(z.number().int().min(1).max(999_999)).optional(),
});
export type ResultadoApuracaoBody = z.input<typeof ResultadoApuracaoBody>;

/** The first of the two entries (202): nothing is published until a second person confirms. */
export const ResultadoPendente = z.object({
  status: z.literal('aguardando_confirmacao'),
  id_apuracao: z.number().int(),
  concurso: z.number().int(),
  lancado_por: z.string(),
  lancado_em: z.string(),
});
export type ResultadoPendente = z.infer<typeof ResultadoPendente>;

/**
 * One winner, in prize order; a substitute (issue 49) is one more entry with the annulled
 * prize's `premio`, `suplente: true` and its own contest. A pending substitute (its contest not
 * yet entered) has no ticket: `serie_numero` ''.
 */
export const GanhadorApuracao = z.object({
  premio: z.number().int(), // 1-based prize order
  serie_numero: z.string(), // 'SSS-NNNNN'; '' for a pending substitute
  titular: z.string(), // the ticket file's pseudonym
  participante: z.string(), // masked name; an entity's public name
  id_estabelecimento: z.number().int(),
  nom_estabelecimento: z.string(),
  id_sorteado: z.number().int().nullable(), // the winner record (contemplados)
  anulado: z.boolean(),
  motivo_anulacao: z.string().nullable(),
  tipo: TipoAnulacao.nullable(), // why it was annulled
  entregue: z.boolean(), // the admin recorded the prize as delivered
  prescrito: z.boolean(), // not delivered PRESCRICAO_DIAS after the result
  suplente: z.boolean(),
  /** A substitute's contest (the one it waits for while pending); null for the first winners. */
  concurso: z.number().int().nullable(),
  data_concurso: z.string().nullable(),
  pendente: z.boolean(), // a substitute whose contest has no result yet
  premios_concurso: z.array(z.string()).nullable(), // a substitute's contest prizes q1…q5
  /** venda_anulada: the voided sale's other tickets, left out of the substitute's list. */
  excluidos: z.array(z.string()),
  /** The last day to claim the prize (contest day + PRESCRICAO_DIAS; Lei 5.768 art. 6). */
  prazo_reclamacao: z.string().nullable(),
});
export type GanhadorApuracao = z.infer<typeof GanhadorApuracao>;

/** The admin's answer also names the person (id_usuario); the public record never does. */
export const GanhadorApuracaoAdmin = GanhadorApuracao.extend({ id_usuario: z.number().int() });

export const ResultadoApuracao = z.object({
  id_apuracao: z.number().int(),
  premios: z.array(z.string()),
  serie_inicial: z.string().nullable(), // version 1 only
  numero_inicial: z.string().nullable(), // version 1 only
  versao_regra: z.union([z.literal(1), z.literal(2)]),
  /** The contest this result was for (the apuração's, or its substitutes'). */
  concurso: z.number().int(),
  ganhadores: z.array(GanhadorApuracaoAdmin), // the winners (or substitutes) this result named
});
export type ResultadoApuracao = z.infer<typeof ResultadoApuracao>;

// ── The public record: GET /v1/apuracoes/{id}, GET /v1/apuracoes?cod_cidade= ─

/**
 * 'congelando': scheduled, the tickets that go in are fixed, and the ticket file is still being
 * written (a job, decision 046): no hash yet, no result possible.
 */
export const StatusApuracao = z.enum(['congelando', 'agendada', 'suspensa', 'apurada']);

export const ReagendamentoApuracao = z.object({
  em: z.string(), // ISO instant
  concurso_anterior: z.number().int(),
  data_anterior: z.string(),
  concurso: z.number().int(),
  data_concurso: z.string(),
  motivo: z.string().nullable(),
  /** 'concurso_nao_realizado': Caixa did not hold the contest; moved by the calendar. */
  tipo: z.enum(['reagendamento', 'concurso_nao_realizado']),
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
  versao_regra: z.union([z.literal(1), z.literal(2)]),
  regra: z.array(z.string()), // REGRAS_APURACAO[versao_regra], the rule in words
  /** The contest's instant: data_concurso at APURACAO_HORA_CONCURSO, America/Sao_Paulo (ISO). */
  instante_concurso: z.string(),
  /** Why the contest's number and date disagree with the calendar, when they do. */
  excecao_motivo: z.string().nullable(),
  descricao_premios: z.array(z.string()),
  autorizacao: z.string().nullable(),
  final: z.boolean(),
  publicacoes: z.array(Publicacao),
  edital: z.string(), // /v1/apuracoes/{id}/edital.pdf
  ata: z.string().nullable(), // /v1/apuracoes/{id}/ata.pdf once apurada
  /** Caixa's official result of the contest (LOTERIA_FEDERAL_RESULTADO_URL), when set. */
  resultado_oficial: z.string().nullable(),
  /** A first entry of the result waits for a second person's (nothing published yet). */
  aguardando_confirmacao: z.boolean(),
  /** Who entered the result and who confirmed it (the ata names both). */
  lancado_por: z.string().nullable(),
  confirmado_por: z.string().nullable(),
  /** The last day to claim a prize of the first winners (data_concurso + 180 days). */
  prazo_reclamacao: z.string(),
  reagendamentos: z.array(ReagendamentoApuracao),
  apurada_em: z.string().nullable(),
  premios: z.array(z.string()).nullable(), // the contest's 1st–5th prizes in full, once apurada
  serie_inicial: z.string().nullable(), // version 1 only
  numero_inicial: z.string().nullable(), // version 1 only
  ganhadores: z.array(GanhadorApuracao), // [] while agendada
});
export type Apuracao = z.infer<typeof Apuracao>;

/** The scheduling answer also says how many complaints on the campaign are still open. */
export const AgendamentoApuracao = Apuracao.extend({ contestacoes_abertas: z.number().int() });
export type AgendamentoApuracao = z.infer<typeof AgendamentoApuracao>;

/** The city's public list: apurações, and every instant draw too (no hidden re-draws). */
export const ItemSorteioPublico = z.object({
  tipo: z.enum(['apuracao', 'instantaneo']),
  id_apuracao: z.number().int().nullable(), // apuração
  id_registro: z.number().int().nullable(), // instant draw: GET /v1/sorteios/{id_registro}
  status: z.enum(['congelando', 'agendada', 'suspensa', 'apurada', 'realizado', 'aberto']),
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
        /** The apurações whose frozen ticket file holds this number ([]: none scheduled yet). */
        apuracoes: z.array(
          z.object({
            id_apuracao: z.number().int(),
            concurso: z.number().int(),
            data_concurso: z.string(),
            status: StatusApuracao,
          }),
        ),
        /** Won (in an apuração or an instant draw) and not annulled. */
        ganhador: z.boolean(),
        /** It won and the prize was annulled ("Prêmio anulado"). */
        premio_anulado: z.boolean(),
        /** Issue 51: the entity the coupon goes to ("Doado para …"), else null. */
        doado_para: z.string().nullable(),
      }),
    ),
  }),
);
export type MeusNumeros = z.infer<typeof MeusNumeros>;

// ── Annulling a drawn winner: POST /v1/adm/contemplados/{id_sorteado}/anulacao ─

export const AnulacaoBody = z.object({
  motivo: motivoOf(MSG_APURACAO.motivoObrigatorio),
  /** Why (issue 49); an apuração's winner gets a substitute that skips accordingly. */
  tipo: TipoAnulacao.default('nao_localizado'),
});
export type AnulacaoBody = z.input<typeof AnulacaoBody>;
