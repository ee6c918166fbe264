/// <reference lib="webworker" />
/**
 * Solves a log-in challenge (issue 52) off the page's thread: altcha-lib 2's SHA-256 challenge
 * in deterministic mode. The key of a counter is SHA-256(salt ‖ nonce ‖ counter as a big-endian
 * uint32); the answer is the first counter in [0, max] whose key starts with `keyPrefix`. Keys are
 * hashed a batch at a time (WebCrypto), and the share of `max` tried is posted as progress.
 */
export interface SolveRequest {
  salt: string;
  nonce: string;
  keyPrefix: string;
  max: number;
}
export type SolveMessage =
  | { type: 'progress'; done: number }
  | { type: 'solved'; counter: number; derivedKey: string }
  | { type: 'failed' };

const BATCH = 2_000;

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

async function solve({ salt, nonce, keyPrefix, max }: SolveRequest): Promise<SolveMessage> {
  const head = new Uint8Array([...fromHex(salt), ...fromHex(nonce)]);
  const prefix = keyPrefix.toLowerCase();
  for (let start = 0; start <= max; start += BATCH) {
    const end = Math.min(max, start + BATCH - 1);
    const keys = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) => {
        const input = new Uint8Array(head.length + 4);
        input.set(head);
        new DataView(input.buffer).setUint32(head.length, start + i, false);
        return crypto.subtle.digest('SHA-256', input);
      }),
    );
    for (let i = 0; i < keys.length; i++) {
      const hex = toHex(new Uint8Array(keys[i]!));
      if (hex.startsWith(prefix)) return { type: 'solved', counter: start + i, derivedKey: hex };
    }
    self.postMessage({ type: 'progress', done: Math.min(1, (end + 1) / (max + 1)) } satisfies SolveMessage);
  }
  return { type: 'failed' };
}

self.onmessage = (e: MessageEvent<SolveRequest>) => {
  void solve(e.data).then(
    (m) => self.postMessage(m),
    () => self.postMessage({ type: 'failed' } satisfies SolveMessage),
  );
};
