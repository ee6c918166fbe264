import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { Semaphore } from 'async-mutex';

/**
 * Slots for password hashes (argon2id), one machine-wide budget: at most the cores less one
 * hash at once, so one core is always left to the event loops (issue 38, docs/performance.md,
 * "The rush hour"). A process alone keeps its own semaphore; the workers of
 * `npm run start:cluster` ask their primary for a slot over the cluster's IPC channel (two
 * small messages a hash), so N instances on one machine share the budget instead of each
 * taking it whole.
 */
export interface HashSlots {
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether a hash of this process would wait now. */
  isLocked(): boolean;
}

/** The machine's budget: every core but one (one at least). */
const hashSlotCount = (): number => Math.max(1, os.availableParallelism() - 1);

interface SlotMessage {
  praca: 'hash-acquire' | 'hash-release' | 'hash-slot';
  id?: number;
}
const isSlotMessage = (m: unknown): m is SlotMessage =>
  typeof m === 'object' && m !== null && typeof (m as SlotMessage).praca === 'string';

/** A cluster worker's slots: granted by the primary (`serveHashSlots`). */
class PrimarySlots implements HashSlots {
  private next = 0;
  private readonly waiting = new Map<number, () => void>();

  constructor() {
    process.on('message', (m: unknown) => {
      if (!isSlotMessage(m) || m.praca !== 'hash-slot' || m.id === undefined) return;
      this.waiting.get(m.id)?.();
      this.waiting.delete(m.id);
    });
  }

  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const id = ++this.next;
    await new Promise<void>((resolve) => {
      this.waiting.set(id, resolve);
      process.send?.({ praca: 'hash-acquire', id } satisfies SlotMessage);
    });
    try {
      return await fn();
    } finally {
      process.send?.({ praca: 'hash-release' } satisfies SlotMessage);
    }
  }

  isLocked(): boolean {
    return this.waiting.size > 0;
  }
}

export function hashSlots(): HashSlots {
  return cluster.isWorker && process.send ? new PrimarySlots() : new Semaphore(hashSlotCount());
}

/** The primary's side: grants the slots to its workers in the order they asked. */
export function serveHashSlots(slots = hashSlotCount()): void {
  let free = slots;
  const queue: { worker: Worker; id: number }[] = [];
  const held = new Map<number, number>();
  const pump = () => {
    while (free > 0 && queue.length > 0) {
      const { worker, id } = queue.shift()!;
      if (worker.isDead()) continue;
      free -= 1;
      held.set(worker.id, (held.get(worker.id) ?? 0) + 1);
      worker.send({ praca: 'hash-slot', id } satisfies SlotMessage);
    }
  };
  cluster.on('message', (worker, m: unknown) => {
    if (!isSlotMessage(m)) return;
    if (m.praca === 'hash-acquire' && m.id !== undefined) queue.push({ worker, id: m.id });
    else if (m.praca === 'hash-release' && (held.get(worker.id) ?? 0) > 0) {
      held.set(worker.id, held.get(worker.id)! - 1);
      free += 1;
    }
    pump();
  });
  // A worker that died gives its slots back, and its requests leave the queue.
  cluster.on('exit', (worker) => {
    free += held.get(worker.id) ?? 0;
    held.delete(worker.id);
    pump();
  });
}
