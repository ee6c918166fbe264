import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Doacao,
  EntidadeCriada,
  EntidadePublica,
  EscolhaEntidade,
  type DoacaoBody,
  type EntidadeBody,
  type EscolhaEntidadeBody,
  EntidadeAdmin,
  type EntidadeAlteracao,
} from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** The city's social entities and the resident's gifts (issue 40). */
const entidadesKey = ['entidades'] as const;
const doacoesKey = ['usuarios', 'doacoes'] as const;
const escolhaKey = ['usuarios', 'entidade'] as const;

/** GET /v1/entidades?cod_cidade=: public, the same for everyone. */
export function useEntidades(codCidade: number) {
  return useQuery({
    queryKey: [...entidadesKey, codCidade],
    queryFn: async ({ signal }) =>
      parseList(
        EntidadePublica,
        (
          await client.GET('/v1/entidades', {
            params: { query: { cod_cidade: codCidade } },
            auth: 'none',
            signal,
          })
        ).data,
      ),
    enabled: codCidade > 0,
    staleTime: 30_000,
  });
}

/** GET /v1/entidades/minha: what the caller's entity received (404 for anyone else). */
export function useMinhaEntidade() {
  return useQuery({
    queryKey: [...entidadesKey, 'minha'],
    queryFn: async ({ signal }) =>
      EntidadePublica.parse((await client.GET('/v1/entidades/minha', { signal })).data),
    retry: false,
  });
}

/** GET /v1/usuarios/doacoes: the caller's gifts. */
export function useMinhasDoacoes() {
  return useQuery({
    queryKey: doacoesKey,
    queryFn: async ({ signal }) =>
      parseList(Doacao, (await client.GET('/v1/usuarios/doacoes', { signal })).data),
  });
}

/** POST /v1/usuarios/doacoes: gives a campaign's coupons (final). */
export function useDoar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DoacaoBody) =>
      Doacao.parse(
        (await client.POST('/v1/usuarios/doacoes', { body: body as ApiBody<'post', '/v1/usuarios/doacoes'> }))
          .data,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: doacoesKey }),
        queryClient.invalidateQueries({ queryKey: entidadesKey }),
      ]),
  });
}

/** POST /v1/adm/entidades: an admin registers an entity and its account. */
export function useCriarEntidade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EntidadeBody) =>
      EntidadeCriada.parse(
        (await client.POST('/v1/adm/entidades', { body: body as ApiBody<'post', '/v1/adm/entidades'> })).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entidadesKey }),
  });
}

/** GET /v1/usuarios/entidade: the entity the caller chose for the campaigns' share. */
export function useEntidadeEscolhida() {
  return useQuery({
    queryKey: escolhaKey,
    queryFn: async ({ signal }) =>
      EscolhaEntidade.parse((await client.GET('/v1/usuarios/entidade', { signal })).data),
  });
}

/** PUT /v1/usuarios/entidade: chooses an entity (or none) for the coupons to come. */
export function useEscolherEntidade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EscolhaEntidadeBody) =>
      EscolhaEntidade.parse(
        (await client.PUT('/v1/usuarios/entidade', { body: body as ApiBody<'put', '/v1/usuarios/entidade'> }))
          .data,
      ),
    onSuccess: (data) => queryClient.setQueryData(escolhaKey, data),
  });
}

/** GET /v1/adm/entidades?cod_cidade=: the city's entities as its admin edits them. */
export function useEntidadesAdmin(codCidade: number) {
  return useQuery({
    queryKey: [...entidadesKey, 'adm', codCidade],
    queryFn: async ({ signal }) =>
      parseList(
        EntidadeAdmin,
        (await client.GET('/v1/adm/entidades', { params: { query: { cod_cidade: codCidade } }, signal }))
          .data,
      ),
    enabled: codCidade > 0,
  });
}

/** PATCH /v1/adm/entidades/{id}: an admin changes an entity; every list of entities reloads. */
export function useAlterarEntidade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: EntidadeAlteracao }) =>
      EntidadeAdmin.parse(
        (await client.PATCH('/v1/adm/entidades/{id}', { params: { path: { id } }, body })).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entidadesKey }),
  });
}
