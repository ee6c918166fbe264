// A local gov.br for tests (issue 52): oidc-provider on 127.0.0.1 issuing gov.br-shaped tokens
// (sub = the CPF's digits, `reliability_info` with the level, `amr`), and a stand-in of the
// confiabilidades API (`/confiabilidades/v3/contas/{cpf}/niveis`). Its login page asks only for
// a CPF (a person the test described with POST /__contas, or a prata one made up on the spot).
//   import { startGovbrProvider } from './govbr-provider.mjs'       (API tests)
//   node govbr-provider.mjs <port> <redirect_uri> [client_id] [client_secret]   (e2e)
// Plain JavaScript: the e2e config runs it with node, the API tests import it.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

const LEVELS = { bronze: 'bronze', prata: 'silver', ouro: 'gold' };
const LEVEL_IDS = { bronze: '1', prata: '2', ouro: '3' };

/**
 * @param {{ port?: number, redirectUris: string[], clientId?: string, clientSecret?: string }} o
 */
export async function startGovbrProvider(o) {
  const clientId = o.clientId ?? 'praca-teste';
  const clientSecret = o.clientSecret ?? 'segredo-do-cliente-de-teste-0123456789';
  /** @type {Map<string, any>} */
  const accounts = new Map();
  const accountOf = (cpf) =>
    accounts.get(cpf) ?? {
      sub: cpf,
      name: 'Maria da Silva Gov',
      email: `${cpf}@govbr.test`,
      email_verified: true,
      nivel: 'prata',
      nivelNoToken: true,
      amr: ['passwd'],
    };

  let handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const port = server.address().port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: o.redirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['chave-de-cookie-de-teste'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'phone', 'govbr_confiabilidades', 'govbr_confiabilidades_idtoken'],
    claims: {
      openid: ['sub', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['name', 'social_name', 'preferred_username'],
      phone: ['phone_number', 'phone_number_verified'],
      govbr_confiabilidades: [],
      govbr_confiabilidades_idtoken: ['reliability_info'],
    },
    // gov.br's id_token lives 60 seconds (its manual).
    ttl: { IdToken: 60, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
    async findAccount(_ctx, sub) {
      const a = accountOf(sub);
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            name: a.name,
            preferred_username: sub,
            ...(a.email_verified ? { email: a.email } : {}),
            email_verified: a.email_verified,
            ...(a.nivelNoToken
              ? {
                  reliability_info: {
                    level: LEVELS[a.nivel],
                    reliabilities: [{ id: '801', updatedAt: '2025-07-02T14:17:16.001-0300' }],
                  },
                }
              : {}),
          };
        },
      };
    },
  });
  const callback = provider.callback();

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const page = (
    uid,
  ) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>gov.br (teste)</title></head>
<body><main><h1>gov.br de teste</h1>
<form method="post" action="/interaction/${uid}">
<label for="cpf">CPF</label> <input id="cpf" name="cpf" inputmode="numeric" autocomplete="off">
<button type="submit">Entrar no gov.br de teste</button>
</form></main></body></html>`;

  handler = async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/health') return void res.end('ok');
      if (url.pathname === '/__contas' && req.method === 'POST') {
        const a = JSON.parse(await readBody(req));
        accounts.set(a.sub, { ...accountOf(a.sub), ...a });
        return void res.end('{}');
      }
      const niveis = /^\/confiabilidades\/v3\/contas\/(\d{11})\/niveis$/.exec(url.pathname);
      if (niveis) {
        if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
          res.statusCode = 401;
          return void res.end();
        }
        const a = accountOf(niveis[1]);
        res.setHeader('content-type', 'application/json');
        const top = Number(LEVEL_IDS[a.nivel]);
        return void res.end(
          JSON.stringify(
            Array.from({ length: top }, (_, i) => ({
              id: String(i + 1),
              dataAtualizacao: '2025-07-02 14:17:16',
            })),
          ),
        );
      }
      const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
      if (interaction) {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return void res.end(page(details.uid));
        }
        const cpf = (new URLSearchParams(await readBody(req)).get('cpf') ?? '').replace(/\D/g, '');
        const a = accountOf(cpf);
        const grant = new provider.Grant({ accountId: cpf, clientId });
        grant.addOIDCScope('openid email profile govbr_confiabilidades govbr_confiabilidades_idtoken');
        const grantId = await grant.save();
        return void (await provider.interactionFinished(
          req,
          res,
          { login: { accountId: cpf, amr: a.amr }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        ));
      }
      callback(req, res);
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  };

  return {
    issuer,
    apiUrl: issuer,
    clientId,
    clientSecret,
    /** Describes a gov.br person by CPF (sub): name, email, email_verified, nivel, nivelNoToken, amr. */
    setAccount(a) {
      accounts.set(a.sub, { ...accountOf(a.sub), ...a });
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

// e2e: node govbr-provider.mjs <port> <redirect_uri> [client_id] [client_secret]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, redirectUri, clientId, clientSecret] = process.argv.slice(2);
  const p = await startGovbrProvider({
    port: Number(port),
    redirectUris: [redirectUri],
    clientId,
    clientSecret,
  });
  console.log(`gov.br de teste em ${p.issuer}`);
}
