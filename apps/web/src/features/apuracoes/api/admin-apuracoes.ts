import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AgendamentoApuracao,
  Apuracao,
  ProximoConcurso,
  ResultadoApuracao,
  ResultadoPendente,
  type AgendarApuracaoBody,
  type ConcursoNaoRealizadoBody,
  type PublicacaoBody,
  type ReagendarApuracaoBody,
} from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { apuracoesQueryKey, contempladosQueryKeys } from '@/lib/api/query-keys';
import { saveBlob } from '@/lib/download';

/** A new or changed apuração shows in the lists and on its public page. */
const invalidateApuracoes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: apuracoesQueryKey });

/** An apuração changed by a call: the lists and its public record reload. */
function useApuracaoChange<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateApuracoes(queryClient) });
}

/**
 * POST /v1/adm/apuracoes: schedules one, freezing the campaign's tickets now (201, or 202
 * while the file is still being written); the answer says how many complaints on the
 * campaign are still open.
 */
async function agendarApuracao(body: AgendarApuracaoBody): Promise<AgendamentoApuracao> {
  const res = await client.POST('/v1/adm/apuracoes', { body: body as ApiBody<'post', '/v1/adm/apuracoes'> });
  return AgendamentoApuracao.parse(res.data);
}

export const useAgendarApuracao = () => useApuracaoChange(agendarApuracao);

/** PATCH /v1/adm/apuracoes/{id}: moves it to another contest, with a reason, until the deadline. */
async function reagendarApuracao({
  idApuracao,
  body,
}: {
  idApuracao: number;
  body: ReagendarApuracaoBody;
}): Promise<Apuracao> {
  const res = await client.PATCH('/v1/adm/apuracoes/{id_apuracao}', {
    params: { path: { id_apuracao: idApuracao } },
    body: body as ApiBody<'patch', '/v1/adm/apuracoes/{id_apuracao}'>,
  });
  return Apuracao.parse(res.data);
}

export const useReagendarApuracao = () => useApuracaoChange(reagendarApuracao);

/**
 * POST /v1/adm/apuracoes/{id}/concurso-nao-realizado: Caixa did not hold the contest; the
 * server moves the apuração to the next contest of the calendar.
 */
async function concursoNaoRealizado({
  idApuracao,
  body,
}: {
  idApuracao: number;
  body: ConcursoNaoRealizadoBody;
}): Promise<Apuracao> {
  const res = await client.POST('/v1/adm/apuracoes/{id_apuracao}/concurso-nao-realizado', {
    params: { path: { id_apuracao: idApuracao } },
    body,
  });
  return Apuracao.parse(res.data);
}

export const useConcursoNaoRealizado = () => useApuracaoChange(concursoNaoRealizado);

/** POST /v1/adm/apuracoes/{id}/publicacoes: where and when the edital came out (201). */
async function registrarPublicacao({
  idApuracao,
  body,
}: {
  idApuracao: number;
  body: PublicacaoBody;
}): Promise<Apuracao> {
  const res = await client.POST('/v1/adm/apuracoes/{id_apuracao}/publicacoes', {
    params: { path: { id_apuracao: idApuracao } },
    body,
  });
  return Apuracao.parse(res.data);
}

export const useRegistrarPublicacao = () => useApuracaoChange(registrarPublicacao);

/**
 * What entering a result gave: the first person's entry waits for a second (202, nothing
 * published), the second person's same prizes publish the winners (200).
 */
export type LancamentoResultado =
  { tipo: 'pendente'; pendente: ResultadoPendente } | { tipo: 'resultado'; resultado: ResultadoApuracao };

/**
 * POST /v1/adm/apuracoes/{id}/resultado: the contest's five prizes (and, for substitutes
 * waiting on a later contest, that contest's number). 409 before the contest's instant, for
 * the same person confirming, or when the two entries differ (both discarded).
 */
async function lancarResultado({
  idApuracao,
  premios,
  concurso,
}: {
  idApuracao: number;
  premios: string[];
  concurso?: number;
}): Promise<LancamentoResultado> {
  const res = await client.POST('/v1/adm/apuracoes/{id_apuracao}/resultado', {
    params: { path: { id_apuracao: idApuracao } },
    body: {
      premios,
      ...(concurso === undefined ? {} : { concurso }),
    },
  });
  return res.status === 202
    ? { tipo: 'pendente', pendente: ResultadoPendente.parse(res.data) }
    : { tipo: 'resultado', resultado: ResultadoApuracao.parse(res.data) };
}

export function useLancarResultado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lancarResultado,
    onSuccess: () =>
      Promise.all([
        invalidateApuracoes(queryClient),
        ...contempladosQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}

/** The ata's file name: `ata-apuracao-<id>.pdf`. */
const ataFileName = (idApuracao: number) => `ata-apuracao-${idApuracao}.pdf`;

/** GET /v1/adm/apuracoes/{id}/ata.pdf with the session's bearer, saved as a download. */
async function baixarAta(idApuracao: number): Promise<void> {
  const res = await client.blob('/v1/adm/apuracoes/{id_apuracao}/ata.pdf', {
    params: { path: { id_apuracao: idApuracao } },
  });
  saveBlob(res.data, ataFileName(idApuracao));
}

export function useBaixarAta() {
  return useMutation({ mutationFn: baixarAta });
}

/** GET /v1/adm/apuracoes/proximo-concurso: the first contest that may be scheduled now. */
async function getProximoConcurso(signal?: AbortSignal): Promise<ProximoConcurso> {
  const res = await client.GET('/v1/adm/apuracoes/proximo-concurso', { signal });
  return ProximoConcurso.parse(res.data);
}

/** The schedule dialog starts from it (none when the calendar is not configured: 409). */
export function useProximoConcurso() {
  return useQuery({
    queryKey: [...apuracoesQueryKey, 'proximo-concurso'],
    queryFn: ({ signal }) => getProximoConcurso(signal),
    staleTime: 60_000,
    retry: false,
  });
}
