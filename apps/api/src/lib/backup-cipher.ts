import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The encryption of a backup archive (issue 54): AES-256-GCM in chunks, streamed, with Node's
 * own crypto, in the construction `age` and Tink's streaming AEAD use (the "STREAM" of Hoang,
 * Reyhanitabar, Rogaway and Vizár):
 *
 *   header  = "PRACABK1" (8 bytes) ‖ salt (16 random bytes) ‖ check (32 bytes)
 *   chunk i = AES-256-GCM(key, nonce = i as 11 bytes big-endian ‖ last ? 1 : 0, 64 KiB of text) ‖ tag
 *
 * The key and the check's key come from BACKUP_KEY and the archive's salt through HKDF-SHA256,
 * so each archive has its own key and a counter is a safe nonce. `check` is an HMAC of the
 * header's first 24 bytes: a wrong BACKUP_KEY is told apart from a damaged file before any
 * chunk. Every chunk is authenticated before its text is used; chunks cannot be reordered (the
 * nonce counts them) and an archive cut short at any byte is refused (its last chunk was not
 * sealed as the last one).
 */

const MAGIC = Buffer.from('PRACABK1');
const SALT_BYTES = 16;
const CHECK_BYTES = 32;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + CHECK_BYTES;
/** Text per chunk; each chunk adds a 16-byte tag. */
const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const SEALED_BYTES = CHUNK_BYTES + TAG_BYTES;

/** Why an archive cannot be read, in words for the operator. */
class BackupCipherError extends Error {}

const MSG_BACKUP_CIFRA = {
  naoEhBackup: 'o arquivo não é um backup do Praça (cabeçalho desconhecido)',
  chaveErrada: 'a BACKUP_KEY não é a chave deste backup',
  danificado: 'o backup está incompleto ou foi alterado (um bloco não confere): não use este arquivo',
} as const;

function keys(secret: string, salt: Buffer): { key: Buffer; checkKey: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
  return { key: derive('praca-backup v1 cifra'), checkKey: derive('praca-backup v1 verificacao') };
}

function nonce(counter: bigint, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  // 11 bytes of counter: the high 3 as one number, the low 8 as another.
  n.writeUIntBE(Number(counter >> 64n), 0, 3);
  n.writeBigUInt64BE(counter & 0xffff_ffff_ffff_ffffn, 3);
  n[11] = last ? 1 : 0;
  return n;
}

function seal(key: Buffer, counter: bigint, last: boolean, text: Buffer): Buffer {
  const c = createCipheriv('aes-256-gcm', key, nonce(counter, last));
  return Buffer.concat([c.update(text), c.final(), c.getAuthTag()]);
}

function open(key: Buffer, counter: bigint, last: boolean, sealed: Buffer): Buffer {
  const d = createDecipheriv('aes-256-gcm', key, nonce(counter, last));
  d.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG_BYTES)), d.final()]);
  } catch {
    throw new BackupCipherError(MSG_BACKUP_CIFRA.danificado);
  }
}

/** Encrypts a stream of bytes under `secret` (BACKUP_KEY): the archive's bytes. */
export async function* encrypt(secret: string, source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const salt = randomBytes(SALT_BYTES);
  const { key, checkKey } = keys(secret, salt);
  const head = Buffer.concat([MAGIC, salt]);
  yield Buffer.concat([head, createHmac('sha256', checkKey).update(head).digest()]);
  let counter = 0n;
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    pending.push(piece);
    size += piece.length;
    // A full chunk is sealed once more text follows it: the last chunk is sealed as the last.
    if (size > CHUNK_BYTES) {
      let all = Buffer.concat(pending);
      while (all.length > CHUNK_BYTES) {
        yield seal(key, counter++, false, all.subarray(0, CHUNK_BYTES));
        all = all.subarray(CHUNK_BYTES);
      }
      pending = [all];
      size = all.length;
    }
  }
  yield seal(key, counter, true, Buffer.concat(pending));
}

/**
 * Decrypts an archive's bytes under `secret`, yielding text only once its chunk is
 * authenticated; throws BackupCipherError for a file that is no archive, another key, or any
 * change or cut.
 */
export async function* decrypt(secret: string, source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let buffer: Buffer = Buffer.alloc(0);
  let key: Buffer | undefined;
  let counter = 0n;
  for await (const piece of source) {
    buffer = buffer.length ? Buffer.concat([buffer, piece]) : piece;
    if (!key) {
      if (buffer.length < HEADER_BYTES) continue;
      key = readHeader(secret, buffer.subarray(0, HEADER_BYTES));
      buffer = buffer.subarray(HEADER_BYTES);
    }
    // A whole sealed chunk with more bytes after it is not the last one.
    while (buffer.length > SEALED_BYTES) {
      yield open(key, counter++, false, buffer.subarray(0, SEALED_BYTES));
      buffer = buffer.subarray(SEALED_BYTES);
    }
  }
  if (!key) {
    if (buffer.length >= MAGIC.length && buffer.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new BackupCipherError(MSG_BACKUP_CIFRA.danificado);
    }
    throw new BackupCipherError(MSG_BACKUP_CIFRA.naoEhBackup);
  }
  if (buffer.length < TAG_BYTES) throw new BackupCipherError(MSG_BACKUP_CIFRA.danificado);
  yield open(key, counter, true, buffer);
}

function readHeader(secret: string, header: Buffer): Buffer {
  if (!header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupCipherError(MSG_BACKUP_CIFRA.naoEhBackup);
  const head = header.subarray(0, MAGIC.length + SALT_BYTES);
  const { key, checkKey } = keys(secret, head.subarray(MAGIC.length));
  const expected = createHmac('sha256', checkKey).update(head).digest();
  if (!timingSafeEqual(expected, header.subarray(head.length))) {
    throw new BackupCipherError(MSG_BACKUP_CIFRA.chaveErrada);
  }
  return key;
}

/** Whether the first bytes of a file are an archive's (else an old plain dump, issue 11). */
export const isArchive = (firstBytes: Buffer): boolean =>
  firstBytes.length >= MAGIC.length && firstBytes.subarray(0, MAGIC.length).equals(MAGIC);
