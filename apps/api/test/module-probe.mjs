// Loaded with `--import` by test/telemetry.test.ts: at exit, writes the files of every CommonJS
// module the process loaded (OpenTelemetry's packages and @fastify/otel are CommonJS, and an ES
// module importing them loads them there too) to $PRACA_TESTE_MODULOS.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const out = process.env.PRACA_TESTE_MODULOS;
  if (out) fs.writeFileSync(out, Object.keys(require.cache).join('\n'));
});
