import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for the app's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next message to `address` not handed out yet (waits up to `timeoutMs`). */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to `address` so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port, no STARTTLS, no login) that parses every
 * message with mailparser, so tests read what a mail client would show.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const nextFor = (address: string) =>
    received.find((m) => !taken.has(m) && m.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(address, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = nextFor(address);
          if (!m) return false;
          taken.add(m);
          waiters.delete(onMail);
          clearTimeout(timer);
          resolve(m);
          return true;
        };
        const onMail = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onMail);
          reject(new Error(`nenhum e-mail para ${address} em ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(onMail);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code of the first `<page>?code=` link in a text. */
export function codeFrom(body: string, page: 'redefinirsenha' | 'remocaousuario' | 'definirsenha'): string {
  const m = new RegExp(`/${page}\\?code=([A-Za-z0-9]+)`).exec(body);
  if (!m) throw new Error(`sem link /${page}?code= no e-mail`);
  return m[1];
}
