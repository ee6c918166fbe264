/** Progress of one generation phase, reported to `onProgress` and drawn on stderr. */
interface ProgressEvent {
  phase: string;
  done: number;
  total: number;
  /** Rows per second since the phase started. */
  rate: number;
  /** Seconds left at that rate (0 once done). */
  etaSeconds: number;
  /** Extra text (e.g. coupons issued so far). */
  note: string;
  finished: boolean;
  /** A step worth a line of its own even between throttled reports (an index being built). */
  step?: boolean;
}

export type ProgressFn = (e: ProgressEvent) => void;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (s: number) =>
  !Number.isFinite(s)
    ? '?'
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`
      : `${s.toFixed(0)}s`;

/**
 * A bar per phase on a TTY (redrawn at most 10 times a second), plain lines every ~5 s and at
 * the end when stderr is not a terminal (CI logs).
 */
export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): ProgressFn {
  const tty = !!stream.isTTY;
  let lastDraw = 0;
  return (e) => {
    const now = Date.now();
    const every = tty ? 100 : 5000;
    if (!e.finished && !e.step && now - lastDraw < every) return;
    lastDraw = now;
    const frac = e.total > 0 ? Math.min(1, e.done / e.total) : 1;
    const tail = `${fmt(e.done)}/${fmt(e.total)} ${fmt(e.rate)}/s ${e.finished ? 'done' : `ETA ${secs(e.etaSeconds)}`}${
      e.note ? ` ${e.note}` : ''
    }`;
    if (tty) {
      const width = 24;
      const full = Math.round(frac * width);
      const bar = '█'.repeat(full) + '░'.repeat(width - full);
      stream.write(`\r\x1b[2K${e.phase.padEnd(26)} ${bar} ${(frac * 100).toFixed(0).padStart(3)}% ${tail}`);
      if (e.finished) stream.write('\n');
    } else {
      stream.write(`${e.phase}: ${(frac * 100).toFixed(0)}% ${tail}\n`);
    }
  };
}

/** Counts rows of one phase and reports them (throttling is the reporter's job). */
export class Phase {
  private readonly started = Date.now();
  done = 0;
  note = '';
  constructor(
    readonly name: string,
    public total: number,
    private readonly report: ProgressFn | undefined,
  ) {
    this.emit(false);
  }

  /** Call often; reports every 2,048 steps at most. */
  tick(n = 1): void {
    const before = this.done;
    this.done += n;
    if (this.report && (before >> 11 !== this.done >> 11 || n > 2048)) this.emit(false);
  }

  /** One named step (reported at once): `note` says what is being done. */
  step(note: string): void {
    this.note = note;
    this.done++;
    this.emit(false, true);
  }

  private emit(finished: boolean, step = false): void {
    if (!this.report) return;
    const elapsed = Math.max(1e-3, (Date.now() - this.started) / 1000);
    const rate = this.done / elapsed;
    this.report({
      phase: this.name,
      done: this.done,
      total: Math.max(this.total, this.done),
      rate,
      etaSeconds: finished || rate === 0 ? 0 : Math.max(0, this.total - this.done) / rate,
      note: this.note,
      finished,
      step,
    });
  }

  /** Milliseconds the phase took. */
  finish(): number {
    if (this.total < this.done) this.total = this.done;
    this.emit(true);
    return Date.now() - this.started;
  }
}
