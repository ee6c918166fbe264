import { useMutation } from '@tanstack/react-query';
import {
  MSG,
  onlyDigits,
  RegistroResposta,
  type Cidade,
  type RegistroBody,
  type RegistroFormOutput,
  type Sessao,
} from '@praca/contract';
import { client, ApiError, type ApiBody } from '@/lib/api-client';
import { hashPassword } from '@/lib/hash';
import { setSession } from '@/lib/session';
import { answerOr } from '@/lib/api/answer';

/** The registration fields a server refusal can point at. */
export type RegistroCampo = 'email' | 'cod_cidade' | 'cpf';

/** The server's refusals that name a field (the contract's texts): marked at that field. */
const CAMPO_DA_RECUSA: Readonly<Record<string, RegistroCampo>> = {
  [MSG.emailEmUso]: 'email',
  [MSG.cidadeInvalida]: 'cod_cidade',
  [MSG.cpfEmUso]: 'cpf',
  [MSG.cpfInvalido]: 'cpf',
};

export class RegistroError extends Error {
  /** The field the refusal points at, to mark and focus it. */
  readonly campo: RegistroCampo | undefined;

  constructor(message: string, campo?: RegistroCampo) {
    super(message);
    this.campo = campo;
  }
}

interface RegistroInput {
  form: RegistroFormOutput;
  cidade: Cidade | undefined;
}

/** The request body (spec §3): city and state from the chosen city, the password hashed. */
async function toRegistroBody(form: RegistroFormOutput, cidade: Cidade | undefined): Promise<RegistroBody> {
  return {
    nome: form.nome,
    email: form.email,
    senha: await hashPassword(form.senha),
    whatsup: onlyDigits(form.whatsup),
    endereco: form.endereco,
    numero: form.numero,
    complemento: form.complemento,
    bairro: form.bairro,
    cidade: cidade?.cidade ?? '',
    uf: cidade?.uf ?? '',
    cep: onlyDigits(form.cep),
    cod_cidade: form.cod_cidade,
    ...(form.cpf ? { cpf: form.cpf } : {}),
  };
}

/**
 * POST /v1/usuarios/registro. Status 201 stores the session (spec §4) and returns it; any
 * other answer throws 'Ocorreu um erro no cadastro ' + the server's erro (spec §8), with the
 * field it points at when it names one (the e-mail in use, the city).
 */
async function registrar({ form, cidade }: RegistroInput): Promise<Sessao> {
  const body = await toRegistroBody(form, cidade);
  let status = 0;
  let data: unknown = null;
  try {
    const res = await client.POST('/v1/usuarios/registro', {
      body: body as ApiBody<'post', '/v1/usuarios/registro'>,
      auth: 'none',
    });
    status = res.status;
    data = res.data;
  } catch (error) {
    const erro = error instanceof ApiError ? error.message : '';
    throw new RegistroError(MSG.cadastroErro + erro, CAMPO_DA_RECUSA[erro]);
  }
  const invalid = () => new RegistroError(`${MSG.cadastroErro}resposta inesperada`);
  if (status !== 201) throw invalid();
  const parsed = { data: answerOr(RegistroResposta, data, invalid) };
  const session: Sessao = {
    token: parsed.data.token,
    id_usuario: parsed.data.id_usuario,
    nome: form.nome,
    email: form.email,
    cod_cidade: form.cod_cidade,
    cidade: cidade?.cidade ?? '',
    uf: cidade?.uf ?? '',
    parceiro: false,
    admin: false,
    superadmin: false,
    estabelecimentos: {},
  };
  setSession(session);
  return session;
}

export function useRegistrar() {
  return useMutation({ mutationFn: registrar });
}
