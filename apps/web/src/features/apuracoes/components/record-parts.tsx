import { useId, type ReactNode } from 'react';
import { Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/**
 * The pieces both public records are drawn with (an apuração, an instant draw): a titled
 * section, label-over-value facts, the hash in full with a copy button, the status badge.
 */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Facts as a description list: two columns from a small tablet on, one on a phone. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A SHA-256 in full: monospace, broken anywhere so it wraps on a phone, and copyable. */
export function HashText({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id={labelId}>
        {label}
      </Text>
      <Text ff="monospace" fz="sm" aria-labelledby={labelId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <Group>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Hash copiado' : 'Copiar hash'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * Contrast (WCAG AA, measured in Chromium): Mantine 9 draws a `light` badge of a colour with a
 * shade ('sol.9') in that shade on that shade (1:1), so a shaded colour is an `outline` here: its
 * text on white is sol 9 10.6:1, red 9 5.5:1 (orange 9, 4.3:1, fails: 'Suspensa' is red).
 */
const STATUS = {
  congelando: { label: 'Congelando', color: 'gray', variant: 'light' },
  agendada: { label: 'Agendada', color: 'sol.9', variant: 'outline' },
  // The ticket file no longer matches its published hash: nothing is decided until restored.
  suspensa: { label: 'Suspensa', color: 'red.9', variant: 'outline' },
  aberto: { label: 'Aberto', color: 'sol.9', variant: 'outline' },
  apurada: { label: 'Apurada', color: 'praca', variant: 'filled' },
  realizado: { label: 'Realizado', color: 'praca', variant: 'filled' },
} as const;

export type StatusRegistro = keyof typeof STATUS;

export function StatusBadge({ status }: { status: StatusRegistro }) {
  const s = STATUS[status];
  return (
    <Badge color={s.color} variant={s.variant}>
      {s.label}
    </Badge>
  );
}

/** 'Sim' / 'Não' of the contract's S/N. */
export const simNao = (v: 'S' | 'N'): string => (v === 'S' ? 'Sim' : 'Não');
