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
  /** The last day to claim the prize (Lei 5.768 art. 6). */
  prazo: string;
}): MailMessage {
  const subject = `Praça: ${TITULO_CONTEMPLADO_APURACAO.toLowerCase()}`;
  const saudacao = o.nome ? `Olá, ${o.nome}!` : 'Olá!';
  const texto = textoContempladoApuracao(o);
  const prazo = `Prazo para reclamar o prêmio: até ${o.prazo.split('-').reverse().join('/')} (180 dias depois do concurso; Lei 5.768/71, art. 6º).`;
  const conferir = 'O resultado, o arquivo de bilhetes e a regra da apuração estão públicos em:';
  const suporte = `Dúvidas? Fale com o suporte: ${o.supportEmail}.`;
  const text = [
    saudacao,
    '',
    texto,
    '',
    prazo,
    '',
    conferir,
    o.link,
    '',
    suporte,
    '',
    'Equipe Praça',
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222">',
    `<p>${e(saudacao)}</p>`,
    `<p>${e(texto)}</p>`,
    `<p>${e(prazo)}</p>`,
    `<p>${e(conferir)}<br><a href="${e(o.link)}">${e(o.link)}</a></p>`,
    `<p>Dúvidas? Fale com o suporte: <a href="mailto:${e(o.supportEmail)}">${e(o.supportEmail)}</a>.</p>`,
    '<p>Equipe Praça</p>',
    '</body></html>',
  ].join('\n');
  return { to: o.to, subject, text, html, link: o.link };
}

/** A plain message with the same words as text and HTML, signed by the team. */
export function plainMail(to: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const e = escapeHtml;
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(link ? [link, ''] : []), 'Equipe Praça', ''].join(
    '\n',
  );
  const html = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222">',
    ...paragraphs.map((p) => `<p>${e(p).replaceAll('\n', '<br>')}</p>`),
    ...(link ? [`<p><a href="${e(link)}">${e(link)}</a></p>`] : []),
    '<p>Equipe Praça</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, ...(link ? { link } : {}) };
}

/** `YYYY-MM-DD` as `dd/mm/aaaa`. */
const diaBr = (d: string): string => d.split('-').reverse().join('/');

/**
 * The freeze's notice (issue 49) to the city's admins and the auditors: the hash, the count,
 * the contest and its instant, and the rule, so the hash is known outside the operator's server
 * before the contest.
 */
export function freezeMail(o: {
  to: string;
  id: number;
  campanha: string;
  hash: string;
  qtd: number;
  concurso: number;
  dataConcurso: string;
  instante: string;
  versao: number;
  regra: readonly string[];
  excecao: string | null;
  link: string;
}): MailMessage {
  return plainMail(
    o.to,
    `Praça: apuração nº ${o.id} congelada (concurso ${o.concurso})`,
    [
      `A apuração nº ${o.id} da campanha "${o.campanha}" foi agendada e seus bilhetes foram congelados.`,
      [
        `Hash SHA-256 do arquivo de bilhetes: ${o.hash}`,
        `Quantidade de bilhetes: ${o.qtd.toLocaleString('pt-BR')}`,
        `Concurso da Loteria Federal: nº ${o.concurso}, de ${diaBr(o.dataConcurso)} (${o.instante})`,
        `Regra: versão ${o.versao}`,
      ].join('\n'),
      ...(o.excecao ? [`Exceção ao calendário da Loteria Federal: ${o.excecao}`] : []),
      o.regra.map((r, i) => `${i + 1}. ${r}`).join('\n'),
      'Guarde este e-mail: ele prova qual hash foi publicado antes do concurso. O registro público e o arquivo estão em:',
    ],
    o.link,
  );
}

/** The admins' alert when a stored ticket file no longer matches its hash. */
export function suspensionMail(o: {
  to: string;
  id: number;
  campanha: string;
  siteUrl: string;
}): MailMessage {
  return plainMail(
    o.to,
    `Praça: apuração nº ${o.id} suspensa`,
    [
      `O arquivo de bilhetes guardado da apuração nº ${o.id} (${o.campanha}) não confere com o hash publicado.`,
      'A apuração foi suspensa: o arquivo não é mais servido e nenhum resultado é aceito até que um administrador envie uma cópia com o mesmo SHA-256 (a cópia de um auditor ou de um backup) em Admin › Apurações.',
    ],
    `${o.siteUrl}admin/apuracoes`,
  );
}

/** The two entries of a result did not match: both people are told, both entries are gone. */
export function divergenceMail(o: { to: string; id: number; concurso: number; link: string }): MailMessage {
  return plainMail(
    o.to,
    `Praça: resultado da apuração nº ${o.id} não conferiu`,
    [
      `Os prêmios lançados por duas pessoas para o concurso nº ${o.concurso} da apuração nº ${o.id} não conferem.`,
      'Os dois lançamentos foram descartados. Confiram o resultado oficial da Caixa e lancem de novo.',
    ],
    o.link,
  );
}

/** The annulled winner is told, with the reason. */
export function annulledMail(o: {
  to: string;
  nome: string;
  campanha: string;
  codigo: string;
  motivo: string;
  link: string;
}): MailMessage {
  return plainMail(
    o.to,
    'Praça: seu prêmio foi anulado',
    [
      o.nome ? `Olá, ${o.nome}.` : 'Olá.',
      `O prêmio do seu bilhete ${o.codigo} na campanha "${o.campanha}" foi anulado. Motivo: ${o.motivo}`,
      'Um suplente será sorteado pelo próximo concurso da Loteria Federal. O registro público da apuração está em:',
    ],
    o.link,
  );
}
