import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WebhookBody } from './integration.js';
import { mensagemDoValidador, rotuloDoCampo } from './zod-messages.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { error: mensagemDoValidador });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('mensagemDoValidador', () => {
  it("words a too-long webhook URL in Portuguese, not in the validator's text", () => {
    const [m] = messages(WebhookBody, {
      url: `https://x.test/${'a'.repeat(500)}`,
      eventos: ['venda.criada'],
    });
    expect(m).toBe('Use no máximo 500 caracteres');
  });

  it.each([
    [z.string().max(3), 'abcd', 'Use no máximo 3 caracteres'],
    [z.string().min(1), '', 'Campo obrigatório'],
    [z.string().min(8), 'abc', 'Use pelo menos 8 caracteres'],
    [z.number().max(1000), 1001, 'Informe um valor até 1.000'],
    [z.number().positive(), 0, 'Informe um valor maior que 0'],
    [z.array(z.string()).min(1), [], 'Escolha pelo menos um item'],
    [z.email(), 'x', 'Informe um e-mail válido'],
    [z.enum(['a', 'b']), 'c', 'Escolha uma das opções'],
    [z.object({ a: z.string() }), {}, 'Campo obrigatório'],
    [z.object({ a: z.number() }), { a: 'x' }, 'Informe um número'],
  ])('words %# without English or validator jargon', (schema, value, expected) => {
    const [m] = messages(schema, value);
    expect(m).toBe(expected);
    expect(m).not.toMatch(/esperava|Grande demais|Pequeno demais|expected|Too (big|small)|Invalid/i);
  });

  it("never replaces a schema's own message", () => {
    expect(messages(z.string().max(2, { error: 'Use a sigla do estado' }), 'SPX')).toEqual([
      'Use a sigla do estado',
    ]);
  });

  it('labels fields for the API answer', () => {
    expect(rotuloDoCampo('url')).toBe('URL');
    expect(rotuloDoCampo('ind_ativo')).toBe('ind_ativo');
  });
});
