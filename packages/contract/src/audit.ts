import { z } from 'zod';
import { CodCidadeSchema, DataSchema, IdSchema, PaginacaoQuery } from './common.js';

/**
 * The entities the audit log names (domain §10), each with the label a person reads (issue 51:
 * never the recorded word). The API writes only these (its AuditEntry is typed by them, and
 * apps/api/test/audit-values.test.ts checks every value it writes); the screen's filter lists them.
 */
export const ROTULO_ENTIDADE_AUDITADA = {
  venda: 'Venda',
  campanha: 'Campanha',
  estabelecimento: 'Estabelecimento',
  vendedor: 'Vendedor',
  avaliacao: 'Avaliação',
  sorteio: 'Sorteio',
  sorteio_abertura: 'Abertura de sorteio',
  contemplado: 'Contemplado',
  apuracao: 'Apuração',
  aviso: 'Aviso',
  promocao: 'Promoção',
  turismo: 'Turismo',
  notificacao: 'Notificação',
  usuario: 'Usuário',
  push_assinatura: 'Assinatura de push',
  contestacao: 'Contestação',
  exportacao: 'Exportação',
  entidade: 'Entidade social',
  doacao: 'Doação de cupons',
  entidade_escolhida: 'Entidade escolhida',
  cidade: 'Cidade',
  webhook: 'Webhook',
  chave_api: 'Chave de API',
  cpf_comprovacao: 'Comprovação de CPF',
  recibo: 'Nota fiscal (NFC-e)',
} as const satisfies Record<string, string>;
export type EntidadeAuditada = keyof typeof ROTULO_ENTIDADE_AUDITADA;
export const ENTIDADES_AUDITADAS = Object.keys(ROTULO_ENTIDADE_AUDITADA) as EntidadeAuditada[];

/** The actions the audit log records, with their labels ('creditar_cpf' reads 'Creditar CPF'). */
export const ROTULO_ACAO_AUDITADA = {
  criar: 'Criar',
  alterar: 'Alterar',
  excluir: 'Excluir',
  remover: 'Remover',
  importar: 'Importar',
  exportar: 'Exportar',
  resgatar: 'Resgatar',
  creditar_cpf: 'Creditar CPF',
  remover_declaracao_cpf: 'Remover CPF declarado',
  transferir_cpf: 'Transferir CPF comprovado',
  estornar_credito_cpf: 'Estornar crédito por CPF',
  doar: 'Doar',
  escolher: 'Escolher',
  redefinir_senha: 'Redefinir senha',
  definir_senha: 'Definir senha',
  trocar_senha: 'Trocar senha',
  agendar: 'Agendar',
  apurar: 'Apurar',
  apurar_suplentes: 'Apurar suplentes',
  lancar_resultado: 'Lançar resultado',
  registrar_publicacao: 'Registrar publicação',
  restaurar_bilhetes: 'Restaurar bilhetes',
  resultado_divergente: 'Resultado divergente',
  sortear: 'Sortear',
  abrir_sorteio: 'Abrir sorteio',
  reagendar: 'Reagendar',
  concurso_nao_realizado: 'Concurso não realizado',
  decidir: 'Decidir',
  aprovar: 'Aprovar',
  desaprovar: 'Desaprovar',
  anular: 'Anular',
  entregar: 'Marcar prêmio entregue',
  recusar: 'Recusar',
  ver_foto: 'Ver foto',
  apagar_fotos: 'Apagar fotos',
  vincular_govbr: 'Vincular conta gov.br',
  registrar_recibo: 'Registrar nota fiscal',
  confirmar_recibo: 'Confirmar pela nota fiscal',
  doar_recibo: 'Doar nota fiscal',
  expirar_recibo: 'Expirar nota fiscal',
  cancelar_recibo: 'Cancelar pela SEFAZ',
} as const satisfies Record<string, string>;
export type AcaoAuditada = keyof typeof ROTULO_ACAO_AUDITADA;
export const ACOES_AUDITADAS = Object.keys(ROTULO_ACAO_AUDITADA) as AcaoAuditada[];

/** The lists an admin exports (an export's `lista`, in the audit log's details), with their labels. */
export const ROTULO_LISTA_EXPORTADA = {
  vendas: 'Vendas',
  'vendas-cidade': 'Vendas da cidade',
  cupons: 'Cupons',
  campanhas: 'Campanhas',
  'campanha-estabelecimentos': 'Estabelecimentos da campanha',
  estabelecimentos: 'Estabelecimentos',
  vendedores: 'Vendedores',
  contemplados: 'Contemplados',
  contestacoes: 'Contestações',
  auditoria: 'Auditoria',
  recibos: 'Notas fiscais (NFC-e)',
} as const satisfies Record<string, string>;
export type ListaExportada = keyof typeof ROTULO_LISTA_EXPORTADA;
export const LISTAS_EXPORTADAS = Object.keys(ROTULO_LISTA_EXPORTADA) as ListaExportada[];

/**
 * `GET /v1/adm/auditoria`: the city's audit log, newest first (domain §10), filtered by who
 * (`id_usuario`, or `q`: text in the author's name, without case or accents, or e-mail), what
 * (`entidade`) and when (`de`, `ate`: days on the programme's clock), paged with
 * `pagina`/`limite` and the total in `X-Total-Count`.
 */
export const AuditoriaQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  id_usuario: IdSchema.optional(),
  entidade: z.string().trim().max(40).optional(),
  de: DataSchema.optional(),
  ate: DataSchema.optional(),
});
export type AuditoriaQuery = z.input<typeof AuditoriaQuery>;

/** One audit entry: who, when, what, and the values before and after (as recorded). */
export const AuditoriaItem = z.object({
  id: z.number().int(),
  criado_em: z.string(),
  id_usuario: z.number().int().nullable(),
  nome_usuario: z.string(),
  email_usuario: z.string(),
  acao: z.string(),
  entidade: z.string(),
  id_entidade: z.string(),
  antes: z.unknown(),
  depois: z.unknown(),
  ip: z.string(),
});
export type AuditoriaItem = z.infer<typeof AuditoriaItem>;
