import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible server on 127.0.0.1 for tests (path-style: `/<bucket>/<key>`): PUT, GET,
 * HEAD and DELETE of an object and ListObjectsV2, enough for @aws-sdk/client-s3. It keeps the
 * objects in memory, remembers every request's method, key and Authorization header, and can
 * fail the next PUTs (with a hook that runs before each failure).
 */
export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; key: string; authorization: string | undefined }[];
  /** Fails this many of the next PUTs with a 500, running `beforeFail` first. */
  failPuts(n: number, beforeFail?: () => Promise<void>): void;
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeS3(bucket = 'praca-teste'): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  let failing = 0;
  let beforeFail: (() => Promise<void>) | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const [, b, ...rest] = url.pathname.split('/');
        const key = decodeURIComponent(rest.join('/'));
        requests.push({ method: req.method ?? '', key, authorization: req.headers.authorization });
        if (b !== bucket) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end('<Error><Code>NoSuchBucket</Code></Error>');
          return;
        }
        if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
          const prefix = url.searchParams.get('prefix') ?? '';
          const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name>` +
              `<Prefix>${xml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>` +
              keys
                .map(
                  (k) =>
                    `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
                )
                .join('') +
              '</ListBucketResult>',
          );
          return;
        }
        const obj = objects.get(key);
        switch (req.method) {
          case 'PUT':
            if (failing > 0) {
              failing--;
              await beforeFail?.();
              res.writeHead(500, { 'content-type': 'application/xml' });
              res.end('<Error><Code>InternalError</Code><Message>falha de teste</Message></Error>');
              return;
            }
            objects.set(key, {
              body: Buffer.concat(chunks),
              contentType: req.headers['content-type'] ?? 'application/octet-stream',
            });
            res.writeHead(200, { etag: '"x"' });
            res.end();
            return;
          case 'GET':
          case 'HEAD':
            if (!obj) {
              res.writeHead(404, { 'content-type': 'application/xml' });
              res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
              return;
            }
            res.writeHead(200, { 'content-type': obj.contentType, 'content-length': obj.body.length });
            res.end(req.method === 'HEAD' ? undefined : obj.body);
            return;
          case 'DELETE':
            objects.delete(key);
            res.writeHead(204);
            res.end();
            return;
          default:
            res.writeHead(405);
            res.end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    failPuts(n, hook) {
      failing = n;
      beforeFail = hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
