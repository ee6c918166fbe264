import { describe, expect, it } from 'vitest';
import { CampanhasQuery, CidadeQuery } from '@praca/contract';
import { useZodInPortuguese, validatorCompiler } from '../src/plugins/validation.js';

/**
 * The hot reads' `?cod_cidade=` (shops, campaigns, winners, notices): every form a query can
 * take, and the value or the 400 with its message that the route's validator answers.
 */
useZodInPortuguese();

const compile = (schema: typeof CidadeQuery | typeof CampanhasQuery) =>
  validatorCompiler({ schema, httpPart: 'querystring', method: 'GET', url: '/x' });

const shape = (r: unknown) => {
  const out = r as { value?: unknown; error?: { statusCode?: number; message: string } };
  return out.error ? { status: out.error.statusCode, erro: out.error.message } : { value: out.value };
};

const city = (n: number) => ({ value: { cod_cidade: n } });
const escolha = { status: 400, erro: 'Escolha a cidade' };

describe('the city query of the hot reads', () => {
  const cases: [unknown, unknown][] = [
    [{ cod_cidade: '3509502' }, city(3509502)],
    [{ cod_cidade: '1' }, city(1)],
    [{ cod_cidade: '9999999' }, city(9999999)],
    [{ cod_cidade: '10000000' }, escolha],
    [{ cod_cidade: '0' }, escolha],
    [{ cod_cidade: '0012' }, city(12)],
    [{ cod_cidade: ' 12' }, city(12)],
    [{ cod_cidade: '12.0' }, city(12)],
    [{ cod_cidade: '1e3' }, city(1000)],
    [{ cod_cidade: '-3' }, escolha],
    [{ cod_cidade: '' }, escolha],
    [{ cod_cidade: 'abc' }, escolha],
    [{ cod_cidade: ['1', '2'] }, escolha],
    [{ cod_cidade: '12\u0000' }, { status: 400, erro: 'cod_cidade: Texto com caractere inválido' }],
    [{ cod_cidade: '35', outra: 'x' }, city(35)],
    [
      { cod_cidade: '35', 'x\u0000': '1' },
      { status: 400, erro: 'x\u0000: Texto com caractere inválido' },
    ],
    [{}, escolha],
    [null, { status: 400, erro: 'Envie os dados como um objeto' }],
  ];

  it.each(cases.map(([q, answer]) => [JSON.stringify(q), q, answer]))('%s', (_, q, answer) => {
    expect(shape(compile(CidadeQuery)(q))).toEqual(answer);
  });

  it('campaigns take the same plain city code', () => {
    expect(shape(compile(CampanhasQuery)({ cod_cidade: '3509502' }))).toEqual(city(3509502));
    expect(shape(compile(CampanhasQuery)({ cod_cidade: '0' }))).toEqual(escolha);
  });
});
