import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

interface ScrollTableProps {
  /** Name of the scrollable region, read by screen readers. */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing (360 px phones). */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table that scrolls horizontally on narrow screens. The region takes keyboard focus so it
 * can be scrolled without a mouse (axe `scrollable-region-focusable`). It is positioned, so a
 * visually hidden header text (absolutely placed) stays inside it: otherwise it pokes out to
 * the right and a phone zooms the whole page out to show it.
 */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mantine-focus-auto"
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
