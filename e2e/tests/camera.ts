import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from '@playwright/test';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/**
 * A one-frame Y4M video (Chromium's fake camera format) of a picture centred on a white
 * 640×480 background: the luma of each pixel, chroma neutral (the QR code is black on white).
 */
export async function toY4m(page: Page, png: Buffer): Promise<Buffer> {
  const W = 640;
  const H = 480;
  const luma = await page.evaluate(
    async ({ src, W, H }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, W, H);
      const side = Math.min(400, img.width);
      g.drawImage(img, (W - side) / 2, (H - side) / 2, side, side);
      const rgba = g.getImageData(0, 0, W, H).data;
      let out = '';
      for (let i = 0; i < W * H; i++) {
        const y = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
        out += String.fromCharCode(Math.round(y));
      }
      return btoa(out);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, W, H },
  );
  const chroma = Buffer.alloc((W * H) / 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    Buffer.from(luma, 'base64'),
    chroma,
  ]);
}

let writerReady = false;

/**
 * Issue 53: a PNG of a QR code holding `text` (a fiscal receipt's URL), drawn with ZXing's writer
 * in WebAssembly from the package's own file (its default would fetch it from a CDN).
 */
export async function qrPng(text: string): Promise<Buffer> {
  if (!writerReady) {
    const wasm = fs.readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'),
    );
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    });
    writerReady = true;
  }
  const written = await writeBarcode(text, { format: 'QRCode', scale: 8 });
  if (!written.image) throw new Error(`QR code not written: ${written.error}`);
  return Buffer.from(await written.image.arrayBuffer());
}

/** A Chromium whose camera films `y4m` (a file written by {@link toY4m}), allowed without asking. */
export function cameraBrowser(y4m: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    ],
  });
}
