import { MSG_ERRO_INESPERADO, MSG_SESSAO_EXPIRADA } from './first-load-texts.js';

/** Portuguese texts of the spec, to the letter. One place so server and web say the same. */
export const MSG = {
  loginVazio: 'e-mail ou senha vazios',
  loginInvalido: 'e-mail ou senha invalidos',
  /** Issue 52: 428 of a login that needs a solved challenge (or whose challenge did not hold). */
  desafioNecessario: 'Por segurança, confirme que você não é um robô e entre de novo.',
  senhaFormato:
    'Senha em formato inválido: o aplicativo envia a senha cifrada (SHA-256, 64 caracteres hexadecimais)',
  senhasNaoConferem: 'Senhas nao conferem',
  whatsNaoConferem: 'Numero do WhatsUp nao conferem',
  cadastroSucesso: 'Cadastro realizado com sucesso',
  cadastroErro: 'Ocorreu um erro no cadastro ',
  /** Issue 52: a typed name with a line break or another control character. */
  nomeComControle: 'Use só letras, números e sinais comuns, sem quebras de linha',
  emailEmUso: 'Este e-mail já está cadastrado',
  /** Issue 40: the optional CPF of registration and profile. */
  cpfInvalido: 'CPF inválido: confira os números',
  cpfEmUso: 'Este CPF já está cadastrado em outra conta',
  /** Issue 52: a CPF is changed at most once every 90 days (setting the first one is no change). */
  cpfTrocaRecente: 'O CPF só pode ser trocado uma vez a cada 90 dias. Tente novamente mais tarde.',
  /** Issue 52: a proven CPF is the person's for good: not changed nor removed by them. */
  cpfComprovadoFixo: 'Este CPF foi comprovado e não pode ser trocado nem removido.',
  cidadeInvalida: 'Escolha a cidade',
  naoAutenticado: MSG_SESSAO_EXPIRADA,
  semPermissao: 'Você não tem permissão para esta ação',
  naoEncontrado: 'Registro não encontrado',
  rotaNaoEncontrada: 'Rota não encontrada',
  muitasTentativas: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  corpoGrande: 'Conteúdo da requisição grande demais',
  jsonInvalido: 'JSON inválido no corpo da requisição',
  tipoConteudoInvalido: 'Tipo de conteúdo não suportado: envie application/json',
  requisicaoInvalida: 'Requisição inválida',
  campoObrigatorio: 'Campo obrigatório',
  caractereInvalido: 'Texto com caractere inválido',
  registroDuplicado: 'Este registro já existe',
  bancoIndisponivel: 'Banco de dados indisponível, tente novamente em instantes',
  erroInterno: 'Erro interno, tente novamente em instantes',
  credenciaisBasic: 'Credenciais de acesso inválidas',
  semAvaliacaoPendente: 'Nenhuma avaliação pendente',
  escolhaEstrelas: 'Escolha o número de estrelas!',
  descrevaOpiniao: 'Descreva sua opinião!',
  estabelecimentoNaoEncontrado: 'Estabelecimento não encontrado',
  /** Issue 35: a partner sent a field of the admin editor for its own shop. */
  somenteAdministradorAltera:
    'Estes dados do estabelecimento só o administrador altera. O parceiro altera telefone, WhatsApp, site, endereço, foto, logo e vendedores',
  avaliacaoNaoEncontrada: 'Avaliação não encontrada',
  /** Issue 37: nobody approves the review they wrote. */
  avaliacaoPropria: 'Você não pode aprovar uma avaliação que você mesmo escreveu',
  avaliacaoJaPendente: 'Sua avaliação anterior deste estabelecimento ainda aguarda aprovação',
  erro401: 'Erro 401',
  erroInesperado: MSG_ERRO_INESPERADO,
} as const;
