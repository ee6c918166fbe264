import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { PageTitle } from './page-title';

interface PlaceholderPageProps {
  title: string;
  /** Extra text under the title; by default a short "coming soon" note. `null` shows the title only. */
  children?: ReactNode;
}

/** A titled page whose content arrives in a later delivery. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <Stack gap="sm">
      <PageTitle>{title}</PageTitle>
      {children === undefined ? <Text c="dimmed">Esta tela estará disponível em breve.</Text> : children}
    </Stack>
  );
}
