import { Group, Text } from '@mantine/core';

/** The programme's mark: a little square with a lamp post, and its name. */
function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b7a57" />
      <path d="M18 46V24l14-8 14 8v22" fill="none" stroke="#fff" strokeWidth="5" strokeLinejoin="round" />
      <circle cx="32" cy="36" r="6" fill="#ffd43b" />
    </svg>
  );
}

export function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark />
      <Text component="span" fw={800} fz="xl" c="praca.8" lh={1}>
        Praça
      </Text>
    </Group>
  );
}
