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
 * The path an orchestrator asks before sending traffic to an instance (issue 54's readiness).
 */
const READINESS_PATH = '/health/pronto';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What readiness answered, in order, while the process started ('recusada': not listening). */
  readiness: (number | 'recusada')[];
  /** The last 4,000 characters the process wrote to stderr. */
  stderr(): string;
}

/**
 * The real server (src/server.ts) as its own process, ready once READINESS_PATH answers 200;
 * `nodeArgs` go to node before it (e.g. `--import` of the OpenTelemetry bootstrap, as the start script).
 */
export async function spawnServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const readiness: ServerProcess['readiness'] = [];
  const saw = (r: number | 'recusada') => {
    if (readiness.at(-1) !== r) readiness.push(r);
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`o servidor saiu (${child.exitCode ?? child.signalCode}): ${stderr}`);
    try {
      const res = await fetch(`${url}${READINESS_PATH}`, { signal: AbortSignal.timeout(2000) });
      saw(res.status);
      if (res.ok) return { url, child, readiness, stderr: () => stderr };
    } catch {
      saw('recusada');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`o servidor não respondeu: ${stderr}`);
}

/** The real server (src/server.ts) as its own process on the test app's database. */
export async function startServer(
  t: TestApp,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  return spawnServer(
    {
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.DATABASE_URL!,
      WEB_DIST: path.join(t.dataDir, 'sem-web'),
      ...env,
    },
    nodeArgs,
  );
}

/** Resolves once the process has ended (a signal leaves `exitCode` null: `signalCode` says it). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
