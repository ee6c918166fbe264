import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';
import type { Finalidade } from './codes.js';

export interface MailContext {
  /** `${publicUrl}${BASE_PATH}`, ending in '/'. */
  siteUrl: string;
  supportEmail: string;
  supportWhatsapp: string;
}

const SUBJECTS: Record<Finalidade, string> = {
  reset: 'Praça: redefinição de senha',
  remocao: 'Praça: confirme a remoção do seu cadastro',
  boas_vindas: 'Praça: boas-vindas! Defina a senha da sua entidade',
};

const PAGES: Record<Finalidade, string> = {
  reset: 'redefinirsenha',
  remocao: 'remocaousuario',
  boas_vindas: 'definirsenha',
};

/** The link of a code: `${publicUrl}${BASE_PATH}redefinirsenha?code=…`, `…remocaousuario?code=…` or `…definirsenha?code=…`. */
const linkFor = (ctx: MailContext, finalidade: Finalidade, code: string): string =>
  `${ctx.siteUrl}${PAGES[finalidade]}?code=${code}`;

type Intro = { text: string[]; action: string; after: string[] };

/** Issue 51: the welcome of a social entity just registered, naming it and its city. */
const welcome = (entidade: string, cidade: string): Intro => ({
  text: [
    `Sua entidade foi cadastrada no Praça, o programa de fidelidade de ${cidade}: a partir de agora, ${entidade} pode receber cupons doados pelos moradores.`,
    'Para começar, defina a senha da conta da entidade no link abaixo (válido por 7 dias e uma única vez):',
  ],
  action: 'Definir a senha da entidade',
  after: [
    'Depois, entre no Praça com este e-mail e a senha que você escolheu.',
    'Se o link expirar, peça um novo em “Esqueci minha senha” na tela de entrada.',
  ],
});

const INTRO: Record<Exclude<Finalidade, 'boas_vindas'>, Intro> = {
  reset: {
    text: [
      'Recebemos um pedido para redefinir a senha da sua conta no Praça.',
      'Para escolher uma nova senha, abra o link abaixo (válido por 60 minutos e uma única vez):',
    ],
    action: 'Redefinir minha senha',
    after: ['Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.'],
  },
  remocao: {
    text: [
      'Recebemos um pedido para remover o seu cadastro do Praça.',
      'Para confirmar, abra o link abaixo (válido por 60 minutos e uma única vez) e informe sua senha:',
    ],
    action: 'Confirmar a remoção do meu cadastro',
    after: [
      'Ao confirmar, seu nome, e-mail, telefone e endereço são apagados e você sai do programa.',
      'Se você não fez esse pedido, ignore este e-mail: nada será removido.',
    ],
  },
};

/** The e-mail with a code's link, in Portuguese, as plain text and HTML (values escaped). */
export function codeMail(
  ctx: MailContext,
  o: {
    to: string;
    nome: string;
    finalidade: Finalidade;
    code: string;
    /** The welcome's entity and city (finalidade 'boas_vindas'). */
    entidade?: { nome: string; cidade: string };
  },
): MailMessage {
  const link = linkFor(ctx, o.finalidade, o.code);
  const t =
    o.finalidade === 'boas_vindas'
      ? welcome(o.entidade?.nome ?? o.nome, o.entidade?.cidade ?? 'sua cidade')
      : INTRO[o.finalidade];
  const saudacao = o.nome ? `Olá, ${o.nome}!` : 'Olá!';
  const suporte = `Dúvidas? Fale com o suporte: ${ctx.supportEmail} ou WhatsApp ${ctx.supportWhatsapp}.`;
  const text = [saudacao, '', ...t.text, '', link, '', ...t.after, '', suporte, '', 'Equipe Praça', ''].join(
    '\n',
  );
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const e = escapeHtml;
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>',
    e(SUBJECTS[o.finalidade]),
    '</title></head><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222">',
    p(saudacao),
    ...t.text.map(p),
    `<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#0b6e4f;color:#fff;text-decoration:none;border-radius:4px">${e(t.action)}</a></p>`,
    `<p style="font-size:12px;word-break:break-all">Se o botão não funcionar, copie este endereço no navegador:<br>${e(link)}</p>`,
    ...t.after.map(p),
    `<p>Dúvidas? Fale com o suporte: <a href="mailto:${e(ctx.supportEmail)}">${e(ctx.supportEmail)}</a> ou WhatsApp ${e(ctx.supportWhatsapp)}.</p>`,
    p('Equipe Praça'),
    '</body></html>',
  ].join('\n');
  return { to: o.to, subject: SUBJECTS[o.finalidade], text, html, link };
}
