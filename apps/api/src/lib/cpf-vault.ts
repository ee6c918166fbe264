import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * How the server keeps a CPF (issue 40, decision 051): never in the clear.
 * - `lookup`: HMAC-SHA256 of the 11 digits under a key of the server: what the unique index
 *   and every search compare. Without the key, the 10^9 possible CPFs cannot be tried
 *   against a stolen table, as they could against a plain hash.
 * - `seal`: AES-256-GCM of the digits (random 12-byte IV, tag checked on opening), read back
 *   only for the owner's profile and data export.
 * Both keys come from one secret through HKDF: `CPF_KEY` (at least 32 characters; the same on
 * every instance), else a random one created once in `DATA_DIR/chaves/cpf.key` (mode 0600),
 * outside the database, so that a database dump alone reveals no CPF.
 */
export class CpfVault {
  private readonly lookupKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(secret: string | Buffer) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'praca-cpf', info, 32));
    this.lookupKey = derive('busca');
    this.sealKey = derive('cifra');
  }

  /** The secret from `CPF_KEY`, or the one kept in `dataDir` (created on first use). */
  static load(fromEnv: string | undefined, dataDir: string): CpfVault {
    return new CpfVault(fromEnv ?? keyFile(path.join(dataDir, 'chaves', 'cpf.key')));
  }

  /** The lookup value of a CPF's 11 digits (hex). */
  lookup(digits: string): string {
    return createHmac('sha256', this.lookupKey).update(digits).digest('hex');
  }

  seal(digits: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([c.update(digits, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The digits of a sealed CPF; throws when it was sealed under another key or altered. */
  open(sealed: string): string {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (!sealed.startsWith('v1.') || raw.length < 29) throw new Error('CPF cifrado ilegível');
    const d = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}

/** Reads the key file, or creates it when absent (exclusive create: two instances agree). */
function keyFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file);
    throw err;
  }
  try {
    writeSync(fd, key);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return key;
}
