import { TITULO_CONTEMPLADO_APURACAO, textoContempladoApuracao } from '@praca/contract';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';

/**
 * The e-mail a winner of an apuração gets (issue 36): the same words as the notification, and
 * the link to the apuração's public page, where anyone can check the result.
 */
export function winnerMail(o: {
  to: string;
  nome: string;
  campanha: string;
  codigo: string;
  concurso: number;
  /** The public page of the apuração. */
  link: string;
  supportEmail: string;
}): MailMessage {
  const subject = `Praça: ${TITULO_CONTEMPLADO_APURACAO.toLowerCase()}`;
  const saudacao = o.nome ? `Olá, ${o.nome}!` : 'Olá!';
  const texto = textoContempladoApuracao(o);
  const conferir = 'O resultado, o arquivo de bilhetes e a regra da apuração estão públicos em:';
  const suporte = `Dúvidas? Fale com o suporte: ${o.supportEmail}.`;
  const text = [saudacao, '', texto, '', conferir, o.link, '', suporte, '', 'Equipe Praça', ''].join('\n');
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222">',
    `<p>${e(saudacao)}</p>`,
    `<p>${e(texto)}</p>`,
    `<p>${e(conferir)}<br><a href="${e(o.link)}">${e(o.link)}</a></p>`,
    `<p>Dúvidas? Fale com o suporte: <a href="mailto:${e(o.supportEmail)}">${e(o.supportEmail)}</a>.</p>`,
    '<p>Equipe Praça</p>',
    '</body></html>',
  ].join('\n');
  return { to: o.to, subject, text, html, link: o.link };
}
