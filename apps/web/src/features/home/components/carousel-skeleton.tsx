import { Box, Skeleton, VisuallyHidden } from '@mantine/core';
import classes from './carousel-skeleton.module.css';

interface CarouselSkeletonProps {
  label: string;
  height?: number;
  /**
   * Shaped like the shop cards (a 2:1 photo over the name and two numbers, in a 1 px border)
   * and followed by the carousel's button row (4 + 34 px), so the loaded carousel takes the
   * same room and nothing below moves.
   */
  card?: boolean;
}

/** Placeholder cards while a carousel's list loads. */
export function CarouselSkeleton({ label, height = 220, card = false }: CarouselSkeletonProps) {
  const item = (visibleFrom?: 'sm' | 'md') =>
    card ? (
      <Box p={4} visibleFrom={visibleFrom}>
        <Skeleton radius="md" className={classes.card} />
      </Box>
    ) : (
      <Skeleton h={height} radius="md" visibleFrom={visibleFrom} />
    );
  return (
    <Box role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <div className={card ? `${classes.grid} ${classes.cards}` : classes.grid}>
        {item()}
        {item('sm')}
        {item('sm')}
        {item('md')}
      </div>
      {card ? <Box h={38} /> : null}
    </Box>
  );
}
