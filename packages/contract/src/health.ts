import { z } from 'zod';

/**
 * Issue 54: readiness (`GET /health/pronto`), what an orchestrator or a load balancer asks
 * before sending an instance traffic; `GET /health` stays liveness (the process answers).
 */
export const MSG_PRONTIDAO = {
  naoPronto: 'Este servidor não está pronto',
  bancoNaoResponde: 'O banco de dados não respondeu',
  migracoesPendentes: 'Há migrações do banco não aplicadas',
  armazenamentoFalhou: 'Não foi possível gravar, ler e apagar um arquivo no armazenamento',
  filaNaoResponde: 'A fila de tarefas não respondeu',
  sobrecarga: 'O servidor está sobrecarregado',
  demorou: 'Não respondeu a tempo',
  /** The answer of any route other than the health ones while the server is overloaded. */
  servidorSobrecarregado: 'Servidor sobrecarregado, tente novamente em instantes',
} as const;

/** The checks, in the order they are reported. */
export const CHECAGENS_PRONTIDAO = ['banco', 'migracoes', 'armazenamento', 'fila', 'carga'] as const;

const ChecagemSchema = z.object({
  ok: z.boolean(),
  /** Why it failed (Portuguese), or a measure worth reading when it passed. */
  detalhe: z.string().optional(),
});

export const ProntidaoSchema = z.object({
  status: z.enum(['ok', 'indisponivel']),
  /** On 503: which checks failed, by name (`Este servidor não está pronto: migracoes, fila`). */
  erro: z.string().optional(),
  checks: z.object({
    banco: ChecagemSchema,
    migracoes: ChecagemSchema,
    armazenamento: ChecagemSchema,
    fila: ChecagemSchema,
    carga: ChecagemSchema,
  }),
});
export type Prontidao = z.infer<typeof ProntidaoSchema>;
