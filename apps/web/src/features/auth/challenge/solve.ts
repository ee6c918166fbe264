import type { SolveMessage, SolveRequest } from './solve.worker';

/** A challenge as `GET /v1/desafio` gives it (altcha-lib 2's `Challenge`). */
export interface Challenge {
  parameters: { nonce: string; salt: string; keyPrefix: string; data: { max: number } } & Record<
    string,
    unknown
  >;
  signature: string;
}

/**
 * Solves a log-in challenge in a worker (issue 52) and answers the login's `altcha`: base64 of
 * `{challenge, solution}`, as the ALTCHA widget sends it. `onProgress` gets the share tried
 * (0 to 1). Rejects when the worker finds nothing or cannot run.
 */
export function solveChallenge(challenge: Challenge, onProgress: (done: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solve.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    worker.onerror = () => {
      finish();
      reject(new Error('desafio não resolvido'));
    };
    worker.onmessage = (e: MessageEvent<SolveMessage>) => {
      const m = e.data;
      if (m.type === 'progress') return onProgress(m.done);
      finish();
      if (m.type === 'failed') return reject(new Error('desafio não resolvido'));
      const solution = { counter: m.counter, derivedKey: m.derivedKey };
      resolve(btoa(JSON.stringify({ challenge, solution })));
    };
    const { salt, nonce, keyPrefix, data } = challenge.parameters;
    worker.postMessage({ salt, nonce, keyPrefix, max: data.max } satisfies SolveRequest);
  });
}
