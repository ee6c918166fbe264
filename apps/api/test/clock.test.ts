import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { dayIn, now, nowIso, today, watchClockFile, type ClockFile } from '../src/lib/clock.js';

describe('dayIn', () => {
  it('answers the calendar day of each time zone, also when the zones alternate (one formatter per zone)', () => {
    const lateNightInBrazil = new Date('2026-01-01T02:30:00Z');
    expect(dayIn('America/Sao_Paulo', lateNightInBrazil)).toBe('2025-12-31');
    expect(dayIn('UTC', lateNightInBrazil)).toBe('2026-01-01');
    expect(dayIn('America/Sao_Paulo', lateNightInBrazil)).toBe('2025-12-31');
    expect(dayIn('Asia/Tokyo', new Date('2026-03-10T16:00:00Z'))).toBe('2026-03-11');
    expect(today(lateNightInBrazil)).toBe('2025-12-31');
  });
});

describe('a clock shared by several processes (TEST_CLOCK_FILE, issue 54)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-relogio-'));
  const file = path.join(dir, 'relogio.json');
  const write = (c: ClockFile) => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(c));
    fs.renameSync(`${file}.tmp`, file);
  };
  const settle = () => new Promise((r) => setTimeout(r, 30));
  afterAll(() => {
    watchClockFile(null);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows the file: fixed, running ahead, and the real time without it', async () => {
    watchClockFile(file);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    write({ fixo: '2031-05-10T22:00:00.000Z' });
    await settle();
    expect(nowIso()).toBe('2031-05-10T22:00:00.000Z');
    expect(today()).toBe('2031-05-10');
    write({ deslocamento_ms: 86_400_000 });
    await settle();
    expect(Math.abs(now().getTime() - (Date.now() + 86_400_000))).toBeLessThan(1000);
    fs.writeFileSync(file, '{"fixo": "2031-'); // half written: the last clock stays
    await settle();
    expect(Math.abs(now().getTime() - (Date.now() + 86_400_000))).toBeLessThan(1000);
    fs.rmSync(file);
    await settle();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    watchClockFile(null);
  });

  it('is refused in production: the config, and the server, which does not start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_FILE: file })).toThrow('TEST_CLOCK_FILE');
    expect(() => loadConfig({ TEST_CLOCK_FILE: file })).toThrow('TEST_CLOCK_FILE'); // production by default
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: file }).TEST_CLOCK_FILE).toBe(file);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, NODE_ENV: 'production', TEST_CLOCK_FILE: file, DATA_DIR: dir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('TEST_CLOCK_FILE: só para testes');
    expect(fs.existsSync(path.join(dir, 'praca.db'))).toBe(false);
  });
});
