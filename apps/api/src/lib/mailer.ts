import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One e-mail: Portuguese plain text and HTML of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries: logged (info) when the message goes to the outbox. */
  link?: string;
}

export interface Mailer {
  /** Sends (or writes to the outbox); never throws: failures are logged. Answers whether it went. */
  sendMail(msg: MailMessage): Promise<boolean>;
  /** Where messages go: 'smtp' or 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The SMTP transport of a URL: `smtp://` speaks plain SMTP and only upgrades if the server offers STARTTLS. */
function smtpTransport(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    // A server that does not offer STARTTLS is spoken to in plain text; one that offers it is used.
    ignoreTLS: u.searchParams.get('ignoreTLS') === 'true',
    requireTLS: u.searchParams.get('requireTLS') === 'true',
    tls: u.searchParams.get('rejectUnauthorized') === 'false' ? { rejectUnauthorized: false } : undefined,
    ...TIMEOUTS,
  });
}

/**
 * E-mail of the product (domain §9): through SMTP when `SMTP_URL` is set, otherwise each
 * message is written to the outbox folder as `<instant>-<random>.eml` (the real message) and
 * `.json` (to, subject, text, html: easy to read in scripts), and its link is logged.
 */
export function createMailer(o: MailerOptions): Mailer {
  const log = o.log.child({ modulo: 'mailer' });
  if (o.smtpUrl) {
    const transport = smtpTransport(o.smtpUrl);
    return {
      mode: 'smtp',
      async sendMail(msg) {
        try {
          await transport.sendMail({
            from: o.from,
            to: msg.to,
            subject: msg.subject,
            text: msg.text,
            html: msg.html,
          });
          log.info({ assunto: msg.subject }, 'e-mail enviado por SMTP');
          return true;
        } catch (err) {
          log.error({ err, assunto: msg.subject }, 'falha ao enviar e-mail por SMTP');
          return false;
        }
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async sendMail(msg) {
      try {
        const info = await transport.sendMail({
          from: o.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
        });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}`;
        await fs.mkdir(o.outboxDir, { recursive: true });
        await fs.writeFile(path.join(o.outboxDir, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
        const json = {
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          criado_em: new Date(),
        };
        await fs.writeFile(path.join(o.outboxDir, `${name}.json`), JSON.stringify(json, null, 2), {
          mode: 0o600,
        });
        log.info(
          { arquivo: `${name}.eml`, assunto: msg.subject, link: msg.link },
          'e-mail gravado na caixa de saída',
        );
        return true;
      } catch (err) {
        log.error({ err, assunto: msg.subject }, 'falha ao gravar e-mail na caixa de saída');
        return false;
      }
    },
    close: () => transport.close(),
  };
}
