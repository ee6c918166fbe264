import { describe, expect, it } from 'vitest';
import { lintProbe } from './lint-probe.js';

/**
 * `praca/typed-api-path` (issue 51, eslint.config.js): in the web app a string or a template
 * starting with `/v1` is a hand-typed API route unless the typed client checks it. Run by the
 * repository's ESLint on a probe placed as a web source file and as a web test (exempt).
 */

const PROBE = `import { client, href, type ApiBody, type ApiPath } from '@/lib/api-client';

const ROTAS = { a: '/v1/login', b: '/v1/parceiro/login' } as const satisfies Record<string, ApiPath<'post'>>;
export async function probe(id: number, body: ApiBody<'post', '/v1/contestacoes'>) {
  await client.GET('/v1/apuracoes/{id_apuracao}', { params: { path: { id_apuracao: id } } });
  await client.POST('/v1/contestacoes', { body });
  await client.blob('/v1/adm/apuracoes/{id_apuracao}/ata.pdf', { params: { path: { id_apuracao: id } } });
  const link = href('/v1/apuracoes/{id_apuracao}/edital.pdf', { path: { id_apuracao: id } });
  const url = '/v1/apuracoes/' + id; // hit
  const tpl = \`/v1/apuracoes/\${id}/ata.pdf\`; // hit
  window.location.assign('/v1/sorteios/1/bilhetes.csv'); // hit
  await fetch(\`/v1/avisos\`); // hit
  const other = { path: '/v1/adm/vendas' }; // hit
  const texto = 'veja /v1 na documentação';
  return [ROTAS, link, url, tpl, other, texto];
}
`;

const expected = PROBE.split('\n').flatMap((line, i) => (line.endsWith('// hit') ? [i + 1] : []));

function flagged(...paths: string[]): number[][] {
  const results = lintProbe(PROBE, paths);
  return results.map((messages) =>
    messages.filter((m) => m.ruleId === 'praca/typed-api-path').map((m) => m.line),
  );
}

describe.skipIf(process.env.TEST_DIALECT === 'postgres')(
  'lint: API routes only through the typed client',
  () => {
    it('flags a /v1 string outside client.X(path)/href(path)/types/satisfies tables; tests are exempt', () => {
      const [source, test] = flagged(
        'apps/web/src/features/home/api/zz-probe.ts',
        'apps/web/src/features/home/zz-probe.test.ts',
      );
      expect(expected).toHaveLength(5);
      expect(source).toEqual(expected);
      expect(test).toEqual([]);
    }, 60_000);
  },
);
