import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

/** Which little drawing heads the message; `sacola` (a shopping bag) unless told. */
export type EmptyIllustration = 'sacola' | 'cupom' | 'lupa' | 'sino' | 'grafico';

const G = '#0b7a57'; // praca 7
const G0 = '#e8f7f1'; // praca 0
const G2 = '#a6dac6'; // praca 2
const S = '#ffc533'; // sol 4

/** What each drawing shows, on a 96 × 72 canvas: simple shapes in the brand colours. */
const DRAWINGS: Record<EmptyIllustration, ReactNode> = {
  sacola: (
    <>
      <path d="M30 28h36l-3 32H33z" fill={G0} stroke={G} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M40 30v-6a8 8 0 0 1 16 0v6" fill="none" stroke={G} strokeWidth="2.5" strokeLinecap="round" />
      <path d="M41 44q7 5 14 0" fill="none" stroke={G} strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  cupom: (
    <>
      <path
        d="M22 24h52v8a6 6 0 0 0 0 12v8H22v-8a6 6 0 0 0 0-12z"
        fill={G0}
        stroke={G}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M58 26v26" stroke={G2} strokeWidth="2.5" strokeDasharray="3 4" />
      <path d="m40 31 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" fill={S} />
    </>
  ),
  lupa: (
    <>
      <circle cx="44" cy="34" r="14" fill={G0} stroke={G} strokeWidth="2.5" />
      <path d="m54 44 12 12" stroke={G} strokeWidth="4" strokeLinecap="round" />
      <path d="M38 30a7 7 0 0 1 7-4" fill="none" stroke={G2} strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  sino: (
    <>
      <path
        d="M34 48V36a14 14 0 0 1 28 0v12l4 5H30z"
        fill={G0}
        stroke={G}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M43 57a5 5 0 0 0 10 0" fill="none" stroke={G} strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="60" cy="24" r="5" fill={S} />
    </>
  ),
  grafico: (
    <>
      <rect x="28" y="40" width="9" height="16" rx="2" fill={G2} />
      <rect x="43" y="30" width="9" height="26" rx="2" fill={G0} stroke={G} strokeWidth="2.5" />
      <rect x="58" y="20" width="9" height="36" rx="2" fill={S} />
    </>
  ),
};

function Drawing({ kind }: { kind: EmptyIllustration }) {
  return (
    <svg width={96} height={72} viewBox="0 0 96 72" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="62" rx="30" ry="4" fill="#dfe7e3" />
      <circle cx="20" cy="18" r="3" fill={S} />
      <circle cx="80" cy="30" r="2.5" fill={G2} />
      <path d="M74 12v6M71 15h6" stroke={S} strokeWidth="2" strokeLinecap="round" />
      {DRAWINGS[kind]}
    </svg>
  );
}

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
        <Drawing kind={illustration} />
        <Text ta="center" c="dimmed" maw={480}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
