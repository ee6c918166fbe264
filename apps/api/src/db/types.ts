import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types of the whole data model (spec §3, domain.md).
 * Conventions, the same on SQLite and PostgreSQL (docs/decisions/002-data-model.md):
 * - instants are ISO 8601 UTC text, dates `YYYY-MM-DD` text (sortable, one code path);
 * - money is integer cents (`*_centavos`); factors and discounts are integers ×10⁴ (`*_e4`);
 *   points and cashback are integers ×10⁶ (`*_e6`) so `valor × fator` is exact;
 * - flags shown to clients as S/N stay S/N; role flags are 0/1 integers.
 */
type Id = Generated<number>;
type Instant = string;
type Day = string;
type SN = 'S' | 'N';
type Flag = ColumnType<number, number | undefined, number>;
type Created = ColumnType<Instant, Instant | undefined, never>;

export interface CidadesTable {
  cod_cidade: number;
  cidade: string;
  uf: string;
}

export interface UsuariosTable {
  id_usuario: Id;
  nome: string;
  email: string | null; // null once anonymised (LGPD)
  senha_hash: string | null;
  whatsup: string;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string;
  cod_cidade: number;
  parceiro: Flag;
  admin: Flag;
  superadmin: Flag;
  visto_em: Instant | null;
  removido_em: Instant | null;
  criado_em: Created;
  atualizado_em: Instant;
}

export interface SessoesTable {
  id_sessao: Id;
  id_usuario: number;
  token_hash: string;
  criado_em: Created;
  expira_em: Instant;
  ip: string;
}

export interface CategoriasTable {
  id_categoria: Id;
  categoria: string;
}

export interface EstabelecimentosTable {
  id_estabelecimento: Id;
  nome: string;
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  cep: string;
  uf: string;
  cod_cidade: number;
  telefone: string;
  whatsup: string;
  url_foto: string;
  url_logo: string;
  site: string;
  soma_estrelas: Flag; // sum of approved stars; avaliacao = soma / qtd
  qtd_avaliacao: Flag;
  id_categoria: number | null;
  id_cupom: number | null;
  ind_ativo: SN;
  vl_min_pedido_centavos: Flag;
  vl_taxa_entrega_centavos: Flag;
  ies_campanha: SN;
  id_campanha_def: number | null;
  cnpj: string;
  latitude: number | null;
  longitude: number | null;
  criado_em: Created;
  atualizado_em: Instant;
}

export interface VendedoresTable {
  id_vendedor: Id;
  id_estabelecimento: number;
  nome_vendedor: string;
}

/** Partner ↔ establishment links (and, for admins, the shops they are limited to). */
export interface UsuarioEstabelecimentosTable {
  id_usuario: number;
  id_estabelecimento: number;
}

export interface CampanhasTable {
  id_campanha: Id;
  den_campanha: string;
  banner: string;
  validade_ini: Day;
  validade_fim: Day;
  link: string;
  cod_cidade: number;
  proximo_cupom: Flag; // next coupon number of the campaign, never reused
  criado_em: Created;
  atualizado_em: Instant;
}

export interface CampanhaEstabelecimentosTable {
  id_campanha: number;
  id_estabelecimento: number;
  fator_cashback_e4: number;
  fator_sorteio_e4: number;
}

export interface VendasTable {
  id_venda: Id;
  id_campanha: number;
  id_estabelecimento: number;
  id_usuario: number | null; // null while a QR hand-over is pending
  id_vendedor: number | null; // null = 'Sem Vendedor' (99 on the wire)
  dat_venda: Day;
  numero_venda: string;
  valor_centavos: number;
  pontos_e6: number;
  cashback_e6: number;
  qr_token_hash: string | null;
  qr_expira_em: Instant | null;
  reivindicada_em: Instant | null;
  criado_por: number | null;
  criado_em: Created;
  atualizado_em: Instant;
}

/** Points balance per consumer and campaign: total points and coupons issued from them. */
export interface SaldosTable {
  id_usuario: number;
  id_campanha: number;
  pontos_e6: Flag;
  cupons: Flag;
}

export interface CuponsTable {
  id_cupom: Id;
  id_campanha: number;
  numero: number; // 1-based per campaign; series = floor((numero-1)/100000)
  id_usuario: number;
  id_venda: number;
  id_estabelecimento: number;
  dat_emissao: Instant;
  anulado_em: Instant | null;
  sorteado_em: Instant | null;
}

/** One row per draw, with what an auditor needs to re-run it. */
export interface SorteiosTable {
  id: Id;
  id_campanha: number;
  id_cupom: number;
  id_sorteado: number | null;
  semente: string | null;
  hash_lista: string | null;
  qtd_elegiveis: number;
  posicao: number;
  mloja: SN;
  musuario: SN;
  criado_por: number | null;
  criado_em: Created;
}

export interface ContempladosTable {
  id_sorteado: Id;
  id_campanha: number;
  id_cupom: number | null;
  id_usuario: number | null;
  id_estabelecimento: number | null;
  id_venda: number | null;
  id_vendedor: number | null;
  nome_vendedor: string;
  nome_sorteado: string;
  data_sorteio: Day;
  criado_em: Created;
  atualizado_em: Instant;
}

export interface ContempladoFotosTable {
  id: Id;
  id_sorteado: number;
  url_foto: string;
  ordem: number;
}

export interface AvaliacoesTable {
  id_avaliacao: Id;
  id_estabelecimento: number;
  id_usuario: number | null;
  nro_estrelas: number;
  den_avaliacao: string;
  den_resposta: string;
  aprovado: SN;
  datahora: Instant;
  aprovado_em: Instant | null;
  aprovado_por: number | null;
}

export interface AvisosTable {
  id_aviso: Id;
  cod_cidade: number;
  type: string;
  title: string;
  body: string;
  image: string;
  validade: Day;
  criado_em: Created;
  atualizado_em: Instant;
}

export interface PromocoesTable {
  id_promocao: Id;
  id_estabelecimento: number;
  dat_inicio: Day;
  dat_final: Day;
  plano_dias: number;
  ies_pago: SN;
  imagem: string;
  linkproduto: string;
  val_desconto_e4: Flag;
  porc_desconto_e4: Flag;
  val_minimo_centavos: Flag;
  cod_produto: string;
  regra: string;
  criado_em: Created;
  atualizado_em: Instant;
}

export interface TurismoTable {
  id_turismo: Id;
  cod_cidade: number;
  tipo: number; // 0 Locais/Turismo, 1 Hoteis, 2 Alimentação, 3 Eventos, 4 Uteis
  descricao: string;
  url_foto: string;
  url_site: string;
  ind_ativo: SN;
  latitude: number | null;
  longitude: number | null;
  validade_ate: Day | null;
  criado_em: Created;
  atualizado_em: Instant;
}

/** A notification an admin sent (`POST /v1/adm/notificacao`). */
export interface NotificacoesTable {
  id_notificacao: Id;
  cod_cidade: number;
  destino: 'N' | 'P' | 'I';
  type: string;
  title: string;
  body: string;
  image: string;
  enviado_por: number | null;
  qtd_enviadas: Flag;
  qtd_falhas: Flag;
  criado_em: Created;
}

export interface UsuarioNotificacoesTable {
  id_message: Id;
  id_usuario: number;
  id_notificacao: number | null;
  type: string;
  title: string;
  body: string;
  image: string;
  dat_recece: Instant;
  lida_em: Instant | null;
}

export interface PushAssinaturasTable {
  id: Id;
  id_usuario: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  ies_promocao: SN;
  ies_live: SN;
  ies_sorteio: SN;
  device: string;
  os_version: string;
  ip: string;
  criado_em: Created;
  atualizado_em: Instant;
}

/** Single-use e-mailed codes for password reset and account removal (stored hashed). */
export interface CodigosTable {
  id: Id;
  id_usuario: number;
  finalidade: 'reset' | 'remocao';
  codigo_hash: string;
  expira_em: Instant;
  usado_em: Instant | null;
  criado_em: Created;
}

export interface AuditoriaTable {
  id: Id;
  id_usuario: number | null;
  acao: string;
  entidade: string;
  id_entidade: string;
  antes: string | null; // JSON
  depois: string | null; // JSON
  ip: string;
  criado_em: Created;
}

/** Small key/value store for server state that must survive restarts (e.g. VAPID keys). */
export interface ConfiguracoesTable {
  chave: string;
  valor: string;
}

export interface Database {
  cidades: CidadesTable;
  usuarios: UsuariosTable;
  sessoes: SessoesTable;
  categorias: CategoriasTable;
  estabelecimentos: EstabelecimentosTable;
  vendedores: VendedoresTable;
  usuario_estabelecimentos: UsuarioEstabelecimentosTable;
  campanhas: CampanhasTable;
  campanha_estabelecimentos: CampanhaEstabelecimentosTable;
  vendas: VendasTable;
  saldos: SaldosTable;
  cupons: CuponsTable;
  sorteios: SorteiosTable;
  contemplados: ContempladosTable;
  contemplado_fotos: ContempladoFotosTable;
  avaliacoes: AvaliacoesTable;
  avisos: AvisosTable;
  promocoes: PromocoesTable;
  turismo: TurismoTable;
  notificacoes: NotificacoesTable;
  usuario_notificacoes: UsuarioNotificacoesTable;
  push_assinaturas: PushAssinaturasTable;
  codigos: CodigosTable;
  auditoria: AuditoriaTable;
  configuracoes: ConfiguracoesTable;
}

export type Usuario = Selectable<UsuariosTable>;
export type NovoUsuario = Insertable<UsuariosTable>;
export type UsuarioUpdate = Updateable<UsuariosTable>;
export type Estabelecimento = Selectable<EstabelecimentosTable>;
export type Campanha = Selectable<CampanhasTable>;
