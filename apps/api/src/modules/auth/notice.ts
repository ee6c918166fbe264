import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import * as repo from './repository.js';

/** The job that tells an e-mail's owner its log-in challenges started (issue 52). */
export const CHALLENGE_NOTICE_JOB = 'aviso-desafio-login';
export interface ChallengeNoticeJob {
  email: string;
}

export interface NoticeDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** `${publicUrl}${BASE_PATH}`, ending in '/'. */
  siteUrl: string;
  supportEmail: string;
}

const SUBJECT = 'Praça: muitas tentativas de entrar na sua conta';

/** The notice, in Portuguese, as plain text and HTML (values escaped). */
function challengeNotice(
  deps: Pick<NoticeDeps, 'siteUrl' | 'supportEmail'>,
  to: string,
  nome: string,
): MailMessage {
  const lines = [
    nome ? `Olá, ${nome}!` : 'Olá!',
    'Houve muitas tentativas de entrar na sua conta do Praça com a senha errada.',
    'Para proteger a conta, a entrada agora pede uma verificação rápida de que não é um robô; com a sua senha certa você continua entrando normalmente, de qualquer lugar.',
    'Se foi você, não precisa fazer nada. Se não foi, troque sua senha em “Esqueci minha senha” na tela de entrada:',
    `${deps.siteUrl}login`,
    `Dúvidas? Fale com o suporte: ${deps.supportEmail}.`,
    'Equipe Praça',
  ];
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>',
    escapeHtml(SUBJECT),
    '</title></head><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject: SUBJECT, text: `${lines.join('\n\n')}\n`, html };
}

/** Sends the notice to the account of that e-mail, when there is one (nothing otherwise). */
export async function sendChallengeNotice(deps: NoticeDeps, job: ChallengeNoticeJob): Promise<void> {
  const user = await repo.findUserForLogin(deps.db, job.email);
  if (!user?.email) return;
  if (!(await deps.mailer.sendMail(challengeNotice(deps, user.email, user.nome))))
    throw new Error('aviso de desafio não enviado');
}
