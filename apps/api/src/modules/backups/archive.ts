import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Dialect } from '../../db/index.js';

/**
 * What a backup archive holds (issue 54), before lib/backup-cipher.ts encrypts it: a sequence
 * of entries, each `u32 length ‖ JSON header ‖ bytes` — the database's dump first, then every
 * durable file of the store, then the manifest, which lists them all with their SHA-256.
 * One file, streamed: nothing is held whole in memory.
 */

export interface ManifestFile {
  /** The store's key (`apuracoes/12.csv`), or the dump's name. */
  chave: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  formato: 'praca-backup';
  versao: 1;
  criado_em: string;
  /** The run in `backups` that wrote it (null: written outside a run). */
  id_backup: number | null;
  dialeto: Dialect;
  /** The newest migration the database had. */
  migracao: string | null;
  banco: ManifestFile;
  /** Rows of each table in the dump's snapshot, the secrets left out. */
  contagens: Record<string, number>;
  /** `configuracoes`' rows other than the secrets (PostgreSQL's dump leaves the table out). */
  configuracoes: { chave: string; valor: string }[];
  objetos: ManifestFile[];
}

type Header =
  { tipo: 'banco' | 'objeto'; chave: string; bytes: number } | { tipo: 'manifesto'; bytes: number };

export interface PackEntry {
  tipo: 'banco' | 'objeto';
  chave: string;
  bytes: number;
  body: () => Promise<AsyncIterable<Buffer>>;
}

function frame(header: Header): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  return Buffer.concat([len, json]);
}

/**
 * The archive's plain bytes: each entry with its header, its bytes hashed on the way (a file
 * whose size changed while read is an error), then the manifest `finish` makes of the hashes.
 */
export async function* pack(
  entries: AsyncIterable<PackEntry> | Iterable<PackEntry>,
  finish: (files: ManifestFile[]) => Manifest,
): AsyncGenerator<Buffer> {
  const files: ManifestFile[] = [];
  for await (const e of entries) {
    yield frame({ tipo: e.tipo, chave: e.chave, bytes: e.bytes });
    const hash = createHash('sha256');
    let n = 0;
    for await (const piece of await e.body()) {
      const b = piece as Buffer;
      n += b.length;
      if (n > e.bytes) break;
      hash.update(b);
      yield b;
    }
    if (n !== e.bytes)
      throw new Error(`o arquivo ${e.chave} mudou enquanto era copiado (${e.bytes} → ${n} bytes)`);
    files.push({ chave: e.chave, bytes: n, sha256: hash.digest('hex') });
  }
  const manifest = Buffer.from(JSON.stringify(finish(files)));
  yield frame({ tipo: 'manifesto', bytes: manifest.length });
  yield manifest;
}

/** Reads exact byte counts from a stream of pieces. */
class Reader {
  readonly #it: AsyncIterator<Buffer>;
  #buffer: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.#it = source[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    if (this.#done) return false;
    const r = await this.#it.next();
    if (r.done) {
      this.#done = true;
      return false;
    }
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, r.value]) : r.value;
    return true;
  }

  async exact(n: number): Promise<Buffer> {
    while (this.#buffer.length < n) if (!(await this.#fill())) throw new Error(INCOMPLETO);
    const out = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return out;
  }

  /** The next bytes, at most `max`. */
  async piece(max: number): Promise<Buffer> {
    if (this.#buffer.length === 0 && !(await this.#fill())) throw new Error(INCOMPLETO);
    const out = this.#buffer.subarray(0, Math.min(max, this.#buffer.length));
    this.#buffer = this.#buffer.subarray(out.length);
    return out;
  }

  async atEnd(): Promise<boolean> {
    return this.#buffer.length === 0 && !(await this.#fill());
  }
}

const INCOMPLETO = 'o backup termina antes do manifesto';

/** An archive unpacked into a folder: the dump's file and each object's, checked against the manifest. */
export interface Unpacked {
  manifest: Manifest;
  banco: string;
  /** The store's key → the local file holding it. */
  objetos: Map<string, string>;
}

const MAX_HEADER = 64 * 1024;

/**
 * Writes each entry of the archive's plain bytes to a file under `dir` (named by position, so
 * no key names a path), then checks every file's size and SHA-256 against the manifest and that
 * the manifest lists no more and no fewer.
 */
export async function unpack(source: AsyncIterable<Buffer>, dir: string): Promise<Unpacked> {
  const r = new Reader(source);
  const got = new Map<string, ManifestFile & { file: string }>();
  let banco: (ManifestFile & { file: string }) | undefined;
  let manifest: Manifest | undefined;
  let n = 0;
  while (!manifest) {
    const len = (await r.exact(4)).readUInt32BE(0);
    if (len > MAX_HEADER) throw new Error('cabeçalho de entrada ilegível no backup');
    const header = JSON.parse((await r.exact(len)).toString('utf8')) as Header;
    if (header.tipo === 'manifesto') {
      manifest = JSON.parse((await r.exact(header.bytes)).toString('utf8')) as Manifest;
      break;
    }
    const file = path.join(dir, `entrada-${++n}`);
    const handle = await fs.open(file, 'wx', 0o600);
    const hash = createHash('sha256');
    try {
      let left = header.bytes;
      while (left > 0) {
        const piece = await r.piece(left);
        hash.update(piece);
        await handle.write(piece);
        left -= piece.length;
      }
    } finally {
      await handle.close();
    }
    const entry = { chave: header.chave, bytes: header.bytes, sha256: hash.digest('hex'), file };
    if (header.tipo === 'banco') banco = entry;
    else got.set(header.chave, entry);
  }
  if (!(await r.atEnd())) throw new Error('o backup tem bytes depois do manifesto');
  if (manifest.formato !== 'praca-backup' || manifest.versao !== 1) {
    throw new Error(`formato de backup desconhecido: ${manifest.formato} ${manifest.versao}`);
  }
  const same = (a: ManifestFile | undefined, b: ManifestFile) =>
    a !== undefined && a.chave === b.chave && a.bytes === b.bytes && a.sha256 === b.sha256;
  if (!same(banco, manifest.banco)) throw new Error('o banco do backup não confere com o manifesto');
  const wrong = manifest.objetos.filter((o) => !same(got.get(o.chave), o)).map((o) => o.chave);
  if (wrong.length || got.size !== manifest.objetos.length) {
    throw new Error(`arquivos do backup não conferem com o manifesto: ${wrong.slice(0, 5).join(', ')}`);
  }
  return {
    manifest,
    banco: banco!.file,
    objetos: new Map([...got].map(([k, v]) => [k, v.file])),
  };
}
