/**
 * The drawing kit of the demo pictures (seed/images.ts): the icons, colour mixing, a seeded
 * random, text that wraps and fits a box, confetti, and the SVG opening and gradient.
 */
import { escapeHtml } from '../../lib/html.js';

/** The little pictures the illustrations are made of (`ICONS`). */
export type Motif =
  | 'cafe'
  | 'roupa'
  | 'farmacia'
  | 'ferramenta'
  | 'tesoura'
  | 'rolo'
  | 'pata'
  | 'celular'
  | 'oculos'
  | 'livro'
  | 'cupom'
  | 'trofeu'
  | 'presente'
  | 'megafone'
  | 'calendario'
  | 'sino'
  | 'pino'
  | 'guarda-sol';

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Average advance of a bold DejaVu Sans character, in em. */
const CHAR_EM = 0.66;

/**
 * The icons, on a 24-unit grid, drawn with a round stroke (`fill` ones are solid). Drawn for
 * this project.
 */
const ICONS: Record<Motif, { d: string; fill?: string }> = {
  cafe: {
    d: 'M4 9h12v4a6 6 0 0 1-12 0zM16 10h1.5a2.5 2.5 0 0 1 0 5H16M7.5 3.5c0 1 1 1.5 1 2.5M11.5 3.5c0 1 1 1.5 1 2.5M4 21.5h12',
  },
  roupa: { d: 'M8.5 3 4 5.5l1.8 4L8 8.6V21h8V8.6l2.2.9 1.8-4L15.5 3a3.5 3.5 0 0 1-7 0z' },
  farmacia: { d: 'M9.5 3h5v6.5H21v5h-6.5V21h-5v-6.5H3v-5h6.5z' },
  ferramenta: {
    d: 'M14.5 3.5a5 5 0 0 0-4.7 6.7l-6.3 6.3a2.1 2.1 0 0 0 3 3l6.3-6.3a5 5 0 0 0 6.7-4.7l-3 3-3-3 3-3a5 5 0 0 0-2-.5z',
  },
  tesoura: {
    d: 'M9 6a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM8.2 8.2 20 20M8.2 15.8 20 4',
  },
  rolo: { d: 'M4 4h13v5H4zM17 6.5h3v5h-8.5v3M10 14.5h3V21h-3z' },
  pata: {
    d: 'M12 12c2.8 0 5 2 5 4.3 0 1.8-1.4 2.7-3 2.7-.8 0-1.3-.4-2-.4s-1.2.4-2 .4c-1.6 0-3-.9-3-2.7C7 14 9.2 12 12 12zM5.8 8.2a1.9 2.3 0 1 1 0 4.6 1.9 2.3 0 0 1 0-4.6zM9.6 3.8a1.9 2.3 0 1 1 0 4.6 1.9 2.3 0 0 1 0-4.6zM14.4 3.8a1.9 2.3 0 1 1 0 4.6 1.9 2.3 0 0 1 0-4.6zM18.2 8.2a1.9 2.3 0 1 1 0 4.6 1.9 2.3 0 0 1 0-4.6z',
    fill: 'solid',
  },
  celular: {
    d: 'M8.5 2h7A2.5 2.5 0 0 1 18 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-7A2.5 2.5 0 0 1 6 19.5v-15A2.5 2.5 0 0 1 8.5 2zM10.5 18.5h3',
  },
  oculos: {
    d: 'M10 14a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0zM21 14a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0zM10 13.5q2-1.5 4 0M3.2 13 5 7h2M20.8 13 19 7h-2',
  },
  livro: {
    d: 'M4 4.5A1.5 1.5 0 0 1 5.5 3H20v15H5.5A1.5 1.5 0 0 0 4 19.5zM4 19.5A1.5 1.5 0 0 0 5.5 21H20v-3M8 7.5h8M8 11h6',
  },
  cupom: {
    d: 'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4zM14 6v2.5M14 11v2M14 15.5V18',
  },
  trofeu: {
    d: 'M7 4h10v5a5 5 0 0 1-10 0zM7 5.5H4a3 3 0 0 0 3 4M17 5.5h3a3 3 0 0 1-3 4M12 14v3M9.5 17h5v4h-5zM7.5 21h9',
  },
  presente: {
    d: 'M3.5 8h17v4h-17zM5 12h14v9H5zM12 8v13M12 8S10.5 3.5 8 4.2 6.8 8 12 8zM12 8s1.5-4.5 4-3.8S17.2 8 12 8z',
  },
  megafone: { d: 'M3 10v4a1 1 0 0 0 1 1h3l7 4V5L7 9H4a1 1 0 0 0-1 1zM18 9a4 4 0 0 1 0 6M8 15l1 5h3l-1-4' },
  calendario: {
    d: 'M5.5 5h13a2 2 0 0 1 2 2v11.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3.5 10h17M8 3v4M16 3v4M8 14h2M14 14h2M8 17.5h2',
  },
  sino: { d: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0' },
  pino: {
    d: 'M12 21.5s-7-6.2-7-11.5a7 7 0 0 1 14 0c0 5.3-7 11.5-7 11.5zM14.5 10a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  },
  'guarda-sol': { d: 'M12 4a8 8 0 0 1 8 8H4a8 8 0 0 1 8-8zM12 12v8.5M12 4V2.5M3 21q2-1.5 4 0t4 0 4 0 4 0' },
};

/** An icon at (x, y), `size` pixels wide, in `color`. */
export function icon(
  motif: Motif,
  x: number,
  y: number,
  size: number,
  color: string,
  strokeWidth = 1.8,
): string {
  const { d, fill } = ICONS[motif];
  const s = size / 24;
  const paint = fill
    ? `fill="${color}" stroke="none"`
    : `fill="none" stroke="${color}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"`;
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="${d}" ${paint}/></g>`;
}

/** `#rrggbb` mixed toward white (`amount` 0..1), or toward black with a negative amount. */
export function mix(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const target = amount >= 0 ? 255 : 0;
  const a = Math.abs(amount);
  const ch = (v: number) => Math.round(v + (target - v) * a);
  const [r, g, b] = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** A small deterministic number from a name, so that pictures of one kind differ a little. */
export function seed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Greedy word wrap into lines of at most `max` characters. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  // A dash or middle dot stays with the word before it, so no line starts with one.
  const words = text
    .replace(/ ([—–·])/g, '\u00a0$1')
    .split(/ +/)
    .filter(Boolean);
  for (const word of words) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size (and its lines) that fits the text in a box. */
export function fit(
  text: string,
  boxW: number,
  boxH: number,
  maxSize: number,
): { size: number; lines: string[] } {
  for (let size = maxSize; size > 8; size -= 1) {
    const perLine = Math.max(1, Math.floor(boxW / (size * CHAR_EM)));
    const lines = wrap(text, perLine);
    const widest = Math.max(...lines.map((l) => l.length));
    if (widest <= perLine && lines.length * size * 1.2 <= boxH) return { size, lines };
  }
  return { size: 8, lines: [text] };
}

/** Lines of text from (x, top), `anchor` start or middle. */
export function textBlock(
  lines: string[],
  x: number,
  top: number,
  size: number,
  attrs: string,
  anchor: 'start' | 'middle' = 'start',
  lineH = 1.2,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${top + size * (0.88 + i * lineH)}" font-family="${FONT}" font-size="${size}" text-anchor="${anchor}" ${attrs}>${escapeHtml(line)}</text>`,
    )
    .join('');
}

/** Confetti scattered over a box, the same for the same name. */
export function confetti(name: string, w: number, h: number, count: number, colors: string[]): string {
  let s = seed(name);
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = next() * w;
    const y = next() * h;
    const c = colors[i % colors.length];
    const r = Math.min(w, h) * (0.008 + next() * 0.012);
    parts.push(
      i % 3 === 0
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${c}"/>`
        : `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(r * 1.4).toFixed(1)}" height="${(r * 2.6).toFixed(1)}" rx="${(r * 0.3).toFixed(1)}" fill="${c}" transform="rotate(${Math.round(next() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  return parts.join('');
}

export const open = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

export const gradient = (id: string, a: string, b: string, vertical = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
