import { useEffect, useState } from 'react';
import { Button, Group, Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/query-states';
import { client } from '@/lib/api-client';

/**
 * GET /v1/contestacoes/{id}/comprovante: the receipt's photo of a complaint (issue 37). Private
 * (it can carry a CPF), so fetched with the session's bearer token rather than linked, and never
 * kept in the cache.
 */
function useComprovante(idContestacao: number) {
  return useQuery({
    queryKey: ['contestacoes', 'comprovante', idContestacao],
    queryFn: async ({ signal }) =>
      (
        await client.blob('/v1/contestacoes/{id_contestacao}/comprovante', {
          params: { path: { id_contestacao: idContestacao } },
          signal,
        })
      ).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The receipt's photo in a dialog, for its resident and the city's admins: shown from a blob
 * URL, which is let go when the dialog closes. `resumo` says which purchase it is; `alt`
 * describes the picture.
 */
export function ComprovanteDialog({
  idContestacao,
  resumo,
  alt,
  onClose,
}: {
  idContestacao: number;
  resumo: string;
  alt: string;
  onClose: () => void;
}) {
  const foto = useComprovante(idContestacao);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!foto.data) return;
    const u = URL.createObjectURL(foto.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [foto.data]);

  let content;
  if (foto.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar a foto do comprovante."
        error={foto.error}
        onRetry={() => void foto.refetch()}
        retrying={foto.isFetching}
      />
    );
  } else if (!url) {
    content = <Skeleton h={320} radius="md" role="status" aria-label="Carregando a foto do comprovante…" />;
  } else {
    content = <Image src={url} alt={alt} fit="contain" mah="70vh" radius="sm" />;
  }
  return (
    <Modal opened onClose={onClose} title="Foto do comprovante" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">{resumo}</Text>
        {content}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
