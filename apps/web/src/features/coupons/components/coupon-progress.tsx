import { useId } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressLabel, progressPercent } from './progress';

/**
 * The bar toward the next coupon (spec §2, §9): saldo × 100 as a percentage, e.g. '45%',
 * written once, beside the title (issue 35: it was also written inside the bar).
 */
export function CouponProgress({ saldo }: { saldo: number }) {
  const id = useId();
  const pct = progressPercent(saldo);
  const label = progressLabel(saldo);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-end">
        <Text fw={600} id={id}>
          Progresso para o próximo cupom
        </Text>
        <Text fw={700} data-testid="progresso-percentual">
          {label}
        </Text>
      </Group>
      <Progress.Root size={14} radius="xl">
        <Progress.Section value={pct} aria-labelledby={id} />
      </Progress.Root>
    </Stack>
  );
}
