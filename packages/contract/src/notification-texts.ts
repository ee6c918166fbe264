import { NOTIFICATION_MESSAGE_MAX, PUSH_SUBSCRIPTIONS_MAX } from './limits.js';

/** Texts of spec §8 (push flow) and of the notification screens, to the letter where the spec has them. */
export const MSG_NOTIFICACAO = {
  naoSuportado: 'Notificações não são suportadas neste ambiente',
  erroPostInicial: 'Erro desconhecido no POST inicial',
  erroEnviar: 'Erro ao enviar a notificação',
  erroBuscarTokens: 'Erro ao buscar tokens de registro',
  falhaTokens: 'Falha ao obter tokens de registro',
  erroPush: 'Erro ao enviar push notification',
  tituloObrigatorio: 'Informe o título da notificação',
  mensagemObrigatoria: 'Escreva a mensagem da notificação',
  mensagemLonga: `A mensagem pode ter no máximo ${NOTIFICATION_MESSAGE_MAX} caracteres`,
  destinoInvalido: 'Escolha para quem enviar: N (Todos), P (Parceiros) ou I (Eu)',
  alvoInvalido: 'Escolha para quem enviar: A (Todos), P (Parceiros) ou I (Eu)',
  assinaturaInvalida: 'Inscrição de notificações inválida',
  enderecoRecusado:
    'Inscrição de notificações recusada: o endereço do serviço de push precisa ser https e público na internet',
  limiteAparelhos: `Você já ativou notificações em ${PUSH_SUBSCRIPTIONS_MAX} aparelhos, o máximo: desative as notificações em um deles antes de ativar neste`,
  notificacaoNaoEncontrada: 'Notificação não encontrada',
  listaVazia: 'Você não tem notificações',
  permissaoNegada: 'Permissão de notificações negada no navegador',
} as const;

/**
 * The notification a person gets when a purchase completes a coupon: the coupon is named by its
 * code, `série-número` (`formatCouponCode`), never by its stored number.
 */
export const TITULO_CUPOM_COMPLETADO = 'Você ganhou um cupom!';
export const textoCupomCompletado = (o: { loja: string; codigo: string; campanha: string }): string =>
  `Sua compra na ${o.loja} completou o cupom ${o.codigo} da campanha ${o.campanha}.`;

/**
 * The notification (and e-mail subject line) a person gets when a number of theirs wins an
 * apuração by the Loteria Federal (issue 36): the number by its code, the campaign, the contest.
 */
export const TITULO_CONTEMPLADO_APURACAO = 'Você foi contemplado!';
export const textoContempladoApuracao = (o: { campanha: string; codigo: string; concurso: number }): string =>
  `Seu número ${o.codigo} foi contemplado na apuração da campanha ${o.campanha} pelo concurso ${o.concurso} da Loteria Federal. Procure a organização da campanha para receber o prêmio.`;

/**
 * Issue 40: the notification a person gets when the sales made to their CPF before they had
 * an account (or before they gave the CPF) are credited; those of ended campaigns lapsed.
 */
export const TITULO_COMPRAS_DO_CPF = 'Compras do seu CPF';
export function textoComprasDoCpf(o: { creditadas: number; cupons: number; expiradas: number }): string {
  const parts: string[] = [];
  if (o.creditadas > 0)
    parts.push(
      `${o.creditadas === 1 ? '1 compra registrada' : `${o.creditadas} compras registradas`} com o seu CPF ${o.creditadas === 1 ? 'esperava' : 'esperavam'} por você e ${o.creditadas === 1 ? 'foi creditada' : 'foram creditadas'}: ${o.cupons === 1 ? '1 cupom' : `${o.cupons} cupons`}.`,
    );
  if (o.expiradas > 0)
    parts.push(
      `${o.expiradas === 1 ? '1 compra não pôde ser creditada' : `${o.expiradas} compras não puderam ser creditadas`} porque a campanha terminou ou uma regra da campanha não permitiu.`,
    );
  return parts.join(' ');
}

/**
 * Issue 52: another account proved the CPF this person had declared (gov.br, or a document a
 * city admin approved): the declaration is removed from their profile.
 */
export const TITULO_CPF_REMOVIDO = 'CPF removido do seu cadastro';
export const TEXTO_CPF_REMOVIDO =
  'Outra conta comprovou ser dona do CPF que você tinha informado no seu cadastro, e ele foi removido. Se o CPF é seu, entre com gov.br ou envie a comprovação pelo seu perfil.';

/**
 * Issue 52: gov.br outranks a photo: another account proved by gov.br the CPF this person had
 * proven by a photo; the CPF leaves the account and the credits made under it are reversed
 * (all but those of coupons already in an apuração).
 */
export const TITULO_CPF_TRANSFERIDO = 'CPF comprovado por outra conta pelo gov.br';
export function textoCpfTransferido(o: { estornadas: number; mantidas: number }): string {
  const parts = [
    'Outra conta comprovou pelo gov.br o CPF que você tinha comprovado por foto. A comprovação pelo gov.br prevalece, e o CPF foi removido do seu cadastro.',
  ];
  if (o.estornadas > 0)
    parts.push(
      `${o.estornadas === 1 ? '1 compra creditada' : `${o.estornadas} compras creditadas`} por esse CPF ${o.estornadas === 1 ? 'foi estornada' : 'foram estornadas'}.`,
    );
  if (o.mantidas > 0)
    parts.push(
      `${o.mantidas === 1 ? '1 compra ficou' : `${o.mantidas} compras ficaram`} com você porque os cupons já estão numa apuração.`,
    );
  return parts.join(' ');
}
