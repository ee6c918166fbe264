import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG of one colour with a diagonal stripe, made here so the upload tests need no
 * fixture file: what a person would pick from their phone's gallery, only smaller.
 */
export function pngImage(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const stripe = Math.abs(x - y) < Math.max(2, width / 20);
      const o = y * row + 1 + x * 3;
      raw[o] = stripe ? 255 : rgb[0];
      raw[o + 1] = stripe ? 255 : rgb[1];
      raw[o + 2] = stripe ? 255 : rgb[2];
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
