import { useEffect, useState } from 'react';
import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { formatCouponCode } from '@praca/contract';
import type { CouponRange } from '../api/get-faixa-sorteio';

/** What the display reads before a draw and after a failed one (spec §2, §4). */
const SORTEANDO = 'SORTEANDO';
/** What it reads while drawing, with the rolling digits under it unless motion is reduced. */
const SORTEANDO_AGORA = 'SORTEANDO…';
/** How often the digits change while drawing. */
export const DRAW_FLICKER_MS = 70;

export type DrawPhase = 'idle' | 'drawing' | 'done';

/**
 * A code of the campaign's real range, at random, for the show only (not the draw): a coupon
 * that exists, never a series the campaign has not reached.
 */
export function randomCouponCode(range: CouponRange, random: () => number = Math.random): string {
  const width = range.max - range.min + 1;
  return formatCouponCode(range.min + Math.min(width - 1, Math.floor(random() * width)));
}

interface DrawDisplayProps {
  phase: DrawPhase;
  /** The drawn coupon's code, shown when the phase is 'done'. */
  codigo?: string;
  /** The campaign's issued coupons; without them (not known yet, none issued) nothing rolls. */
  range?: CouponRange | null;
}

/**
 * The big number display of the draw dialog: 'SORTEANDO' before, 'SORTEANDO…' while the draw
 * runs (spec §2) with codes of the campaign's range rolling under it (not when the person asked
 * for reduced motion, nor while the range is unknown), the drawn coupon after. The text is a polite live region; the rolling digits sit
 * outside it and are hidden from screen readers, which hear 'SORTEANDO…' once and then the
 * coupon.
 */
export function DrawDisplay({ phase, codigo, range }: DrawDisplayProps) {
  const reduced = useReducedMotion(false, { getInitialValueInEffect: false });
  const min = range?.min ?? 0;
  const max = range?.max ?? -1;
  const rolling = phase === 'drawing' && !reduced && max >= min;
  const [digits, setDigits] = useState('');

  useEffect(() => {
    if (!rolling) return;
    const roll = () => setDigits(randomCouponCode({ min, max }));
    roll();
    const timer = window.setInterval(roll, DRAW_FLICKER_MS);
    return () => window.clearInterval(timer);
  }, [rolling, min, max]);

  let content;
  if (phase === 'done' && codigo) {
    content = (
      <>
        <VisuallyHidden>Cupom sorteado: </VisuallyHidden>
        {codigo}
      </>
    );
  } else {
    content = phase === 'drawing' ? SORTEANDO_AGORA : SORTEANDO;
  }
  // A second line under the text: the rolling codes while drawing (hidden from screen readers),
  // kept as a blank line otherwise, so the display never changes height.
  const underline = (
    <Text
      component="span"
      aria-hidden="true"
      display="block"
      ta="center"
      ff="monospace"
      fw={700}
      fz={{ base: 18, xs: 22 }}
      lh={1.3}
      c="dimmed"
      style={{ letterSpacing: '0.06em', fontVariantNumeric: 'tabular-nums' }}
    >
      {rolling && digits ? digits : '\u00a0'}
    </Text>
  );

  return (
    <Paper
      withBorder
      radius="md"
      py="lg"
      px="sm"
      bg={phase === 'done' ? 'praca.0' : 'gray.0'}
      aria-busy={phase === 'drawing'}
    >
      <Text
        role="status"
        aria-live="polite"
        aria-atomic="true"
        ta="center"
        fw={800}
        ff="monospace"
        fz={{ base: 30, xs: 40 }}
        lh={1.2}
        style={{ letterSpacing: '0.06em', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {content}
      </Text>
      {underline}
    </Paper>
  );
}
