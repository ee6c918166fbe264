import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import classes from './stars.module.css';

/** Star scale of spec §9. */
const STAR_COUNT = 5;

/** Amber with 3:1 contrast on white for the filled star; the empty one is outlined in gray. */
const FILLED = '#e67700';
const EMPTY_STROKE = '#868e96';

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

function StarSvg({ size, filled }: { size: number; filled: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={STAR_PATH}
        fill={filled ? FILLED : 'none'}
        stroke={filled ? FILLED : EMPTY_STROKE}
        strokeWidth={1.6}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One star filled by `fraction` (0, 0.5 or 1). */
function StarGlyph({ size, fraction }: { size: number; fraction: number }) {
  return (
    <span className={classes.glyph} style={{ width: size, height: size }}>
      <StarSvg size={size} filled={false} />
      {fraction > 0 ? (
        <span className={classes.fill} style={{ width: `${fraction * 100}%` }}>
          <StarSvg size={size} filled />
        </span>
      ) : null}
    </span>
  );
}

/** '1 estrela', '2 estrelas'… */
export const starsLabel = (n: number): string => (n === 1 ? '1 estrela' : `${n} estrelas`);

/** The average as people read it: '4,5' (one decimal). */
export const formatRating = (value: number): string => formatNumber(value, 1);

interface StarsProps {
  /** 0 to 5; shown rounded to the nearest half star. */
  value: number;
  size?: number;
  /** Read by screen readers; by default 'Nota 4,5 de 5'. */
  label?: string;
  /** Hidden from screen readers, when the text beside it already says the same. */
  decorative?: boolean;
}

/** Read-only stars with half stars, one image for screen readers. */
export function Stars({ value, size = 18, label, decorative = false }: StarsProps) {
  const rounded = Math.round(Math.min(Math.max(value, 0), STAR_COUNT) * 2) / 2;
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': label ?? `Nota ${formatRating(value)} de ${STAR_COUNT}` };
  return (
    <Box component="span" {...a11y} style={{ display: 'inline-flex', gap: 2, verticalAlign: 'middle' }}>
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <StarGlyph key={i} size={size} fraction={Math.min(Math.max(rounded - i, 0), 1)} />
      ))}
    </Box>
  );
}

interface StarsInputProps {
  /** 0 until a star is chosen. */
  value: number;
  onChange: (value: number) => void;
  /** The visible label of the group. */
  label: string;
  /** id of an element describing an error, when there is one. */
  errorId?: string;
  /** The star that takes the keyboard (the chosen one, else the first): focused on a refusal. */
  inputRef?: (el: HTMLButtonElement | null) => void;
  size?: number;
}

/**
 * Five clickable stars (spec §2 rating form) as a radio group: Tab reaches the group, the
 * arrow keys, Home and End move and choose, Space or Enter chooses the focused star.
 */
export function StarsInput({ value, onChange, label, errorId, inputRef, size = 30 }: StarsInputProps) {
  const labelId = useId();
  const [hover, setHover] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const shown = hover || value;
  const tabStop = value || 1;

  const choose = (n: number) => {
    const next = Math.min(Math.max(n, 1), STAR_COUNT);
    onChange(next);
    refs.current[next - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const moves: Record<string, number> = {
      ArrowRight: n + 1,
      ArrowUp: n + 1,
      ArrowLeft: n - 1,
      ArrowDown: n - 1,
      Home: 1,
      End: STAR_COUNT,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };

  return (
    <div>
      <Text id={labelId} component="span" fw={500} size="sm" display="block" mb={4}>
        {label}
      </Text>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        className={classes.input}
        onMouseLeave={() => setHover(0)}
      >
        {Array.from({ length: STAR_COUNT }, (_, i) => {
          const n = i + 1;
          return (
            <UnstyledButton
              key={n}
              ref={(el) => {
                refs.current[i] = el;
                if (n === tabStop) inputRef?.(el);
              }}
              role="radio"
              aria-checked={value === n}
              aria-label={starsLabel(n)}
              tabIndex={n === tabStop ? 0 : -1}
              className={classes.star}
              onClick={() => choose(n)}
              onKeyDown={(e) => onKeyDown(e, n)}
              onMouseEnter={() => setHover(n)}
            >
              <StarSvg size={size} filled={n <= shown} />
            </UnstyledButton>
          );
        })}
      </div>
      <Text size="xs" c="dimmed" aria-hidden="true">
        {value ? `${starsLabel(value)} de ${STAR_COUNT}` : 'Nenhuma estrela escolhida'}
      </Text>
    </div>
  );
}
