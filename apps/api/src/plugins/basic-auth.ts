import { safeEqual } from '../lib/crypto.js';

/** True when an `Authorization: Basic …` header carries exactly these credentials. */
export function basicAuthMatches(header: string | undefined, user: string, pass: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return false;
  // Both compared every time, so the answer time does not tell which part was wrong.
  const okUser = safeEqual(decoded.slice(0, i), user);
  const okPass = safeEqual(decoded.slice(i + 1), pass);
  return okUser && okPass;
}
