import type { CSSProperties } from 'react';
import classes from './celebration.module.css';

const COLOURS = ['#ffc533', '#0b7a57', '#4fb58d', '#ff8a3d', '#f0a202', '#76c6a7'];

/** Where each piece flies: spread around the centre, some higher, some lower. */
const PIECES = Array.from({ length: 18 }, (_, i) => {
  const angle = (i / 18) * Math.PI * 2;
  const reach = 90 + (i % 4) * 30;
  return {
    '--x': `${Math.round(Math.cos(angle) * reach * 1.6)}px`,
    '--y': `${Math.round(Math.sin(angle) * reach - 30)}px`,
    '--r': `${(i % 2 ? 1 : -1) * (200 + i * 25)}deg`,
    '--d': `${(i % 3) * 0.06}s`,
    background: COLOURS[i % COLOURS.length],
  } as CSSProperties;
});

/**
 * A one-off burst of confetti over its parent (which must be `position: relative`), for the
 * moment a coupon is completed. Decorative: hidden from screen readers, which hear the text.
 */
export function Celebration() {
  return (
    <div className={classes.burst} aria-hidden="true" data-testid="celebration">
      {PIECES.map((style, i) => (
        <span key={i} className={classes.piece} style={style} />
      ))}
    </div>
  );
}
