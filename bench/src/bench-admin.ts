import { login, timeGets, type Session } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

export interface AdminOptions {
  /** Sequential measured requests per page (after 3 warm-up ones). */
  runs: number;
}

/** Benchmark 4: the city admin's dashboard, every admin list's first page, the customer search. */
export async function benchAdmin(server: RunningServer, t: BenchTarget, o: AdminOptions): Promise<Figure[]> {
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  const partner = await login(server.url, 'parceiro', t.partner.email, t.password);
  const cod = t.codCidade;
  const pages: { name: string; path: string; target: number; as: Session }[] = [
    { name: 'dashboard', path: `/v1/adm/dashboard?cod_cidade=${cod}`, target: 100, as: admin },
    {
      name: 'list establishments',
      path: `/v1/adm/estabelecimentos?cod_cidade=${cod}`,
      target: 20,
      as: admin,
    },
    { name: 'list campaigns', path: `/v1/adm/campanhas?cod_cidade=${cod}`, target: 20, as: admin },
    { name: 'list winners', path: `/v1/adm/contemplados?cod_cidade=${cod}`, target: 20, as: admin },
    { name: 'list notices', path: `/v1/adm/avisos?cod_cidade=${cod}`, target: 20, as: admin },
    { name: 'list promotions', path: `/v1/adm/promocoes?cod_cidade=${cod}`, target: 20, as: admin },
    { name: 'list tourism', path: `/v1/adm/turismo?cod_cidade=${cod}`, target: 20, as: admin },
    {
      name: 'list sales (a shop)',
      path: `/v1/parceiro/vendas?id_estabelecimento=${t.partner.idEstabelecimento}`,
      target: 20,
      as: partner,
    },
    {
      name: 'list reviews to moderate',
      path: `/v1/estabelecimentos/avaliacoes?cod_cidade=${cod}`,
      target: 20,
      as: admin,
    },
    // The audit log (domain §10): one entry a sale, millions in a city (migration
    // auditoria-por-cidade); all of it, the sales only, and one partner's by name.
    { name: 'list audit log', path: `/v1/adm/auditoria?cod_cidade=${cod}`, target: 20, as: admin },
    {
      name: 'list audit log (sales)',
      path: `/v1/adm/auditoria?cod_cidade=${cod}&entidade=venda`,
      target: 20,
      as: admin,
    },
    {
      name: 'list audit log (an author)',
      path: `/v1/adm/auditoria?cod_cidade=${cod}&q=${encodeURIComponent(t.partner.nome)}`,
      target: 20,
      as: admin,
    },
    {
      name: 'customer search',
      path: `/v1/parceiro/usuarios?nome=${encodeURIComponent(t.searchName)}`,
      target: 10,
      as: partner,
    },
  ];
  const figures: Figure[] = [];
  for (const p of pages) {
    let r;
    try {
      r = await timeGets(server.url + p.path, { authorization: p.as.authorization }, o.runs);
    } catch (e) {
      // A page past the 120 s timeout is a figure too (a miss), not the end of the benchmark.
      figures.push({
        bench: 'admin',
        name: `${p.name} (median)`,
        value: NaN,
        unit: 'ms',
        target: { op: '<', value: p.target },
        reference: `no answer: ${(e as Error).message.split('\n')[0]}; GET ${p.path.split('?')[0]}`,
      });
      continue;
    }
    figures.push({
      bench: 'admin',
      name: `${p.name} (median)`,
      value: r.median,
      unit: 'ms',
      target: { op: '<', value: p.target },
      reference: `p95 ${r.p95.toFixed(1)} ms of ${r.samples.length}, ${r.bytes.toLocaleString('en-US')} B; GET ${p.path.split('?')[0]}`,
      details: { path: p.path, ...r },
    });
  }
  return figures;
}
