/**
 * Makes the web app's PNG icons (manifest, apple-touch-icon, service worker notifications)
 * from apps/web/public/favicon.svg with sharp (a dependency of apps/api). Run once after the
 * favicon changes and commit the PNGs: `node scripts/make-icons.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const svg = fs.readFileSync(path.join(web, 'favicon.svg'));
const out = path.join(web, 'icons');
fs.mkdirSync(out, { recursive: true });
/** The brand green of the favicon and of index.html's theme-color. */
const GREEN = '#0b7a57';

async function plain(size, file) {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

/**
 * A maskable icon: the launcher may cut it to any shape keeping only the central 80 %
 * circle, so the drawing sits at 70 % on a full green square (no rounded corners).
 */
async function maskable(size, file) {
  const inner = Math.round(size * 0.7);
  const art = await sharp(svg, { density: Math.ceil((72 * inner) / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: GREEN } })
    .composite([{ input: art, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await plain(180, 'apple-touch-icon.png');
await maskable(512, 'maskable-512.png');
await maskable(192, 'maskable-192.png');
console.log(fs.readdirSync(out).join('\n'));
