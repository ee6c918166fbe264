import type { z } from 'zod';
import { MSG } from './messages.js';

/**
 * The Portuguese a person reads when a value breaks a schema's generic rule (a length, a
 * number's range, a format), instead of the validator's own text ('Grande demais: esperava
 * que o texto tivesse <= 500 caracteres'). A schema's own message (`{ error: '…' }`) is
 * never replaced: this only words what the schema left to zod. The web shows it under its
 * field; the API prefixes the field's label (`rotuloDoCampo`).
 */
export function mensagemDoValidador(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MSG.campoObrigatorio;
      return TIPO[issue.expected] ?? 'Valor inválido';
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'invalid_format':
      return FORMATO[issue.format] ?? 'Formato inválido';
    case 'invalid_value':
      return 'Escolha uma das opções';
    case 'not_multiple_of':
      return `Informe um múltiplo de ${String(issue.divisor).replace('.', ',')}`;
    case 'unrecognized_keys':
      return `Campo não reconhecido: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Valor inválido';
    default:
      return undefined;
  }
}

const TIPO: Record<string, string> = {
  string: 'Informe um texto',
  number: 'Informe um número',
  int: 'Informe um número inteiro',
  boolean: 'Informe sim ou não',
  array: 'Informe uma lista',
  object: 'Envie os dados como um objeto',
  date: 'Informe uma data',
};

const FORMATO: Record<string, string> = {
  email: 'Informe um e-mail válido',
  url: 'Informe um endereço (URL) válido',
  date: 'Informe uma data válida',
  datetime: 'Informe uma data e hora válidas',
  time: 'Informe uma hora válida',
  uuid: 'Informe um identificador válido',
};

const numero = (n: number) => n.toLocaleString('pt-BR');

function tooBig(origin: string, max: number, inclusive: boolean): string {
  if (origin === 'string') return `Use no máximo ${numero(max)} ${max === 1 ? 'caractere' : 'caracteres'}`;
  if (origin === 'array' || origin === 'set')
    return `Escolha no máximo ${numero(max)} ${max === 1 ? 'item' : 'itens'}`;
  return inclusive ? `Informe um valor até ${numero(max)}` : `Informe um valor menor que ${numero(max)}`;
}

function tooSmall(origin: string, min: number, inclusive: boolean): string {
  if (origin === 'string')
    return min <= 1 ? MSG.campoObrigatorio : `Use pelo menos ${numero(min)} caracteres`;
  if (origin === 'array' || origin === 'set')
    return min <= 1 ? 'Escolha pelo menos um item' : `Escolha pelo menos ${numero(min)} itens`;
  return inclusive
    ? `Informe um valor a partir de ${numero(min)}`
    : `Informe um valor maior que ${numero(min)}`;
}

/** Field names a person reads in the API's answers ('url' → 'URL'); others keep their name. */
const ROTULOS: Record<string, string> = {
  url: 'URL',
  nome: 'Nome',
  email: 'E-mail',
  senha: 'Senha',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  telefone: 'Telefone',
  celular: 'Celular',
  eventos: 'Eventos',
  descricao: 'Descrição',
  titulo: 'Título',
  valor_venda: 'Valor da venda',
  numero_venda: 'Número da venda',
  data_venda: 'Data da venda',
  cod_cidade: 'Cidade',
  id_estabelecimento: 'Estabelecimento',
  id_campanha: 'Campanha',
};

/** The label of a request field in an answer: 'url' → 'URL'; a field without one, by its name. */
export function rotuloDoCampo(path: string): string {
  return ROTULOS[path] ?? path;
}
