import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EnvioNotificacao } from '@praca/contract';
import { client } from '@/lib/api-client';

/** The admin's history of notifications, per city. */
export const enviosQueryKey = (codCidade: number) => ['adm', 'notificacoes', codCidade] as const;

/** Polled this often while a fan-out is still sending. */
const POLL_MS = 1500;

/** `GET /v1/adm/notificacoes?cod_cidade=`: the city's latest notifications and their push progress. */
async function getEnvios(codCidade: number): Promise<EnvioNotificacao[]> {
  const res = await client.GET('/v1/adm/notificacoes', { params: { query: { cod_cidade: codCidade } } });
  return z.array(EnvioNotificacao).parse(res.data);
}

const enviosQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: enviosQueryKey(codCidade),
    queryFn: () => getEnvios(codCidade),
    refetchInterval: (q) => (q.state.data?.some((n) => n.pendentes > 0) ? POLL_MS : false),
  });

export const useEnvios = (codCidade: number) => useQuery(enviosQueryOptions(codCidade));
