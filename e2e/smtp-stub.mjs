// A real SMTP server for the e2e tests (issue 9), so the account e-mails can be read back:
//   SMTP on 127.0.0.1:<smtpPort>   any sender, any recipient, no auth needed, no STARTTLS
//   GET /messages?to=<email>       JSON [{subject, text, html, date, to, from}], oldest first
//                                  (every message when `to` is left out)
//   GET /health                    "ok" (Playwright waits for it)
// Usage: node smtp-stub.mjs <smtpPort> <httpPort>   (defaults 3102 and 3103; 127.0.0.1 only)
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.argv[2] ?? process.env.SMTP_STUB_PORT ?? 3102);
const httpPort = Number(process.argv[3] ?? process.env.SMTP_STUB_HTTP_PORT ?? 3103);
const HOST = '127.0.0.1';
/** Keep memory bounded on a long run. */
const MAX_MESSAGES = 5000;

/** @type {{to: string[], from: string, subject: string, text: string, html: string, date: string}[]} */
const messages = [];

const addresses = (field) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value ?? [])
    .map((v) => String(v.address ?? '').toLowerCase())
    .filter(Boolean);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({
          to: [...new Set([...envelopeTo, ...addresses(mail.to)])],
          from: addresses(mail.from)[0] ?? String(session.envelope.mailFrom?.address ?? ''),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          date: (mail.date ?? new Date()).toISOString(),
        });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        callback();
      })
      .catch((err) => callback(err));
  },
});
smtp.on('error', (err) => console.error('smtp-stub:', err.message));
smtp.listen(smtpPort, HOST);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}:${httpPort}`);
  if (req.method !== 'GET') {
    res.writeHead(405).end();
    return;
  }
  if (url.pathname === '/health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});
server.listen(httpPort, HOST, () => {
  console.log(`smtp-stub: SMTP on ${HOST}:${smtpPort}, inbox on http://${HOST}:${httpPort}`);
});

const stop = () => {
  server.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
