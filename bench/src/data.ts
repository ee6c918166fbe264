import { parseArgs } from 'node:util';
import { generate, SCALE_NAMES } from './generate.js';
import { stderrProgress } from './gen/progress.js';
import { NotEmptyError } from './gen/store.js';
import type { Scale } from './summary.js';

/**
 * `npm run bench:data -- --scale tiny|city|state [--database-url postgres://…] [--postgres]
 *  [--data-dir DIR] [--seed N] [--force]`
 * Fills a fresh database for the benchmarks and prints the JSON summary on stdout.
 */
const USAGE = `uso: npm run bench:data -- --scale tiny|city|state [opções]
  --database-url URL   postgres://… (sem nome de banco: praca_bench_<escala>) ou sqlite:ARQUIVO;
                       padrão: SQLite em <data-dir>/praca.db
  --postgres           o mesmo que --database-url postgres://postgres@127.0.0.1:5432/
  --data-dir DIR       onde ficam praca.db (SQLite) e summary.json; padrão bench/data/<escala>[-postgres]
  --seed N             semente do gerador (padrão 1)
  --force              apaga e recria um banco que já tem tabelas`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      'database-url': { type: 'string' },
      postgres: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      seed: { type: 'string', default: '1' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = values.scale as Scale | undefined;
  if (!scale || !SCALE_NAMES.includes(scale)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) {
    console.error('--seed: use um inteiro ≥ 0');
    process.exitCode = 2;
    return;
  }
  const databaseUrl =
    values['database-url'] ?? (values.postgres ? 'postgres://postgres@127.0.0.1:5432/' : undefined);
  try {
    const summary = await generate({
      scale,
      databaseUrl,
      dataDir: values['data-dir'],
      seed,
      force: values.force,
      onProgress: stderrProgress(),
      log: (msg) => process.stderr.write(`${msg}\n`),
    });
    console.log(JSON.stringify(summary, null, 2));
    process.stderr.write(
      `pronto em ${(summary.elapsedMs / 1000).toFixed(1)} s: ${summary.databaseUrl}\n` +
        `resumo em ${summary.dataDir}/summary.json\n`,
    );
  } catch (err) {
    if (err instanceof NotEmptyError) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
}

await main();
