import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  MSG_CONTA,
  PerfilUsuario,
  type PerfilBody,
  type SolicitaRemocaoBody,
  type TrocaSenhaBody,
} from '@praca/contract';
import { client, ApiError, NETWORK_ERROR, statusText } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { hashPassword } from '@/lib/hash';
import { getSession, setSession } from '@/lib/session';
import { answerOr } from '@/lib/api/answer';

/** GET /v1/usuarios/{userId}: a list whose first item is the profile (spec §7). */
async function getPerfil(id: number, signal?: AbortSignal): Promise<PerfilUsuario> {
  const res = await client.GET('/v1/usuarios/{userId}', { params: { path: { userId: id } }, signal });
  const first: unknown = Array.isArray(res.data) ? res.data[0] : res.data;
  return answerOr(
    PerfilUsuario,
    first,
    () => new ApiError(res.status, res.data, 'Resposta inesperada do servidor'),
  );
}

export const perfilQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['usuarios', 'perfil', id],
    queryFn: ({ signal }) => getPerfil(id, signal),
    retry: false,
  });

export function usePerfil(id: number) {
  return useQuery({ ...perfilQueryOptions(id), enabled: id > 0 });
}

/** The failure text of an account call: the server's `erro`, or the network note. */
export function accountError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR : error.message || fallback;
  return fallback;
}

/** PATCH /v1/usuarios: 200 saved (spec §7); the phone as digits. */
async function salvarPerfil(body: PerfilBody): Promise<void> {
  const res = await client.PATCH('/v1/usuarios', { body });
  if (res.status !== 200) throw new ApiError(res.status, res.data, `Erro ${res.status}`);
}

export function useSalvarPerfil() {
  return useMutation({ mutationFn: salvarPerfil });
}

/** The field a refusal of the password change points at: a wrong current password. */
export type TrocaSenhaCampo = 'senha';

export class TrocaSenhaError extends Error {
  /** The field to mark and focus, when the refusal names one. */
  readonly campo: TrocaSenhaCampo | undefined;

  constructor(message: string, campo?: TrocaSenhaCampo) {
    super(message);
    this.campo = campo;
  }
}

/**
 * The failure text of spec §8, 'Ocorreu um erro no cadastro {status text}' with the status text
 * in Portuguese, followed by the server's `erro` when it sent one (e.g. the current password
 * is wrong), which says what to do.
 */
function trocaSenhaError(error: unknown): TrocaSenhaError {
  if (!(error instanceof ApiError) || error.status === 0) {
    return new TrocaSenhaError(`${MSG_CONTA.erroCadastro}${NETWORK_ERROR}`);
  }
  const data = error.data as { erro?: unknown } | null;
  const erro = typeof data?.erro === 'string' && data.erro.trim() ? data.erro.trim() : '';
  const text = `${MSG_CONTA.erroCadastro}${statusText(error.status)}${erro ? ` — ${erro}` : ''}`;
  return new TrocaSenhaError(text, erro === MSG_CONTA.senhaAtualErrada ? 'senha' : undefined);
}

interface TrocaSenhaInput {
  email: string;
  senha: string;
  novasenha: string;
}

/**
 * POST /v1/adm/usuarios/trocasenha with both passwords hashed; 200 is success (spec §7). The
 * change ends every session, this one too (domain §3): the answer's new token takes its place.
 */
async function trocarSenha(input: TrocaSenhaInput): Promise<void> {
  const body: TrocaSenhaBody = {
    email: input.email,
    senha: await hashPassword(input.senha),
    novasenha: await hashPassword(input.novasenha),
  };
  let res: { status: number; data: unknown };
  try {
    res = await client.POST('/v1/adm/usuarios/trocasenha', { body });
  } catch (error) {
    throw trocaSenhaError(error);
  }
  if (res.status !== 200) {
    throw new TrocaSenhaError(`${MSG_CONTA.erroCadastro}${statusText(res.status)}`);
  }
  const token = (res.data as { token?: unknown } | null)?.token;
  const session = getSession();
  if (session && typeof token === 'string' && token) setSession({ ...session, token });
}

export function useTrocarSenha() {
  return useMutation({ mutationFn: trocarSenha });
}

/** POST /v1/usuarios/solicitaremocao with the session's e-mail; 201 means the e-mail went out. */
async function solicitarRemocao(email: string): Promise<void> {
  const body: SolicitaRemocaoBody = { email };
  const res = await client.POST('/v1/usuarios/solicitaremocao', { body });
  if (res.status !== 201) throw new ApiError(res.status, res.data, MSG_CONTA.remocaoFalhou);
}

export function useSolicitarRemocao() {
  return useMutation({ mutationFn: solicitarRemocao });
}

export const MEUS_DADOS_FILE = 'meus-dados-praca.json';

/**
 * GET /v1/usuarios/meusdados (LGPD art. 18) and hand it to the browser as
 * meus-dados-praca.json (lib/download.ts).
 */
async function baixarMeusDados(): Promise<void> {
  const res = await client.GET('/v1/usuarios/meusdados');
  const text = typeof res.data === 'string' ? res.data : JSON.stringify(res.data, null, 2);
  saveBlob(new Blob([text], { type: 'application/json' }), MEUS_DADOS_FILE);
}

export function useBaixarMeusDados() {
  return useMutation({ mutationFn: baixarMeusDados });
}
