import http from 'node:http';

/**
 * The Prometheus text of `render()` at `GET /metrics` on `host:port`, everything else 404: a
 * server of its own, apart from the public port. Used by each process, and by the primary of
 * `npm run start:cluster` for its workers' metrics together.
 */
export function serveMetrics(
  host: string,
  port: number,
  render: () => Promise<{ contentType: string; body: string }>,
  log: { error(o: object, msg: string): void },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('não encontrado\n');
      return;
    }
    render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'métricas: falha ao coletar');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('falha ao coletar\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
