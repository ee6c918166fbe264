import { useId, type ReactNode } from 'react';
import { Box, Group, Title } from '@mantine/core';

interface HomeSectionProps {
  title: string;
  /** A button beside the title, e.g. the search button. */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled block of the home page. */
export function HomeSection({ title, action, children }: HomeSectionProps) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="xs" gap="sm" wrap="nowrap">
        <Title order={2} id={id} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Box>
  );
}
