import { Box, Group, Text } from '@mantine/core';
import type { AvaliacoesResposta } from '@praca/contract';
import { starsLabel } from '@/components/stars';
import { ratingDistribution } from './rating-summary';

/** The rating distribution (spec §2): a bar per star count, 5 down to 1, with its share. */
export function RatingBars({ resumo }: { resumo: AvaliacoesResposta['resumo'] }) {
  const rows = ratingDistribution(resumo);
  return (
    <Box
      component="ul"
      aria-label="Distribuição das avaliações"
      p={0}
      m={0}
      style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      {rows.map((row) => (
        <Group component="li" key={row.stars} gap="xs" wrap="nowrap">
          <Text size="sm" w={76} style={{ flex: 'none' }}>
            {starsLabel(row.stars)}
          </Text>
          <Box
            aria-hidden="true"
            h={10}
            bg="gray.2"
            style={{ flex: 1, borderRadius: 5, overflow: 'hidden', minWidth: 40 }}
          >
            <Box h="100%" bg="praca.7" style={{ width: `${row.percent}%` }} />
          </Box>
          <Text size="sm" w={64} ta="right" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
            {row.label}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
