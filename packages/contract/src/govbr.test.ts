import { describe, expect, it } from 'vitest';
import { GovbrEntrarQuery, isRelativePath } from './index.js';

describe('gov.br destino (issue 52)', () => {
  it.each(['/', '/meu/extrato', '/govbr/vincular?x=1', '/sorteios/12#topo'])(
    '%s is a path of this site',
    (v) => expect(isRelativePath(v)).toBe(true),
  );

  it.each([
    'https://mal.test/',
    '//mal.test/x',
    '/\\mal.test',
    '\\\\mal.test',
    'mal.test',
    'javascript:alert(1)',
    '/a//b',
    '/x\ny',
    '',
  ])('%j is refused', (v) => {
    expect(isRelativePath(v)).toBe(false);
    expect(GovbrEntrarQuery.safeParse({ destino: v }).success).toBe(false);
  });

  it('finalidade is entrar unless vincular is asked', () => {
    expect(GovbrEntrarQuery.parse({}).finalidade).toBe('entrar');
    expect(GovbrEntrarQuery.parse({ finalidade: 'vincular' }).finalidade).toBe('vincular');
    expect(GovbrEntrarQuery.safeParse({ finalidade: 'outra' }).success).toBe(false);
  });
});
