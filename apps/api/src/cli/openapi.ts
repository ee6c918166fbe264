import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * `npm run openapi` (issue 51): the API's OpenAPI document, built from the same zod schemas that
 * validate each route, written to apps/api/openapi.json, and the web's types of it
 * (apps/web/src/lib/api/openapi.d.ts, read by the typed client in lib/api-client.ts). The app is
 * built on an empty SQLite database in a temporary folder and never listens: no data, no network.
 * test/openapi-file.test.ts fails when either committed file is stale.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OPENAPI_JSON = path.join(apiDir, 'openapi.json');
export const OPENAPI_DTS = path.resolve(apiDir, '../web/src/lib/api/openapi.d.ts');

/** Every object's keys in order, recursively: the same document whatever the registration order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The OpenAPI document of the app as built with production options on an empty database. */
export async function openapiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    INIT_CWD: dataDir,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'openapi.db')}`,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    BASE_PATH: '/',
    WEB_DIST: path.join(dataDir, 'sem-web'),
  });
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 1 });
  try {
    await migrateToLatest(db.db);
    const app = await buildApp(config, db);
    try {
      await app.ready();
      return sortKeys(app.swagger()) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const DTS_HEADER =
  '// Gerado por `npm run openapi` (apps/api/src/cli/openapi.ts) a partir de apps/api/openapi.json: não edite.\n';

/** The two files' text: the document as JSON (two spaces, a final newline) and its types. */
export async function openapiFiles(): Promise<{ json: string; dts: string }> {
  const doc = await openapiDocument();
  const json = `${JSON.stringify(doc, null, 2)}\n`;
  // openapi-typescript reads the document itself (no URL is fetched: it has no external $ref).
  const ast = await openapiTS(json, { alphabetize: true });
  return { json, dts: DTS_HEADER + astToString(ast) };
}

async function main(): Promise<void> {
  const { json, dts } = await openapiFiles();
  fs.writeFileSync(OPENAPI_JSON, json);
  fs.writeFileSync(OPENAPI_DTS, dts);
  console.log(
    `Escrito: ${path.relative(process.cwd(), OPENAPI_JSON)}, ${path.relative(process.cwd(), OPENAPI_DTS)}`,
  );
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
