import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './helper.js';

/** Starting and killing the real server as a child process (crash tests). */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real server (src/server.ts) as its own process on the test app's database; `nodeArgs`
 * go to node before it (e.g. `--import` of the OpenTelemetry bootstrap, as the start script).
 */
export async function startServer(
  t: TestApp,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.DATABASE_URL,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(t.dataDir, 'sem-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`o servidor saiu (${child.exitCode ?? child.signalCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`o servidor não respondeu: ${stderr}`);
}

/** Resolves once the process has ended (a signal leaves `exitCode` null: `signalCode` says it). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
