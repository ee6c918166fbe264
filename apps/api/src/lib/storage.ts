import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where the files live (issue 38, decision 046): the public images (`images/<folder>/<name>`),
 * the private receipts' photos (`comprovantes/<name>`), the private photos of CPF proofs
 * (`cpf-comprovacoes/<name>`, issue 52), the private files of large exports
 * (`exportacoes/<name>`, issue 54) and the ticket files of apurações and
 * draws (`apuracoes/<id>.csv`, `sorteios/<id>.csv`). One small interface, two stores:
 *
 * - a directory: the data folder (DATA_DIR, the default) or a shared one every instance mounts
 *   (`STORAGE_URL=file:///path`, issue 54). A key is a path under it, written under a
 *   temporary name and renamed, so a reader never sees half a file;
 * - S3-compatible object storage when `STORAGE_URL=s3://bucket/prefix` (AWS S3, MinIO, R2…):
 *   a key is an object `<prefix>/<key>`. The bucket stays private: images reach people through
 *   the API at their usual address (`<base>/img/…`, plugins/web-app.ts).
 *
 * Public or private is the key's first folder, not the store: only `images/` is ever served
 * as it is.
 */
export interface Store {
  readonly kind: 'local' | 's3';
  /**
   * Writes the whole object at once; `data` may be a local file's path (`{ file }`), read as a
   * stream. With `move` the store may take the file itself (a rename on the same filesystem)
   * instead of copying it: the caller removes the path afterwards (`rm --force`) either way.
   */
  put(key: string, data: Buffer | LocalFile, contentType: string): Promise<void>;
  /** The object as a stream with its size, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /**
   * A short text that changes whenever the object does (local: size and modification time;
   * S3: size and ETag), or null when there is none: a file is rehashed only when it changes.
   */
  signature(key: string): Promise<string | null>;
  /** Deletes the object; none is no error. */
  delete(key: string): Promise<void>;
  /** Keys that start with `prefix` (a folder and the start of a name). */
  list(prefix: string): Promise<string[]>;
}

/** A local file to store (`move`: the store may rename it into place instead of copying). */
export interface LocalFile {
  file: string;
  move?: boolean;
}

/** Keys are plain relative paths: folders and names of letters, digits, `.`, `_`, `-`. */
const KEY = /^[a-z0-9_-]+(\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..')) {
    throw new Error(`chave de armazenamento inválida: ${key}`);
  }
  return key;
}

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Private folders are readable by the server's user only (a directory store's mode 0700). */
export const PRIVATE_FOLDERS: ReadonlySet<string> = new Set([
  'comprovantes',
  'cpf-comprovacoes',
  'exportacoes',
]);

/** A directory: DATA_DIR, or a shared one (`file:///path`, issue 54) every instance mounts. */
export class LocalStore implements Store {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  /** The key's file (a download sends it from the disk through one buffer: exports/download.ts). */
  pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  #file(key: string): string {
    return this.pathOf(key);
  }

  async put(key: string, data: Buffer | LocalFile, _contentType?: string): Promise<void> {
    const file = this.#file(key);
    const dir = path.dirname(file);
    const top = key.split('/')[0]!;
    const isPrivate = PRIVATE_FOLDERS.has(top);
    await fs.mkdir(dir, { recursive: true, ...(isPrivate ? { mode: 0o700 } : {}) });
    // A folder made before it was private (exports' under DATA_DIR, before issue 54) becomes so.
    if (isPrivate) await fs.chmod(path.join(this.root, top), 0o700);
    const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      if (Buffer.isBuffer(data))
        await fs.writeFile(tmp, data, { flag: 'wx', ...(isPrivate ? { mode: 0o600 } : {}) });
      else if (!(data.move && (await moved(data.file, tmp)))) await fs.copyFile(data.file, tmp);
      if (isPrivate) await fs.chmod(tmp, 0o600);
      const handle = await fs.open(tmp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, file);
      await syncDir(dir);
    } catch (err) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = this.#file(key);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return { body: createReadStream(file), size: stat.size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.#file(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  exists(key: string): Promise<boolean> {
    return fs.stat(this.#file(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async signature(key: string): Promise<string | null> {
    try {
      const s = await fs.stat(this.#file(key), { bigint: true });
      return s.isFile() ? `${s.size}:${s.mtimeNs}:${s.ino}` : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.#file(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const folder = prefix.slice(0, slash);
    const start = prefix.slice(slash + 1);
    checkKey(`${folder}/x`);
    try {
      const names = await fs.readdir(path.join(this.root, ...folder.split('/')));
      return names.filter((n) => n.startsWith(start) && !n.startsWith('.')).map((n) => `${folder}/${n}`);
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
  }
}

/** Renames `from` to `to` when both are on one filesystem; false when they are not (EXDEV). */
async function moved(from: string, to: string): Promise<boolean> {
  try {
    await fs.rename(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException)?.code === 'EXDEV') return false;
    throw err;
  }
}

/** The rename is durable once the folder's entry is. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface S3Options {
  bucket: string;
  /** Keys are stored under `<prefix>/`; '' for the bucket's root. */
  prefix: string;
  /** An S3-compatible service's address (MinIO, R2…); AWS's own when absent. */
  endpoint?: string;
  region: string;
  /** Addresses `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO). */
  forcePathStyle: boolean;
  /** Without them the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isNotFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3Store implements Store {
  readonly kind = 's3';
  readonly #options: S3Options;
  readonly #bucket: string;
  readonly #prefix: string;
  #opened?: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  constructor(o: S3Options) {
    this.#options = o;
    this.#bucket = o.bucket;
    this.#prefix = o.prefix ? `${o.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  }

  /**
   * The SDK and its client, loaded on first use: the AWS SDK costs a server ~6 MB of heap and
   * ~30 MB of memory in all, which an instance on the data folder never needs.
   */
  #open() {
    this.#opened ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.#newClient(sdk) }));
    return this.#opened;
  }

  #newClient(sdk: typeof import('@aws-sdk/client-s3')): S3Client {
    const o = this.#options;
    return new sdk.S3Client({
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      ...(o.endpoint ? { endpoint: o.endpoint } : {}),
      ...(o.accessKeyId && o.secretAccessKey
        ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
        : {}),
      // Plain PUTs with a Content-Length, as every S3-compatible service reads them (no
      // aws-chunked body with trailing checksums, which some do not).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #key(key: string): string {
    return `${this.#prefix}${checkKey(key)}`;
  }

  async put(key: string, data: Buffer | LocalFile, contentType: string): Promise<void> {
    const size = Buffer.isBuffer(data) ? data.length : (await fs.stat(data.file)).size;
    const { sdk, client } = await this.#open();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#key(key),
        Body: Buffer.isBuffer(data) ? data : createReadStream(data.file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const { sdk, client } = await this.#open();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      const body = out.Body as Readable | undefined;
      if (!body) return null;
      return { body: body instanceof Readable ? body : Readable.from(body), size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const got = await this.get(key);
    if (!got) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async signature(key: string): Promise<string | null> {
    const { sdk, client } = await this.#open();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return `${out.ContentLength ?? ''}:${out.ETag ?? ''}:${out.LastModified?.toISOString() ?? ''}`;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.#open();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.#open();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const { sdk, client } = await this.#open();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: `${this.#prefix}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key.slice(this.#prefix.length));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  close(): void {
    void this.#opened?.then(({ client }) => client.destroy());
  }
}

/** `file:///path` → the absolute directory, or null for anything else (issue 54: a shared directory). */
export function parseFileStorageUrl(url: string): string | null {
  if (!url.startsWith('file:///')) return null;
  try {
    const dir = fileURLToPath(url);
    return dir === '/' ? null : dir.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** `s3://bucket/prefix` → bucket and prefix, or null for anything else. */
export function parseStorageUrl(url: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url);
  if (!m) return null;
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

export interface StorageConfig {
  dataDir: string;
  STORAGE_URL?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

/** The data folder, the shared directory (`file:///path`) or the bucket STORAGE_URL names. */
export function createStore(c: StorageConfig): Store {
  if (!c.STORAGE_URL) return new LocalStore(c.dataDir);
  const dir = parseFileStorageUrl(c.STORAGE_URL);
  if (dir !== null) return new LocalStore(dir);
  const s3 = parseStorageUrl(c.STORAGE_URL);
  if (!s3) throw new Error(`STORAGE_URL inválida: ${c.STORAGE_URL}`);
  return new S3Store({
    ...s3,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    ...(c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID } : {}),
    ...(c.S3_SECRET_ACCESS_KEY ? { secretAccessKey: c.S3_SECRET_ACCESS_KEY } : {}),
  });
}
