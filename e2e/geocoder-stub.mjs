// A stand-in for the map page's outside services, so the e2e tests never reach the internet:
//   GET /search?format=json&q=…      Nominatim's answer format: one hit for any query with
//                                    "Santos", an empty list otherwise
//   GET /tiles/{z}/{x}/{y}.png       a small grey PNG for every tile
//   GET /health                      "ok" (Playwright waits for it)
// Usage: node geocoder-stub.mjs [port]   (default 3101; 127.0.0.1 only)
import http from 'node:http';
import { deflateSync } from 'node:zlib';

const port = Number(process.argv[2] ?? process.env.GEOCODER_STUB_PORT ?? 3101);

/** CRC-32 of PNG chunks (node:zlib has crc32 only from Node 22). */
function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A valid 256×256 light grey PNG (8-bit greyscale), the size of a map tile. */
function greyTile(size = 256, grey = 0xe8) {
  const raw = Buffer.alloc((size + 1) * size, grey);
  for (let y = 0; y < size; y++) raw[y * (size + 1)] = 0; // filter: none
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILE = greyTile();

const SANTOS_HIT = {
  place_id: 1,
  lat: '-23.9608',
  lon: '-46.3336',
  display_name: 'Praça Mauá, Centro, Santos, São Paulo, Brasil',
  type: 'square',
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  // The page on the app's origin fetches the search cross-origin.
  res.setHeader('access-control-allow-origin', '*');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/search') {
    const q = url.searchParams.get('q') ?? '';
    const body = /santos/i.test(q) ? [SANTOS_HIT] : [];
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    return;
  }
  if (/^\/tiles\/\d+\/-?\d+\/-?\d+\.png$/.test(url.pathname)) {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(TILE);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

server.listen(port, '127.0.0.1', () => {
  console.log(`geocoder stub on http://127.0.0.1:${port}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
