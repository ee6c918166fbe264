import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CidadeQuery } from '@praca/contract';
import { validatorCompiler } from '../src/lib/validation.js';

/**
 * The hot reads' `?cod_cidade=` is read without zod when it is plain digits (decision 020).
 * Whatever the query, the answer must be the one zod gives: the same value, or a 400 with the
 * same message. The same schema, copied, is not the same object, so it always takes zod's way.
 */
const fast = validatorCompiler({ schema: CidadeQuery, httpPart: 'querystring', method: 'GET', url: '/x' });
const zodOnly = validatorCompiler({
  schema: z.object({ ...CidadeQuery.shape }),
  httpPart: 'querystring',
  method: 'GET',
  url: '/x',
});

const shape = (r: unknown) => {
  const out = r as { value?: unknown; error?: { statusCode?: number; message: string } };
  return out.error ? { status: out.error.statusCode, erro: out.error.message } : { value: out.value };
};

describe('the city query read without zod', () => {
  const queries: unknown[] = [
    { cod_cidade: '3509502' },
    { cod_cidade: '1' },
    { cod_cidade: '9999999' },
    { cod_cidade: '10000000' },
    { cod_cidade: '0' },
    { cod_cidade: '0012' },
    { cod_cidade: ' 12' },
    { cod_cidade: '12.0' },
    { cod_cidade: '1e3' },
    { cod_cidade: '-3' },
    { cod_cidade: '' },
    { cod_cidade: 'abc' },
    { cod_cidade: ['1', '2'] },
    { cod_cidade: '12\u0000' },
    { cod_cidade: '35', outra: 'x' },
    { cod_cidade: '35', 'x\u0000': '1' },
    {},
    null,
  ];

  it.each(queries.map((q) => [JSON.stringify(q), q]))('%s: the same answer as zod', (_, q) => {
    expect(shape(fast(q))).toEqual(shape(zodOnly(q)));
  });

  it('reads plain digits as the number, and refuses 0 with the schema message', () => {
    expect(shape(fast({ cod_cidade: '3509502' }))).toEqual({ value: { cod_cidade: 3509502 } });
    expect(shape(fast({ cod_cidade: '0' }))).toEqual({ status: 400, erro: 'Escolha a cidade' });
  });
});
