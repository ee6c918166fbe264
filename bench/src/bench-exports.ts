import { login } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

/** The bound: the server's resident memory during a 2M-row export (issue 39). */
const RSS_TARGET_MB = 300;

interface Status {
  situacao: string;
  linhas: number;
  total: number;
  url: string | null;
}

/**
 * Benchmark 8 (issue 39): the city's whole sales list exported, as the admin asks for it
 * (`GET /v1/adm/vendas?formato=…`: past EXPORTACAO_IMEDIATA_MAX rows a background job writes the
 * file), in CSV and in XLSX. Each run's time from the request to the file's being ready, its
 * download, and the server's VmRSS sampled every 100 ms from the request to the end of the
 * download: the peak must stay under 300 MB.
 */
export async function benchExports(server: RunningServer, t: BenchTarget): Promise<Figure[]> {
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  const headers = { authorization: admin.authorization };
  const figures: Figure[] = [];
  for (const formato of ['csv', 'xlsx'] as const) {
    const before = server.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 100);
    const t0 = performance.now();
    try {
      const asked = await fetch(`${server.url}/v1/adm/vendas?cod_cidade=${t.codCidade}&formato=${formato}`, {
        headers,
      });
      let rows = 0;
      let bytes = 0;
      let ready = 0;
      let peakReady = 0;
      if (asked.status === 202) {
        const { id_exportacao } = (await asked.json()) as { id_exportacao: number };
        let status: Status;
        for (;;) {
          await new Promise((r) => setTimeout(r, 250));
          const res = await fetch(`${server.url}/v1/adm/exportacoes/${id_exportacao}`, { headers });
          status = (await res.json()) as Status;
          if (status.situacao !== 'pendente' && status.situacao !== 'rodando') break;
        }
        if (status.situacao !== 'pronta') throw new Error(`exportação ${id_exportacao}: ${status.situacao}`);
        ready = performance.now() - t0;
        peakReady = Math.max(peak, server.rss());
        rows = status.linhas;
        const file = await fetch(`${server.url}${status.url}`, { headers });
        for await (const chunk of file.body!) bytes += (chunk as Uint8Array).length;
      } else if (asked.ok) {
        for await (const chunk of asked.body!) bytes += (chunk as Uint8Array).length;
        ready = performance.now() - t0;
        peakReady = Math.max(peak, server.rss());
      } else {
        throw new Error(`exportação ${formato}: ${asked.status} ${await asked.text()}`);
      }
      const total = performance.now() - t0;
      clearInterval(sampler);
      peak = Math.max(peak, server.rss());
      const details = {
        linhas: rows,
        bytes,
        rss_antes_mb: Math.round(before / 2 ** 20),
        rss_pico_ate_pronta_mb: Math.round(peakReady / 2 ** 20),
        pronta_ms: Math.round(ready),
        total_ms: Math.round(total),
        linhas_por_s: rows ? Math.round(rows / (ready / 1000)) : null,
      };
      // Said at once: an XLSX of 2M rows takes minutes more.
      console.log(
        `  export ${formato}: ${JSON.stringify({ ...details, rss_pico_mb: Math.round(peak / 2 ** 20) })}`,
      );
      figures.push(
        {
          bench: 'exports',
          name: `export ${formato} of the city's sales: server RSS peak`,
          value: peak / 2 ** 20,
          unit: 'MB',
          target: { op: '<', value: RSS_TARGET_MB },
          reference: `${rows.toLocaleString('en')} rows, ${(bytes / 2 ** 20).toFixed(0)} MB file; RSS before ${details.rss_antes_mb} MB, peak to the file ${details.rss_pico_ate_pronta_mb} MB`,
          details,
        },
        {
          bench: 'exports',
          name: `export ${formato} of the city's sales: time to the file`,
          value: ready / 1000,
          unit: 's',
          target: null,
          reference: `${details.linhas_por_s ?? '—'} rows/s; with the download ${(total / 1000).toFixed(1)} s`,
          details,
        },
      );
    } finally {
      clearInterval(sampler);
    }
  }
  return figures;
}
