import { useId } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressLabel, progressPercent } from './progress';

/** The bar toward the next coupon (spec §2, §9): saldo × 100 as a percentage, e.g. '45%'. */
export function CouponProgress({ saldo }: { saldo: number }) {
  const id = useId();
  const pct = progressPercent(saldo);
  const label = progressLabel(saldo);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} id={id}>
          Progresso para o próximo cupom
        </Text>
        <Text fw={700} data-testid="progresso-percentual">
          {label}
        </Text>
      </Group>
      <Progress.Root size={22} radius="xl">
        <Progress.Section value={pct} aria-labelledby={id}>
          {pct >= 12 ? <Progress.Label>{label}</Progress.Label> : null}
        </Progress.Section>
      </Progress.Root>
    </Stack>
  );
}
