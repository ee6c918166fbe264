import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** A friendly empty state ('Nenhuma avaliação pendente'-style). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" bg="gray.0">
      <Text ta="center" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}
