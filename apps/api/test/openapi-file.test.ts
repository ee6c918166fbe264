import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_DTS, OPENAPI_JSON, openapiFiles } from '../src/cli/openapi.js';

/**
 * Issue 51: the committed OpenAPI document (apps/api/openapi.json) and the web's types of it
 * (apps/web/src/lib/api/openapi.d.ts) are what the routes say now. A route or a field changed
 * without regenerating them fails here; the web's typecheck then shows every call it breaks.
 */
describe('openapi.json and openapi.d.ts', () => {
  it('are what `npm run openapi` writes from the routes today', async () => {
    const { json, dts } = await openapiFiles();
    const stale = 'desatualizado: rode `npm run openapi` e faça commit do resultado';
    expect(fs.readFileSync(OPENAPI_JSON, 'utf8') === json, `apps/api/openapi.json ${stale}`).toBe(true);
    expect(fs.readFileSync(OPENAPI_DTS, 'utf8') === dts, `apps/web/src/lib/api/openapi.d.ts ${stale}`).toBe(
      true,
    );
  }, 60_000);
});
