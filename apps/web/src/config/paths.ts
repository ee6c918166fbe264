/** Every route of the app in one place (spec §2). Paths are relative to the router basename. */
export const paths = {
  home: '/',
  login: '/login',
  cadastro: '/cadastro',
  erro401: '/erro401',
  solicitarRedefinir: '/solicitaredefinir',
  redefinirSenha: '/redefinirsenha',
  /** Issue 51: a new social entity's welcome link, to set its first password. */
  definirSenha: '/definirsenha',
  /** Issue 52: the pages gov.br's callback sends the browser to (entrar, cadastro, vincular, nivel, erro). */
  govbr: '/govbr/:etapa',
  perfil: '/perfil',
  remocaoUsuario: '/remocaousuario',
  notificacao: '/notificacao',
  turismo: '/turismo',
  /** Public, with or without a session (issue 36): the city's draws and each one's record. */
  sorteios: '/sorteios',
  apuracao: '/sorteios/:id_apuracao',
  sorteioInstantaneo: '/sorteios/instantaneo/:id_registro',
  /** Public (issue 40): the city's social entities, what they received and won. */
  entidades: '/entidades',
  meu: {
    extrato: '/meu/extrato',
    desconto: '/meu/desconto',
    cupom: '/meu/cupom',
    conquista: '/meu/conquista',
    resgatar: '/meu/resgatar',
    participantes: '/meu/participantes',
    sorteados: '/meu/sorteados',
    numeros: '/meu/numeros',
    /** Issue 40: an entity's own account. */
    entidade: '/meu/entidade',
    /** Issue 53: the resident's fiscal receipts, and where one is scanned. */
    notas: '/meu/notas',
    escanearNota: '/meu/notas/escanear',
  },
  parceiro: {
    root: '/parceiro',
    login: '/parceiro/login',
    home: '/parceiro/home',
    cupom: '/parceiro/cupom',
    desconto: '/parceiro/desconto',
    outrooo: '/parceiro/outrooo',
    vender: '/parceiro/vender',
    aprovaAvaliacao: '/parceiro/aprovaavaliacao',
    estabelecimento: '/parceiro/estabelecimento',
    integracao: '/parceiro/integracao',
  },
  admin: {
    root: '/admin',
    login: '/admin/login',
    home: '/admin/home',
    aprovaAvaliacao: '/admin/aprovaavaliacao',
    vender: '/admin/vender',
    campanha: '/admin/campanha',
    estabelecimento: '/admin/estabelecimento',
    /** Issue 39: shops and tourism items from a CSV or XLSX file. */
    importarEstabelecimentos: '/admin/estabelecimento/importar',
    importarTurismo: '/admin/turismo/importar',
    contemplado: '/admin/contemplado',
    desconto: '/admin/desconto',
    notificacao: '/admin/notificacao',
    aviso: '/admin/aviso',
    promocoes: '/admin/promocoes',
    turismo: '/admin/turismo',
    auditoria: '/admin/auditoria',
    apuracoes: '/admin/apuracoes',
    alertas: '/admin/alertas',
    webhooks: '/admin/webhooks',
    contestacoes: '/admin/contestacoes',
    comprovacoesCpf: '/admin/comprovacoes-cpf',
    entidades: '/admin/entidades',
    recibos: '/admin/recibos',
  },
  mapa: '/mapa',
} as const;

/** The public page of an apuração. */
export const apuracaoPath = (idApuracao: number): string => `/sorteios/${idApuracao}`;

/** The public page of an instant draw's record. */
export const sorteioInstantaneoPath = (idRegistro: number): string => `/sorteios/instantaneo/${idRegistro}`;

/**
 * Issue 51: the anchor of 'Doar meus cupons' in Minhas conquistas; /entidades links to it and
 * the panel scrolls itself into view and focuses its first field once its data is there.
 */
export const DOAR_CUPONS_ANCHOR = 'doar-cupons';

/** A path of the route table without its leading slash, for nested route objects. */
export const segment = (path: string): string => path.replace(/^\//, '');
