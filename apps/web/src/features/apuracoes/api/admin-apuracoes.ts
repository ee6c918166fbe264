import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  Apuracao,
  ResultadoApuracao,
  type AgendarApuracaoBody,
  type ReagendarApuracaoBody,
} from '@praca/contract';
import { api } from '@/lib/api-client';
import { apuracoesQueryKey, contempladosQueryKeys } from '@/lib/api/query-keys';
import { saveBlob } from '@/lib/download';

/** A new or changed apuração shows in the lists and on its public page. */
const invalidateApuracoes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: apuracoesQueryKey });

/** POST /v1/adm/apuracoes: schedules one, freezing the campaign's tickets now (201). */
async function agendarApuracao(body: AgendarApuracaoBody): Promise<Apuracao> {
  const res = await api.post<unknown>('/v1/adm/apuracoes', body);
  return Apuracao.parse(res.data);
}

export function useAgendarApuracao() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: agendarApuracao, onSuccess: () => invalidateApuracoes(queryClient) });
}

/** PATCH /v1/adm/apuracoes/{id}: moves it to another contest before any result. */
async function reagendarApuracao({
  idApuracao,
  body,
}: {
  idApuracao: number;
  body: ReagendarApuracaoBody;
}): Promise<Apuracao> {
  const res = await api.patch<unknown>(`/v1/adm/apuracoes/${idApuracao}`, body);
  return Apuracao.parse(res.data);
}

export function useReagendarApuracao() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reagendarApuracao, onSuccess: () => invalidateApuracoes(queryClient) });
}

/**
 * POST /v1/adm/apuracoes/{id}/resultado: the contest's five prizes; the server finds the
 * winners by the published rule and records them as contemplados (409 before the contest day
 * or when already decided).
 */
async function lancarResultado({
  idApuracao,
  premios,
}: {
  idApuracao: number;
  premios: string[];
}): Promise<ResultadoApuracao> {
  const res = await api.post<unknown>(`/v1/adm/apuracoes/${idApuracao}/resultado`, { premios });
  return ResultadoApuracao.parse(res.data);
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
  const res = await api.get<Blob>(`/v1/adm/apuracoes/${idApuracao}/ata.pdf`, { as: 'blob' });
  saveBlob(res.data, ataFileName(idApuracao));
}

export function useBaixarAta() {
  return useMutation({ mutationFn: baixarAta });
}
