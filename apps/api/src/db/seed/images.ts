import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageDir } from '@praca/contract';
import { escapeHtml } from '../../lib/html.js';

/** One demo picture: a colourful gradient with its name in large type, drawn locally. */
export interface DemoImage {
  dir: ImageDir;
  /** File name without extension; stable, so a second run finds the file already there. */
  name: string;
  width: number;
  height: number;
  title: string;
  subtitle?: string;
  /** Gradient from → to. */
  colors: readonly [string, string];
  /** `logo` draws initials only. */
  kind?: 'picture' | 'logo';
}

/** What the database stores: the path relative to the images folder (served under /img/). */
export const imagePath = (img: Pick<DemoImage, 'dir' | 'name'>): string => `${img.dir}/${img.name}.png`;

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Average advance of a bold DejaVu Sans character, in em. */
const CHAR_EM = 0.66;

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
function fit(text: string, boxW: number, boxH: number, maxSize: number): { size: number; lines: string[] } {
  for (let size = maxSize; size > 8; size -= 2) {
    const perLine = Math.max(1, Math.floor(boxW / (size * CHAR_EM)));
    const lines = wrap(text, perLine);
    const widest = Math.max(...lines.map((l) => l.length));
    if (widest <= perLine && lines.length * size * 1.18 <= boxH) return { size, lines };
  }
  return { size: 8, lines: [text] };
}

function initials(name: string): string {
  const skip = new Set(['da', 'de', 'do', 'das', 'dos', 'e', '&']);
  const words = name.split(/\s+/).filter((w) => w && !skip.has(w.toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

function demoSvg(img: DemoImage): string {
  const { width: w, height: h, colors } = img;
  const min = Math.min(w, h);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>`,
    `</linearGradient></defs>`,
  ];
  if (img.kind === 'logo') {
    const r = Math.round(min * 0.18);
    const text = initials(img.title);
    const size = Math.round(min * (text.length > 1 ? 0.44 : 0.56));
    parts.push(
      `<rect width="${w}" height="${h}" rx="${r}" fill="url(#g)"/>`,
      `<circle cx="${w * 0.85}" cy="${h * 0.12}" r="${min * 0.4}" fill="#fff" fill-opacity="0.14"/>`,
      `<text x="${w / 2}" y="${h / 2}" dy="0.36em" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff" text-anchor="middle">${escapeHtml(text)}</text>`,
      '</svg>',
    );
    return parts.join('');
  }
  // Soft circles for depth, placed from the image size so every picture looks a bit different.
  parts.push(
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${w * 0.88}" cy="${h * 0.1}" r="${min * 0.55}" fill="#fff" fill-opacity="0.12"/>`,
    `<circle cx="${w * 0.06}" cy="${h * 0.95}" r="${min * 0.42}" fill="#fff" fill-opacity="0.09"/>`,
    `<circle cx="${w * 0.7}" cy="${h * 1.05}" r="${min * 0.25}" fill="#000" fill-opacity="0.07"/>`,
  );
  const hasSub = !!img.subtitle;
  const titleBox = fit(img.title, w * 0.86, h * (hasSub ? 0.56 : 0.74), Math.round(min * 0.3));
  const sub = hasSub
    ? fit(img.subtitle ?? '', w * 0.84, h * 0.2, Math.max(10, Math.round(titleBox.size * 0.48)))
    : null;
  const lineH = titleBox.size * 1.18;
  const subH = sub ? sub.lines.length * sub.size * 1.25 + titleBox.size * 0.35 : 0;
  const blockH = titleBox.lines.length * lineH + subH;
  let y = (h - blockH) / 2 + titleBox.size * 0.9;
  for (const line of titleBox.lines) {
    const attrs = `x="${w / 2}" font-family="${FONT}" font-weight="bold" font-size="${titleBox.size}" text-anchor="middle"`;
    const shadow = Math.max(1, Math.round(titleBox.size / 18));
    parts.push(
      `<text ${attrs} y="${y + shadow}" dx="${shadow}" fill="#000" fill-opacity="0.25">${escapeHtml(line)}</text>`,
      `<text ${attrs} y="${y}" fill="#fff">${escapeHtml(line)}</text>`,
    );
    y += lineH;
  }
  if (sub) {
    y += titleBox.size * 0.35 - lineH + sub.size * 1.25;
    for (const line of sub.lines) {
      parts.push(
        `<text x="${w / 2}" y="${y}" font-family="${FONT}" font-size="${sub.size}" fill="#fff" fill-opacity="0.92" text-anchor="middle">${escapeHtml(line)}</text>`,
      );
      y += sub.size * 1.25;
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders every picture that is not on disk yet into `${imagesDir}/${dir}/${name}.png`.
 * Files are written under a temporary name and renamed, so a crash never leaves half a PNG
 * under the final name. Returns how many were written.
 */
export async function writeDemoImages(
  imagesDir: string,
  images: readonly DemoImage[],
  concurrency = 6,
): Promise<number> {
  const unique = [...new Map(images.map((img) => [imagePath(img), img])).values()];
  for (const dir of new Set(unique.map((img) => img.dir))) {
    await fs.mkdir(path.join(imagesDir, dir), { recursive: true });
  }
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const img = unique[next++];
      const file = path.join(imagesDir, imagePath(img));
      if (await exists(file)) continue;
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await sharp(Buffer.from(demoSvg(img)))
        .png()
        .toFile(tmp);
      await fs.rename(tmp, file);
      written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return written;
}
