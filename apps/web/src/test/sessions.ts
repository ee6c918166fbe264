import type { Sessao } from '@praca/contract';

/** A stored session for screen tests: a Santos consumer unless `overrides` say otherwise. */
export function testSession(overrides: Partial<Sessao> = {}): Sessao {
  return {
    token: 't',
    id_usuario: 1,
    nome: 'Ana',
    email: 'ana@praca.demo',
    cod_cidade: 3548500,
    cidade: 'Santos',
    uf: 'SP',
    parceiro: false,
    admin: false,
    superadmin: false,
    estabelecimentos: {},
    ...overrides,
  };
}
