import type { ReactNode } from 'react';
import { Box, Group, Title } from '@mantine/core';

interface HomeSectionProps {
  title: string;
  /** A button beside the title, e.g. the search button. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A titled block of the home page. Not a named region itself: the carousel inside is the
 * region, named after what it shows.
 */
export function HomeSection({ title, action, children }: HomeSectionProps) {
  return (
    <Box component="section">
      <Group justify="space-between" align="center" mb="xs" gap="sm" wrap="nowrap">
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Box>
  );
}
