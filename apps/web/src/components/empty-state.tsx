import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import cupom from '@/assets/empty/cupom.svg?no-inline';
import grafico from '@/assets/empty/grafico.svg?no-inline';
import lupa from '@/assets/empty/lupa.svg?no-inline';
import sacola from '@/assets/empty/sacola.svg?no-inline';
import sino from '@/assets/empty/sino.svg?no-inline';

/**
 * The little drawings (assets/empty/, 96 × 72, the brand's green and marigold): files of their
 * own, fetched only when an empty state shows, so the home's JavaScript does not carry them.
 */
const DRAWINGS = { sacola, cupom, lupa, sino, grafico } as const;

/** Which drawing heads the message; `sacola` (a shopping bag) unless told. */
export type EmptyIllustration = keyof typeof DRAWINGS;

/** A friendly empty state ('Nenhuma avaliação pendente'-style): a little drawing and the message. */
export function EmptyState({
  children,
  illustration = 'sacola',
}: {
  children: ReactNode;
  illustration?: EmptyIllustration;
}) {
  return (
    <Paper withBorder p="lg" radius="lg" bg="white" data-testid="empty-state">
      <Stack align="center" gap="xs">
        <img src={DRAWINGS[illustration]} alt="" width={96} height={72} data-illustration={illustration} />
        <Text ta="center" c="dimmed" maw={480}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
