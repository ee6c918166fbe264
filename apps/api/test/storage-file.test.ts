import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createStore, LocalStore, parseFileStorageUrl, PRIVATE_FOLDERS } from '../src/lib/storage.js';
import { bearer, createUser, sessionFor } from './factories.js';
import { dialect, useTestApp } from './helper.js';

/**
 * The shared directory store (`STORAGE_URL=file:///path`, issue 54): what the URL names, which
 * keys it takes, the private folders' modes, a file written under a temporary name and renamed
 * (a reader sees the old bytes or the new, never half), list and delete; and an app on it keeps
 * its uploads there and serves them at /img/….
 */
const dirs: string[] = [];
const tmpDir = (name = 'praca-arquivos-') => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const read = async (s: LocalStore, key: string) => (await s.read(key))?.toString('utf8');

describe('STORAGE_URL=file:///…', () => {
  it('names an absolute directory, nothing else', () => {
    expect(parseFileStorageUrl('file:///srv/praca-arquivos')).toBe('/srv/praca-arquivos');
    expect(parseFileStorageUrl('file:///srv/praca-arquivos/')).toBe('/srv/praca-arquivos');
    expect(parseFileStorageUrl('file:///srv/pra%C3%A7a%20dados')).toBe('/srv/praça dados');
    for (const bad of ['file:///', 'file://servidor/dados', 'file:dados', '/srv/dados', 's3://balde/x', ''])
      expect(parseFileStorageUrl(bad), bad).toBeNull();

    const dir = tmpDir();
    const store = createStore({
      dataDir: '/nao/usado',
      STORAGE_URL: pathToFileURL(dir).href,
      S3_REGION: 'x',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(store).toBeInstanceOf(LocalStore);
    expect((store as LocalStore).root).toBe(dir);
    // Without STORAGE_URL: DATA_DIR.
    expect(
      (createStore({ dataDir: dir, S3_REGION: 'x', S3_FORCE_PATH_STYLE: false }) as LocalStore).root,
    ).toBe(dir);

    expect(loadConfig({ STORAGE_URL: 'file:///srv/praca' }).STORAGE_URL).toBe('file:///srv/praca');
    expect(() => loadConfig({ STORAGE_URL: 'file://srv/praca' })).toThrow('file:///caminho/absoluto');
    expect(() => loadConfig({ STORAGE_URL: 'file:///' })).toThrow('STORAGE_URL');
  });

  it('takes plain relative keys only: no way out of its directory', async () => {
    const store = new LocalStore(tmpDir());
    for (const bad of [
      '../fora.txt',
      'images/../../fora.txt',
      'images/../fora.txt',
      '/etc/passwd',
      'images',
      'images/',
      'Images/x.png',
      'images/.oculto',
      'images//x.png',
      'images/a b.png',
    ]) {
      await expect(store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(
        'chave de armazenamento inválida',
      );
      await expect(store.read(bad), bad).rejects.toThrow('chave de armazenamento inválida');
      expect(() => store.pathOf(bad), bad).toThrow('chave de armazenamento inválida');
    }
    await store.put('images/imgest/loja_1-a.b.png', Buffer.from('ok'), 'image/png');
    expect(await read(store, 'images/imgest/loja_1-a.b.png')).toBe('ok');
  });

  it('keeps the private folders (receipts, CPF proofs, exports) readable by the server only', async () => {
    const root = tmpDir();
    const store = new LocalStore(root);
    expect([...PRIVATE_FOLDERS].sort()).toEqual(['comprovantes', 'cpf-comprovacoes', 'exportacoes']);
    // A folder made by an older version with the usual mode is tightened on the next write.
    fs.mkdirSync(path.join(root, 'exportacoes'), { mode: 0o755 });
    fs.chmodSync(path.join(root, 'exportacoes'), 0o755);
    for (const folder of PRIVATE_FOLDERS) {
      const src = path.join(tmpDir(), 'origem');
      fs.writeFileSync(src, 'segredo', { mode: 0o644 });
      await store.put(`${folder}/a.bin`, Buffer.from('segredo'), 'application/octet-stream');
      await store.put(`${folder}/b.bin`, { file: src }, 'application/octet-stream');
      expect(mode(path.join(root, folder)), folder).toBe(0o700);
      expect(mode(path.join(root, folder, 'a.bin')), folder).toBe(0o600);
      expect(mode(path.join(root, folder, 'b.bin')), folder).toBe(0o600);
    }
    await store.put('images/imgest/x.png', Buffer.from('png'), 'image/png');
    // Public files stay readable by the web server in front, if any.
    expect(mode(path.join(root, 'images')) & 0o055).toBe(0o055 & ~process.umask());
    expect(mode(path.join(root, 'images/imgest/x.png')) & 0o044).toBe(0o044 & ~process.umask());
  });

  it('writes under a temporary name and renames: a reader sees whole files only, and a failed write leaves nothing', async () => {
    const root = tmpDir();
    const store = new LocalStore(root);
    const a = randomBytes(3 * 1024 * 1024);
    const b = randomBytes(2 * 1024 * 1024 + 7);
    await store.put('apuracoes/1.csv', a, 'text/csv');
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const got = await store.read('apuracoes/1.csv');
        expect(got).not.toBeNull();
        seen.add(got!.equals(a) ? 'a' : got!.equals(b) ? 'b' : 'metade');
      }
    })();
    for (let i = 0; i < 20; i++) await store.put('apuracoes/1.csv', i % 2 ? a : b, 'text/csv');
    writing = false;
    await reader;
    expect(seen.has('metade')).toBe(false);
    expect(fs.readdirSync(path.join(root, 'apuracoes'))).toEqual(['1.csv']);

    // A source that cannot be read: no file under the key, no temporary file left.
    await expect(
      store.put('apuracoes/2.csv', { file: path.join(root, 'nao-existe') }, 'text/csv'),
    ).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 'apuracoes'))).toEqual(['1.csv']);

    // `move`: a file on the same disk is renamed into place, not copied.
    const src = path.join(root, 'pronto.csv');
    fs.writeFileSync(src, b);
    const ino = fs.statSync(src).ino;
    await store.put('exportacoes/3.csv', { file: src, move: true }, 'text/csv');
    expect(fs.existsSync(src)).toBe(false);
    expect(fs.statSync(path.join(root, 'exportacoes/3.csv')).ino).toBe(ino);
    expect((await store.read('exportacoes/3.csv'))!.equals(b)).toBe(true);
    // Without it, copied: the source stays for its owner to remove.
    const kept = path.join(root, 'fica.csv');
    fs.writeFileSync(kept, a);
    await store.put('exportacoes/4.csv', { file: kept }, 'text/csv');
    expect(fs.readFileSync(kept).equals(a)).toBe(true);
  });

  it('reads, streams, signs, lists by prefix and deletes', async () => {
    const store = new LocalStore(tmpDir());
    expect(await store.get('comprovantes/nada.png')).toBeNull();
    expect(await store.read('comprovantes/nada.png')).toBeNull();
    expect(await store.exists('comprovantes/nada.png')).toBe(false);
    expect(await store.signature('comprovantes/nada.png')).toBeNull();
    expect(await store.list('comprovantes/')).toEqual([]);

    await store.put('comprovantes/u7-1.png', Buffer.from('um'), 'image/png');
    await store.put('comprovantes/u7-2.png', Buffer.from('dois'), 'image/png');
    await store.put('comprovantes/u70-1.png', Buffer.from('outro'), 'image/png');
    await store.put('comprovantes/sub/u7-3.png', Buffer.from('fundo'), 'image/png');
    expect((await store.list('comprovantes/u7-')).sort()).toEqual([
      'comprovantes/u7-1.png',
      'comprovantes/u7-2.png',
    ]);
    expect((await store.list('comprovantes/')).sort()).toEqual([
      'comprovantes/sub',
      'comprovantes/u7-1.png',
      'comprovantes/u7-2.png',
      'comprovantes/u70-1.png',
    ]);
    // A temporary file being written is never listed.
    fs.writeFileSync(path.join(store.root, 'comprovantes', '.u7-9.png.abc.tmp'), 'meio');
    expect(await store.list('comprovantes/u7-')).toHaveLength(2);

    const got = await store.get('comprovantes/u7-2.png');
    expect(got!.size).toBe(4);
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('dois');
    expect(await store.exists('comprovantes/u7-2.png')).toBe(true);
    expect(await store.exists('comprovantes/sub')).toBe(false); // a folder is no object

    const before = await store.signature('comprovantes/u7-1.png');
    await store.put('comprovantes/u7-1.png', Buffer.from('um!'), 'image/png');
    expect(await store.signature('comprovantes/u7-1.png')).not.toBe(before);

    await store.delete('comprovantes/u7-1.png');
    await store.delete('comprovantes/u7-1.png'); // none is no error
    expect(await store.read('comprovantes/u7-1.png')).toBeNull();
    expect((await store.list('comprovantes/u7-')).sort()).toEqual(['comprovantes/u7-2.png']);
  });
});

describe(`an app on STORAGE_URL=file:///… (${dialect})`, () => {
  const shared = tmpDir('praca-compartilhado-');
  const t = useTestApp({ STORAGE_URL: pathToFileURL(shared).href });

  it('stores an upload in the shared directory, not in DATA_DIR, and serves it at /img/…', async () => {
    const admin = await createUser(t.db, { admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/img/imgest/post_img.php',
      headers: bearer(token),
      payload: { nomearq: 'loja.png', conteudo: png.toString('base64') },
    });
    expect(up.statusCode, up.body).toBe(201);
    const { caminho } = up.json<{ caminho: string }>();
    expect(fs.existsSync(path.join(shared, 'images', caminho))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'images', caminho))).toBe(false);
    const served = await t.app.inject({ url: `/img/${caminho}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fs.readFileSync(path.join(shared, 'images', caminho)))).toBe(true);
  });
});
