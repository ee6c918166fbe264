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
      {/* The button keeps its size; when the title leaves no room (a 360 px phone), it moves
          under the title, at the right, instead of being cut. */}
      <Group justify="space-between" align="center" mb="xs" gap="xs" wrap="wrap">
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} miw={0}>
          {title}
        </Title>
        {action ? <Box style={{ flexShrink: 0, marginInlineStart: 'auto' }}>{action}</Box> : null}
      </Group>
      {children}
    </Box>
  );
}
