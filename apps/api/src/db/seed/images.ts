import type { ImageDir } from '@praca/contract';
import type { Store } from '../../lib/storage.js';
import { confetti, fit, gradient, icon, mix, open, seed, textBlock, type Motif } from './svg-parts.js';

/**
 * What a demo picture shows (issue 35: pictures that look like real shops and places, not big
 * text on gradients):
 * - `shop`: a shop front, its awning in the category's colours, the category in the window and
 *   the name on a small sign;
 * - `logo`: the category's icon on a badge;
 * - `place`: a tourism scene by type (`scene`: beach, hotel, table, stage, street map);
 * - `banner`: a campaign's ad, its title and line beside a gift and tickets;
 * - `winner`: a prize moment (trophy or gift in confetti) with a short caption;
 * - `promo`: the product's icon with a price tag carrying the offer;
 * - `notice`: an icon on a soft round badge;
 * - `picture` (default): the gradient with the title, for anything else.
 */
type DemoKind = 'picture' | 'logo' | 'shop' | 'place' | 'banner' | 'winner' | 'promo' | 'notice';

/** One demo picture, drawn locally as SVG and rendered to PNG. */
export interface DemoImage {
  dir: ImageDir;
  /** File name without extension; stable, so a second run finds the file already there. */
  name: string;
  width: number;
  height: number;
  title: string;
  subtitle?: string;
  /** The two colours of the picture: the category's, the campaign's or the tourism type's. */
  colors: readonly [string, string];
  kind?: DemoKind;
  motif?: Motif;
  /** `place` only: 0 beach, 1 hotel, 2 table, 3 stage, 4 street map (the tourism types). */
  scene?: number;
}

/** What the database stores: the path relative to the images folder (served under /img/). */
export const imagePath = (img: Pick<DemoImage, 'dir' | 'name'>): string => `${img.dir}/${img.name}.png`;

/** A shop front: sky, facade, striped awning, the name on a sign, the category in the window. */
function shopSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const [c0, c1] = colors;
  const u = h / 150;
  const motif = img.motif ?? 'cupom';
  const fx = w * 0.1;
  const fw = w * 0.8;
  const ground = h * 0.88;
  const stripes = 8;
  const sw = fw / stripes;
  const awTop = h * 0.3;
  const awBot = h * 0.44;
  const parts = [
    open(w, h),
    `<defs>${gradient('sky', mix(c1, 0.82), mix(c0, 0.9), true)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    // Far buildings.
    `<rect x="0" y="${h * 0.2}" width="${fx + 4}" height="${ground - h * 0.2}" fill="${mix(c1, 0.6)}"/>`,
    `<rect x="${fx + fw - 4}" y="${h * 0.26}" width="${w - fx - fw + 4}" height="${ground - h * 0.26}" fill="${mix(c0, 0.62)}"/>`,
    // Facade.
    `<rect x="${fx}" y="${h * 0.08}" width="${fw}" height="${ground - h * 0.08}" fill="${mix(c0, 0.25)}"/>`,
    `<rect x="${fx}" y="${h * 0.08}" width="${fw}" height="${h * 0.04}" fill="${mix(c0, -0.25)}"/>`,
  ];
  // Sign with the name.
  const signW = fw * 0.78;
  const signH = h * 0.15;
  const name = fit(img.title, signW * 0.92, signH * 0.9, Math.round(13 * u));
  parts.push(
    `<rect x="${(w - signW) / 2}" y="${h * 0.135}" width="${signW}" height="${signH}" rx="${3 * u}" fill="#ffffff"/>`,
    textBlock(
      name.lines.slice(0, 1),
      w / 2,
      h * 0.135 + (signH - name.size * 1.1) / 2,
      name.size,
      `font-weight="bold" fill="${mix(c0, -0.45)}"`,
      'middle',
    ),
  );
  // Awning: stripes and a scalloped edge.
  for (let i = 0; i < stripes; i++) {
    const fill = i % 2 ? '#ffffff' : c1;
    const x = fx + i * sw;
    parts.push(
      `<path d="M${x} ${awTop}h${sw}v${awBot - awTop}a${sw / 2} ${sw / 2.6} 0 0 1 ${-sw} 0z" fill="${fill}"/>`,
    );
  }
  parts.push(
    `<rect x="${fx - 3 * u}" y="${awTop - 3 * u}" width="${fw + 6 * u}" height="${4 * u}" rx="${2 * u}" fill="${mix(c1, -0.35)}"/>`,
  );
  // Window with the category, and the door.
  const wy = awBot + h * 0.08;
  const wx = fx + fw * 0.07;
  const ww = fw * 0.52;
  const wh = ground - wy - h * 0.05;
  const dx = fx + fw * 0.66;
  const dw = fw * 0.26;
  parts.push(
    `<rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" rx="${2 * u}" fill="${mix(c1, 0.88)}" stroke="${mix(c0, -0.3)}" stroke-width="${2.5 * u}"/>`,
    `<path d="M${wx + ww * 0.62} ${wy + 3 * u}l${-ww * 0.25} ${wh * 0.55}" stroke="#ffffff" stroke-width="${4 * u}" stroke-opacity="0.8" stroke-linecap="round"/>`,
    icon(motif, wx + ww / 2 - wh * 0.38, wy + wh * 0.12, wh * 0.76, mix(c0, -0.35), 2),
    `<rect x="${dx}" y="${wy}" width="${dw}" height="${ground - wy}" rx="${2 * u}" fill="${mix(c0, -0.35)}"/>`,
    `<rect x="${dx + dw * 0.14}" y="${wy + h * 0.03}" width="${dw * 0.72}" height="${(ground - wy) * 0.45}" rx="${1.5 * u}" fill="${mix(c1, 0.75)}"/>`,
    `<circle cx="${dx + dw * 0.8}" cy="${wy + (ground - wy) * 0.62}" r="${2.2 * u}" fill="#ffd43b"/>`,
    // Pavement and a plant by the door.
    `<rect x="0" y="${ground}" width="${w}" height="${h - ground}" fill="#c9cfcc"/>`,
    `<rect x="0" y="${ground}" width="${w}" height="${2 * u}" fill="#aeb6b2"/>`,
    `<rect x="${fx + fw + 6 * u}" y="${ground - 14 * u}" width="${12 * u}" height="${14 * u}" rx="${2 * u}" fill="#8d5a3b"/>`,
    `<circle cx="${fx + fw + 12 * u}" cy="${ground - 20 * u}" r="${9 * u}" fill="#2f9e5b"/>`,
    `<circle cx="${fx + fw + 6 * u}" cy="${ground - 25 * u}" r="${6 * u}" fill="#3cb46b"/>`,
    '</svg>',
  );
  return parts.join('');
}

/** A badge with the category's icon. */
function logoSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const min = Math.min(w, h);
  return [
    open(w, h),
    `<defs>${gradient('g', colors[0], colors[1])}</defs>`,
    `<rect width="${w}" height="${h}" rx="${min * 0.22}" fill="url(#g)"/>`,
    `<circle cx="${w / 2}" cy="${h / 2}" r="${min * 0.34}" fill="#ffffff" fill-opacity="0.18"/>`,
    `<circle cx="${w / 2}" cy="${h / 2}" r="${min * 0.34}" fill="none" stroke="#ffffff" stroke-width="${min * 0.025}"/>`,
    icon(img.motif ?? 'cupom', w / 2 - min * 0.22, h / 2 - min * 0.22, min * 0.44, '#ffffff', 2),
    '</svg>',
  ].join('');
}

/** A tourism scene by type, in the type's colours. */
function placeSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const [c0, c1] = colors;
  const parts = [open(w, h)];
  const sun = `<circle cx="${w * 0.78}" cy="${h * 0.22}" r="${h * 0.09}" fill="#ffd43b"/><circle cx="${w * 0.78}" cy="${h * 0.22}" r="${h * 0.14}" fill="#ffd43b" fill-opacity="0.25"/>`;
  const palm = (x: number, base: number, s: number) =>
    `<path d="M${x} ${base}q${-8 * s} ${-60 * s} ${10 * s} ${-120 * s}" fill="none" stroke="#7a5230" stroke-width="${9 * s}" stroke-linecap="round"/>` +
    [-150, -100, -40, 10, 60]
      .map(
        (a) =>
          `<path d="M${x + 10 * s} ${base - 120 * s}q${Math.cos((a * Math.PI) / 180) * 40 * s} ${-30 * s} ${Math.cos((a * Math.PI) / 180) * 70 * s} ${Math.sin((a * Math.PI) / 180) * 30 * s + 20 * s}" fill="none" stroke="#2f9e5b" stroke-width="${12 * s}" stroke-linecap="round"/>`,
      )
      .join('');
  const cloud = (x: number, y: number, s: number) =>
    `<g fill="#ffffff" fill-opacity="0.9"><ellipse cx="${x}" cy="${y}" rx="${40 * s}" ry="${14 * s}"/><circle cx="${x - 12 * s}" cy="${y - 8 * s}" r="${14 * s}"/><circle cx="${x + 10 * s}" cy="${y - 12 * s}" r="${18 * s}"/></g>`;
  switch (img.scene ?? 0) {
    case 1: {
      // A hotel by the sea front.
      parts.push(
        `<defs>${gradient('sky', mix(c1, 0.55), mix(c1, 0.9), true)}</defs>`,
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
        sun,
        cloud(w * 0.2, h * 0.18, 1.2),
        `<rect x="${w * 0.3}" y="${h * 0.2}" width="${w * 0.4}" height="${h * 0.65}" rx="6" fill="${c0}"/>`,
        `<rect x="${w * 0.28}" y="${h * 0.17}" width="${w * 0.44}" height="${h * 0.05}" rx="4" fill="${mix(c0, -0.3)}"/>`,
      );
      for (let r = 0; r < 6; r++)
        for (let c = 0; c < 5; c++)
          parts.push(
            `<rect x="${w * 0.33 + c * w * 0.072}" y="${h * 0.26 + r * h * 0.085}" width="${w * 0.045}" height="${h * 0.05}" rx="3" fill="${(r * 5 + c) % 7 === 3 ? '#ffd43b' : mix(c1, 0.8)}"/>`,
          );
      parts.push(
        `<rect x="${w * 0.45}" y="${h * 0.76}" width="${w * 0.1}" height="${h * 0.09}" rx="3" fill="${mix(c0, -0.4)}"/>`,
        `<rect x="0" y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="#e9d8a6"/>`,
        palm(w * 0.16, h * 0.88, 1.3),
        palm(w * 0.84, h * 0.9, 1.1),
      );
      break;
    }
    case 2: {
      // A table: cloth, plate, cutlery and a glass.
      parts.push(`<rect width="${w}" height="${h}" fill="${mix(c1, 0.7)}"/>`);
      const cell = w / 12;
      for (let x = 0; x < 12; x++)
        for (let y = 0; y < Math.ceil(h / cell); y++)
          if ((x + y) % 2 === 0)
            parts.push(
              `<rect x="${x * cell}" y="${y * cell}" width="${cell}" height="${cell}" fill="${c0}" fill-opacity="0.35"/>`,
            );
      parts.push(
        `<circle cx="${w / 2}" cy="${h / 2 + 10}" r="${h * 0.33}" fill="#000" fill-opacity="0.08"/>`,
        `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.33}" fill="#ffffff"/>`,
        `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.24}" fill="#f5f1ea" stroke="${mix(c0, 0.5)}" stroke-width="3"/>`,
        `<circle cx="${w / 2 - 30}" cy="${h / 2 - 10}" r="${h * 0.07}" fill="#e4572e"/>`,
        `<circle cx="${w / 2 + 25}" cy="${h / 2 + 15}" r="${h * 0.08}" fill="#76b041"/>`,
        `<circle cx="${w / 2 + 20}" cy="${h / 2 - 30}" r="${h * 0.05}" fill="#ffc914"/>`,
        `<rect x="${w * 0.2}" y="${h * 0.2}" width="12" height="${h * 0.6}" rx="6" fill="#cfd4d2"/>`,
        `<rect x="${w * 0.77}" y="${h * 0.2}" width="12" height="${h * 0.6}" rx="6" fill="#cfd4d2"/>`,
        `<path d="M${w * 0.2 - 8} ${h * 0.2}v40M${w * 0.2 + 6} ${h * 0.2}v40M${w * 0.2 + 20} ${h * 0.2}v40" stroke="#cfd4d2" stroke-width="6" stroke-linecap="round"/>`,
        `<rect x="${w * 0.86}" y="${h * 0.12}" width="${w * 0.08}" height="${h * 0.22}" rx="8" fill="#ffffff" fill-opacity="0.7" stroke="#ffffff" stroke-width="3"/>`,
      );
      break;
    }
    case 3: {
      // A stage at night: lights, bunting and the crowd.
      parts.push(
        `<defs>${gradient('sky', mix(c1, -0.55), mix(c0, -0.2), true)}</defs>`,
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
        `<path d="M${w * 0.2} 0L${w * 0.38} ${h * 0.7}H${w * 0.5}z" fill="#fff3b0" fill-opacity="0.18"/>`,
        `<path d="M${w * 0.8} 0L${w * 0.5} ${h * 0.7}H${w * 0.64}z" fill="#fff3b0" fill-opacity="0.18"/>`,
        `<rect x="${w * 0.12}" y="${h * 0.6}" width="${w * 0.76}" height="${h * 0.1}" fill="${mix(c0, -0.5)}"/>`,
        `<rect x="${w * 0.12}" y="${h * 0.2}" width="${w * 0.76}" height="${h * 0.4}" fill="${c0}" fill-opacity="0.45"/>`,
      );
      const flags = 14;
      for (let i = 0; i < flags; i++) {
        const x = w * 0.05 + (i * w * 0.9) / flags;
        const y = h * 0.08 + Math.sin((i / (flags - 1)) * Math.PI) * h * 0.06;
        const c = ['#ffd43b', '#ff6b6b', '#4dabf7', '#69db7c'][i % 4];
        parts.push(
          `<path d="M${x} ${y}h${(w * 0.9) / flags - 6}l${-((w * 0.9) / flags - 6) / 2} ${h * 0.07}z" fill="${c}"/>`,
        );
      }
      parts.push(confetti(img.name, w, h * 0.55, 40, ['#ffd43b', '#ffffff', '#ff8787']));
      for (let i = 0; i < 12; i++) {
        const x = (i + 0.5) * (w / 12);
        const y = h * 0.86 + (i % 2) * h * 0.03;
        parts.push(
          `<circle cx="${x}" cy="${y}" r="${h * 0.045}" fill="#1b1b2f"/><rect x="${x - h * 0.06}" y="${y + h * 0.03}" width="${h * 0.12}" height="${h * 0.2}" rx="${h * 0.05}" fill="#1b1b2f"/>`,
        );
      }
      break;
    }
    case 4: {
      // A street map with a pin.
      parts.push(`<rect width="${w}" height="${h}" fill="${mix(c1, 0.82)}"/>`);
      parts.push(
        `<rect x="${w * 0.05}" y="${h * 0.08}" width="${w * 0.25}" height="${h * 0.3}" rx="10" fill="#b2f2bb"/>`,
        `<rect x="${w * 0.62}" y="${h * 0.6}" width="${w * 0.32}" height="${h * 0.32}" rx="10" fill="#b2f2bb"/>`,
        `<path d="M0 ${h * 0.75}C${w * 0.3} ${h * 0.7} ${w * 0.5} ${h * 0.95} ${w} ${h * 0.85}V${h}H0z" fill="${mix(c0, 0.35)}"/>`,
        `<path d="M0 ${h * 0.48}H${w}M${w * 0.45} 0V${h}M${w * 0.12} ${h}L${w * 0.7} 0" stroke="#ffffff" stroke-width="${h * 0.06}"/>`,
        `<path d="M0 ${h * 0.48}H${w}M${w * 0.45} 0V${h}" stroke="#ffd43b" stroke-width="3" stroke-dasharray="14 12"/>`,
        `<ellipse cx="${w * 0.58}" cy="${h * 0.62}" rx="${h * 0.09}" ry="${h * 0.025}" fill="#000" fill-opacity="0.2"/>`,
        `<path d="M${w * 0.58} ${h * 0.62}s${-h * 0.16} ${-h * 0.15} ${-h * 0.16} ${-h * 0.28}a${h * 0.16} ${h * 0.16} 0 0 1 ${h * 0.32} 0c0 ${h * 0.13} ${-h * 0.16} ${h * 0.28} ${-h * 0.16} ${h * 0.28}z" fill="${mix(c0, -0.25)}"/>`,
        `<circle cx="${w * 0.58}" cy="${h * 0.34}" r="${h * 0.06}" fill="#ffffff"/>`,
      );
      break;
    }
    default: {
      if (seed(img.name) % 3 === 1) {
        // A landmark: a colonnaded building on its square, with trees.
        const bx = w * 0.22;
        const bw = w * 0.56;
        parts.push(
          `<defs>${gradient('sky', mix(c1, 0.5), mix(c1, 0.88), true)}</defs>`,
          `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
          sun,
          cloud(w * 0.2, h * 0.16, 1.1),
          `<path d="M${bx - 10} ${h * 0.36}L${w / 2} ${h * 0.18}L${bx + bw + 10} ${h * 0.36}z" fill="${mix(c0, 0.55)}"/>`,
          `<rect x="${bx - 10}" y="${h * 0.36}" width="${bw + 20}" height="${h * 0.05}" fill="${mix(c0, 0.35)}"/>`,
          `<rect x="${bx}" y="${h * 0.41}" width="${bw}" height="${h * 0.37}" fill="${mix(c0, 0.75)}"/>`,
        );
        for (let i = 0; i < 6; i++)
          parts.push(
            `<rect x="${bx + bw * 0.05 + (i * bw * 0.9) / 5 - w * 0.015}" y="${h * 0.43}" width="${w * 0.03}" height="${h * 0.33}" fill="#ffffff"/>`,
          );
        parts.push(
          `<rect x="${w / 2 - w * 0.04}" y="${h * 0.6}" width="${w * 0.08}" height="${h * 0.18}" rx="${w * 0.04}" fill="${mix(c0, -0.2)}"/>`,
          `<rect x="${bx - 20}" y="${h * 0.78}" width="${bw + 40}" height="${h * 0.04}" fill="${mix(c0, 0.45)}"/>`,
          `<rect x="0" y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="#d8d2c4"/>`,
          `<circle cx="${w * 0.1}" cy="${h * 0.66}" r="${h * 0.11}" fill="#2f9e5b"/><rect x="${w * 0.1 - 5}" y="${h * 0.7}" width="10" height="${h * 0.13}" fill="#7a5230"/>`,
          `<circle cx="${w * 0.9}" cy="${h * 0.64}" r="${h * 0.12}" fill="#3cb46b"/><rect x="${w * 0.9 - 5}" y="${h * 0.7}" width="10" height="${h * 0.13}" fill="#7a5230"/>`,
        );
        break;
      }
      // The beach: sky, sun, sea, sand and a palm.
      parts.push(
        `<defs>${gradient('sky', mix(c1, 0.45), mix(c1, 0.85), true)}${gradient('sea', c0, mix(c0, -0.3), true)}</defs>`,
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
        sun,
        cloud(w * 0.25, h * 0.2, 1.3),
        cloud(w * 0.55, h * 0.12, 0.8),
        `<path d="M0 ${h * 0.45}L${w * 0.18} ${h * 0.36}L${w * 0.3} ${h * 0.45}z" fill="${mix(c0, 0.3)}"/>`,
        `<rect x="0" y="${h * 0.45}" width="${w}" height="${h * 0.25}" fill="url(#sea)"/>`,
        `<path d="M0 ${h * 0.55}q${w * 0.05} ${-h * 0.02} ${w * 0.1} 0t${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0 ${w * 0.1} 0" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`,
        `<path d="M0 ${h * 0.7}C${w * 0.3} ${h * 0.64} ${w * 0.7} ${h * 0.74} ${w} ${h * 0.68}V${h}H0z" fill="#f1dca7"/>`,
        palm(w * 0.15, h * 0.92, 1.5),
        `<path d="M${w * 0.62} ${h * 0.74}a${w * 0.08} ${h * 0.08} 0 0 1 ${w * 0.16} 0z" fill="${['#ff6b6b', '#ffa94d', '#4dabf7', '#f783ac'][seed(img.name) % 4]}"/><path d="M${w * 0.7} ${h * 0.74}v${h * 0.12}" stroke="#7a5230" stroke-width="4"/>`,
      );
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A campaign's ad: title and line on the left, a gift and tickets on the right. */
function bannerSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const [c0, c1] = colors;
  const textW = w * 0.5;
  const title = fit(img.title, textW, h * 0.34, Math.round(h * 0.13));
  const sub = img.subtitle ? fit(img.subtitle, textW, h * 0.2, Math.round(title.size * 0.45)) : null;
  const titleH = title.lines.length * title.size * 1.2;
  const subH = sub ? sub.lines.length * sub.size * 1.3 + h * 0.05 : 0;
  const top = (h - titleH - subH) / 2;
  const gx = w * 0.78;
  const gy = h * 0.5;
  const g = h * 0.24;
  return [
    open(w, h),
    `<defs>${gradient('g', c0, c1)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${gx}" cy="${gy}" r="${h * 0.42}" fill="#ffffff" fill-opacity="0.12"/>`,
    `<g transform="translate(${w * 0.58} 0)">${confetti(img.name, w * 0.42, h, 30, ['#ffd43b', '#ffffff', mix(c1, 0.6)])}</g>`,
    // Tickets behind the gift.
    `<g transform="rotate(-16 ${gx - g * 1.2} ${gy})">${icon('cupom', gx - g * 2.1, gy - g * 1.1, g * 1.4, '#ffffff', 1.6)}</g>`,
    `<g transform="rotate(14 ${gx + g} ${gy})">${icon('cupom', gx + g * 0.5, gy - g * 1.3, g * 1.2, '#ffd43b', 1.6)}</g>`,
    // The gift.
    `<rect x="${gx - g}" y="${gy - g * 0.2}" width="${g * 2}" height="${g * 1.4}" rx="${g * 0.08}" fill="#ffffff"/>`,
    `<rect x="${gx - g * 1.12}" y="${gy - g * 0.55}" width="${g * 2.24}" height="${g * 0.42}" rx="${g * 0.08}" fill="#ffffff"/>`,
    `<rect x="${gx - g * 0.16}" y="${gy - g * 0.55}" width="${g * 0.32}" height="${g * 1.75}" fill="#ffd43b"/>`,
    `<path d="M${gx} ${gy - g * 0.55}c${-g * 0.2} ${-g * 0.6} ${-g * 0.8} ${-g * 0.55} ${-g * 0.6} ${-g * 0.15}s${g * 0.45} ${g * 0.15} ${g * 0.6} ${g * 0.15}zM${gx} ${gy - g * 0.55}c${g * 0.2} ${-g * 0.6} ${g * 0.8} ${-g * 0.55} ${g * 0.6} ${-g * 0.15}s${-g * 0.45} ${g * 0.15} ${-g * 0.6} ${g * 0.15}z" fill="#ffd43b"/>`,
    textBlock(title.lines, w * 0.06, top, title.size, 'font-weight="bold" fill="#ffffff"'),
    sub
      ? textBlock(
          sub.lines,
          w * 0.06,
          top + titleH + h * 0.05,
          sub.size,
          'fill="#ffffff" fill-opacity="0.95"',
          'start',
          1.3,
        )
      : '',
    '</svg>',
  ].join('');
}

/** A prize moment: the trophy or the gift in confetti, the caption on a ribbon. */
function winnerSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const [c0, c1] = colors;
  const cap = fit(img.title, w * 0.8, h * 0.1, Math.round(h * 0.06));
  const size = h * 0.46;
  return [
    open(w, h),
    `<defs>${gradient('g', c0, c1)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${w / 2}" cy="${h * 0.42}" r="${h * 0.3}" fill="#ffffff" fill-opacity="0.18"/>`,
    confetti(img.name, w, h * 0.8, 60, ['#ffffff', '#ffd43b', mix(c1, 0.5), '#ff8787']),
    `<circle cx="${w / 2}" cy="${h * 0.42}" r="${h * 0.24}" fill="#ffffff"/>`,
    icon(
      img.motif ?? 'trofeu',
      w / 2 - size / 2 + h * 0.06,
      h * 0.42 - size / 2 + h * 0.06,
      size - h * 0.12,
      mix(c1, -0.2),
      1.7,
    ),
    `<rect x="${w * 0.08}" y="${h * 0.76}" width="${w * 0.84}" height="${h * 0.14}" rx="${h * 0.07}" fill="#ffffff"/>`,
    textBlock(
      cap.lines.slice(0, 1),
      w / 2,
      h * 0.83 - cap.size * 0.6,
      cap.size,
      `font-weight="bold" fill="${mix(c1, -0.35)}"`,
      'middle',
    ),
    '</svg>',
  ].join('');
}

/** A promotion: the product's icon in a circle, a price tag with the offer, the line below. */
function promoSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const [c0, c1] = colors;
  const tag = fit(img.title, w * 0.3, h * 0.12, Math.round(h * 0.075));
  const sub = img.subtitle ? fit(img.subtitle, w * 0.84, h * 0.12, Math.round(h * 0.04)) : null;
  const tx = w * 0.54;
  const ty = h * 0.12;
  return [
    open(w, h),
    `<defs>${gradient('g', mix(c0, 0.15), c1)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    confetti(img.name, w, h * 0.75, 24, ['#ffffff', '#ffd43b']),
    `<circle cx="${w * 0.42}" cy="${h * 0.45}" r="${h * 0.27}" fill="#ffffff"/>`,
    icon(img.motif ?? 'cupom', w * 0.42 - h * 0.16, h * 0.45 - h * 0.16, h * 0.32, mix(c0, -0.3), 1.7),
    // The tag.
    `<g transform="rotate(12 ${tx + w * 0.2} ${ty + h * 0.08})">`,
    `<path d="M${tx} ${ty}h${w * 0.38}a${h * 0.02} ${h * 0.02} 0 0 1 ${h * 0.02} ${h * 0.02}v${h * 0.14}a${h * 0.02} ${h * 0.02} 0 0 1 ${-h * 0.02} ${h * 0.02}H${tx}l${-w * 0.07} ${-h * 0.09}z" fill="#ffd43b"/>`,
    `<circle cx="${tx - w * 0.01}" cy="${ty + h * 0.09}" r="${h * 0.015}" fill="${mix(c0, 0.2)}"/>`,
    textBlock(
      tag.lines.slice(0, 1),
      tx + w * 0.2,
      ty + h * 0.09 - tag.size * 0.6,
      tag.size,
      'font-weight="bold" fill="#3d2600"',
      'middle',
    ),
    `</g>`,
    sub
      ? `<rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#ffffff" fill-opacity="0.92"/>` +
        textBlock(
          sub.lines.slice(0, 2),
          w / 2,
          h * 0.9 - (Math.min(2, sub.lines.length) * sub.size * 1.2) / 2,
          sub.size,
          `font-weight="bold" fill="${mix(c0, -0.5)}"`,
          'middle',
        )
      : '',
    '</svg>',
  ].join('');
}

/** An icon on a soft round badge. */
function noticeSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const min = Math.min(w, h);
  return [
    open(w, h),
    `<defs>${gradient('g', colors[0], colors[1])}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    confetti(img.name, w, h, 14, ['#ffffff', '#ffd43b']),
    `<circle cx="${w / 2}" cy="${h / 2}" r="${min * 0.3}" fill="#ffffff"/>`,
    icon(
      img.motif ?? 'megafone',
      w / 2 - min * 0.18,
      h / 2 - min * 0.18,
      min * 0.36,
      mix(colors[1], -0.25),
      1.8,
    ),
    '</svg>',
  ].join('');
}

/** The former look: the title in large type on a gradient, for a picture with no kind. */
function pictureSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const min = Math.min(w, h);
  const title = fit(img.title, w * 0.86, h * 0.7, Math.round(min * 0.26));
  const titleH = title.lines.length * title.size * 1.2;
  return [
    open(w, h),
    `<defs>${gradient('g', colors[0], colors[1])}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    textBlock(
      title.lines,
      w / 2,
      (h - titleH) / 2,
      title.size,
      'font-weight="bold" fill="#ffffff"',
      'middle',
    ),
    '</svg>',
  ].join('');
}

export function demoSvg(img: DemoImage): string {
  switch (img.kind) {
    case 'logo':
      return logoSvg(img);
    case 'shop':
      return shopSvg(img);
    case 'place':
      return placeSvg(img);
    case 'banner':
      return bannerSvg(img);
    case 'winner':
      return winnerSvg(img);
    case 'promo':
      return promoSvg(img);
    case 'notice':
      return noticeSvg(img);
    default:
      return pictureSvg(img);
  }
}

/**
 * Renders every picture the store does not hold yet into `images/<dir>/<name>.png` (a folder
 * store writes each under a temporary name and renames it, so a crash never leaves half a PNG
 * under the final name; S3 puts it whole). Through the store, so a shared directory or a bucket
 * gets the demo's pictures as every instance serves them (issue 54). Returns how many were
 * written.
 */
export async function writeDemoImages(
  store: Store,
  images: readonly DemoImage[],
  concurrency = 6,
): Promise<number> {
  const unique = [...new Map(images.map((img) => [imagePath(img), img])).values()];
  // Loaded here, not with the module: a server that seeds nothing never loads sharp for it.
  const { default: sharp } = await import('sharp');
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const img = unique[next++]!;
      const key = `images/${imagePath(img)}`;
      if (await store.exists(key)) continue;
      const png = await sharp(Buffer.from(demoSvg(img)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      await store.put(key, png, 'image/png');
      written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return written;
}
