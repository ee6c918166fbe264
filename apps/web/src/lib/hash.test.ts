import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from './hash';

const node = (s: string) => createHash('sha256').update(s).digest('hex');

describe('password hashing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the SHA-256 hex the server expects', async () => {
    expect(await hashPassword('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await hashPassword('demo1234')).toBe(node('demo1234'));
  });

  it('gives the same bytes as node:crypto on padding edges and non-ASCII text', async () => {
    const samples = ['', 'abc', 'senha com acentuação ç ã', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(1000)];
    for (const s of samples) expect(await hashPassword(s), s).toBe(node(s));
  });

  it('gives the same answer without crypto.subtle (plain HTTP on a LAN address)', async () => {
    vi.stubGlobal('crypto', {});
    expect(await hashPassword('demo1234')).toBe(node('demo1234'));
  });
});
