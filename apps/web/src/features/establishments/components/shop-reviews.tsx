import { useEffect, useRef } from 'react';
import {
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvaliacoesResposta } from '@praca/contract';
import { ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { Stars, starsLabel } from '@/components/stars';
import { formatDate } from '@/lib/format';
import { useAvaliacoes } from '../api/get-avaliacoes';

type Item = AvaliacoesResposta['itens'][number];

/** On phones: one card per review, each field with its column's name. */
function ReviewCards({ itens }: { itens: Item[] }) {
  return (
    <Stack
      component="ul"
      aria-label="Avaliações do estabelecimento"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {itens.map((item, i) => (
        <Paper component="li" key={`${item.datahora}-${i}`} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden>Usuário: </VisuallyHidden>
              {item.nomeusuario}
            </Text>
            <Stars value={item.nro_estrelas} size={14} label={starsLabel(item.nro_estrelas)} />
          </Group>
          <Text size="xs" c="dimmed" mb={4}>
            Data: {formatDate(item.datahora)}
          </Text>
          <Text size="sm">
            <VisuallyHidden>Comentário: </VisuallyHidden>
            {item.den_avaliacao}
          </Text>
          {item.den_resposta.trim() ? (
            <Box mt="xs" p="xs" bg="gray.0" style={{ borderRadius: 6 }}>
              <Text size="xs" fw={600}>
                Resposta
              </Text>
              <Text size="sm">{item.den_resposta}</Text>
            </Box>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** The reviews list mode of the shop popup (spec §2): approved reviews, names masked. */
export function ShopReviews({
  idEstabelecimento,
  onBack,
}: {
  idEstabelecimento: number;
  onBack: () => void;
}) {
  const query = useAvaliacoes(idEstabelecimento);
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando avaliações…</VisuallyHidden>
        <Skeleton h={28} />
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Não foi possível carregar as avaliações."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.itens.length === 0) {
    body = <Text c="dimmed">Este estabelecimento ainda não tem avaliações aprovadas.</Text>;
  } else if (phone) {
    body = <ReviewCards itens={query.data.itens} />;
  } else {
    body = (
      // The table fits the popup (issue 35: at 620 px it was wider than the popup and cut
      // Estrelas): the texts wrap, the date and the stars do not. Scrolling stays a safety net.
      <ScrollTable label="Avaliações do estabelecimento" minWidth={0}>
        <Table striped verticalSpacing="xs" horizontalSpacing="xs" layout="auto" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Usuário</Table.Th>
              <Table.Th scope="col">Data</Table.Th>
              <Table.Th scope="col">Comentário</Table.Th>
              <Table.Th scope="col">Resposta</Table.Th>
              <Table.Th scope="col">Estrelas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.itens.map((item, i) => (
              <Table.Tr key={`${item.datahora}-${i}`}>
                <Table.Td style={{ overflowWrap: 'break-word' }}>{item.nomeusuario}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.datahora)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.den_avaliacao}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.den_resposta}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Stars value={item.nro_estrelas} size={14} label={starsLabel(item.nro_estrelas)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );
  }

  return (
    <Stack gap="md">
      <Title order={3} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        Avaliações
      </Title>
      {body}
      <Button variant="default" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        Voltar
      </Button>
    </Stack>
  );
}
