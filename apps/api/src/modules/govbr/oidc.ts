import * as client from 'openid-client';
import { now } from '../../lib/clock.js';

/**
 * The OpenID Connect side of "Entrar com gov.br" (issue 52), through openid-client: the
 * issuer's discovery document (fetched once, then kept), the authorization address with PKCE
 * S256, `state` and `nonce`, and the code's exchange, which checks the state, the issuer
 * (RFC 9207's `iss` and the id_token's), the nonce, the id_token's signature and times (on the
 * programme's clock, lib/clock.ts) and sends the PKCE verifier.
 */

/** gov.br's account levels, lowest first (its manual: bronze, prata, ouro). */
const NIVEIS = ['bronze', 'prata', 'ouro'] as const;
export type Nivel = (typeof NIVEIS)[number];

/** The scopes gov.br's manual asks for: the level comes inside the id_token. */
const SCOPE = 'openid email profile govbr_confiabilidades govbr_confiabilidades_idtoken';

export interface GovbrSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The confiabilidades API's base (`…/confiabilidades/v3/contas/{cpf}/niveis`), if any. */
  apiUrl: string | undefined;
  /** The address gov.br sends the browser back to (`…/v1/govbr/retorno`). */
  redirectUri: string;
}

/** What a completed authorization tells about the person. */
interface GovbrIdentity {
  /** The CPF's 11 digits (gov.br's `sub`). */
  cpf: string;
  nome: string;
  /** The e-mail, only when gov.br says it is verified; '' otherwise. */
  email: string;
  nivel: Nivel;
  amr: string[];
}

/** A refusal of the callback (its message is for the log, never for the person). */
export class GovbrError extends Error {}

/** Loopback issuers (tests, a local provider) may speak plain http; any other must be https. */
function isLoopback(url: URL): boolean {
  const h = url.hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** The amr values gov.br's manual lists; others are logged (and accepted). */
const KNOWN_AMR = new Set([
  'passwd',
  'captcha',
  'mfa',
  'otp',
  'otp_offline',
  'x509',
  'x509_token',
  'x509_neoid',
  'x509_safeid',
  'x509_birdid',
  'x509_serasa',
  'x509_vidaas',
  'x509_remoteid',
  'bank',
  'bank001',
  'bank121',
  'bank070',
  'bank041',
  'bank237',
  'bank104',
  'bank341',
  'bank389',
  'bank033',
  'bank756',
  'bank748',
  'app',
  'app_qrcode',
]);

export const unknownAmr = (amr: string[]): string[] => amr.filter((v) => !KNOWN_AMR.has(v));

/** The level of an id_token's `reliability_info.level` (gold, silver, bronze), or null. */
function levelOfReliability(info: unknown): Nivel | null {
  const level = info && typeof info === 'object' ? (info as { level?: unknown }).level : undefined;
  if (level === 'gold' || level === 'ouro') return 'ouro';
  if (level === 'silver' || level === 'prata') return 'prata';
  if (level === 'bronze') return 'bronze';
  return null;
}

/** The highest level in the confiabilidades API's answer (`[{ id: '1'|'2'|'3', … }]`). */
function levelOfNiveis(body: unknown): Nivel | null {
  if (!Array.isArray(body)) return null;
  const ids = body.map((n) => Number((n as { id?: unknown } | null)?.id)).filter((n) => n >= 1 && n <= 3);
  return ids.length ? NIVEIS[Math.max(...ids) - 1]! : null;
}

export const levelAtLeast = (nivel: Nivel, minimo: Nivel): boolean =>
  NIVEIS.indexOf(nivel) >= NIVEIS.indexOf(minimo);

const digitsOf = (v: unknown): string => (typeof v === 'string' ? v.replace(/\D/g, '') : '');

/**
 * What went wrong, for the log: the error's name, message and code, the claim that failed a
 * comparison and the provider's `error`; never the claims themselves (the sub is a CPF).
 */
function describe(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const x = e as {
      name?: unknown;
      message?: unknown;
      code?: unknown;
      claim?: unknown;
      error?: unknown;
      cause?: unknown;
    };
    if (e instanceof Error) parts.push(`${e.name}: ${e.message}`);
    if (typeof x.code === 'string') parts.push(x.code);
    if (typeof x.claim === 'string') parts.push(`claim ${x.claim}`);
    if (typeof x.error === 'string') parts.push(x.error);
    e = x.cause;
  }
  return parts.length ? parts.join(' · ') : String(err);
}

export interface GovbrClient {
  /** The provider's address for a new flow (its secrets are the caller's to keep). */
  authorizationUrl(a: { state: string; nonce: string; verifier: string }): Promise<string>;
  /**
   * The callback: `callbackUrl` is the full address gov.br sent the browser to. Throws
   * GovbrError for anything wrong (state, issuer, nonce, PKCE, signature, expiry).
   */
  complete(callbackUrl: URL, a: { state: string; nonce: string; verifier: string }): Promise<GovbrIdentity>;
}

export function createGovbrClient(s: GovbrSettings): GovbrClient {
  const issuer = new URL(s.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  let discovered: Promise<client.Configuration> | undefined;

  const base = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        issuer,
        s.clientId,
        undefined,
        client.ClientSecretBasic(s.clientSecret),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        // A failed discovery is tried again at the next flow.
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  /** The configuration with the programme's clock (tests move it), sharing the key cache. */
  const onClock = async (): Promise<client.Configuration> => {
    const cfg = await base();
    const skew = Math.round((now().getTime() - Date.now()) / 1000);
    const c = new client.Configuration(
      cfg.serverMetadata(),
      s.clientId,
      { client_secret: s.clientSecret, [client.clockSkew]: skew },
      client.ClientSecretBasic(s.clientSecret),
    );
    if (insecure) client.allowInsecureRequests(c);
    const jwks = client.getJwksCache(cfg);
    if (jwks) client.setJwksCache(c, jwks);
    return c;
  };

  const levelFromApi = async (
    cfg: client.Configuration,
    cpf: string,
    accessToken: string,
  ): Promise<Nivel | null> => {
    if (!s.apiUrl) return null;
    const url = new URL(
      `confiabilidades/v3/contas/${cpf}/niveis?response-type=ids`,
      s.apiUrl.endsWith('/') ? s.apiUrl : `${s.apiUrl}/`,
    );
    const res = await client.fetchProtectedResource(cfg, accessToken, url, 'GET');
    if (!res.ok) throw new GovbrError(`confiabilidades respondeu ${res.status}`);
    return levelOfNiveis(await res.json());
  };

  return {
    async authorizationUrl({ state, nonce, verifier }) {
      const cfg = await base();
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: s.redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async complete(callbackUrl, { state, nonce, verifier }) {
      const cfg = await onClock();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
          expectedState: state,
          expectedNonce: nonce,
          pkceCodeVerifier: verifier,
          idTokenExpected: true,
        });
      } catch (err) {
        throw new GovbrError(describe(err));
      }
      const claims = tokens.claims();
      if (!claims) throw new GovbrError('sem id_token');
      const cpf = digitsOf(claims.sub);
      if (cpf.length !== 11) throw new GovbrError('sub não é um CPF');
      const amr = Array.isArray(claims.amr)
        ? claims.amr.filter((v): v is string => typeof v === 'string')
        : [];
      let nivel = levelOfReliability(claims.reliability_info);
      if (nivel === null) nivel = await levelFromApi(cfg, cpf, tokens.access_token);
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      const email = verified && typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      const nome = typeof claims.name === 'string' ? claims.name.trim() : '';
      // No level at all counts as the lowest: a login below the minimum is refused.
      return { cpf, nome, email, nivel: nivel ?? 'bronze', amr };
    },
  };
}
