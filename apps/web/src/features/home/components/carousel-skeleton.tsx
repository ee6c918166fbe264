import { Box, Skeleton, VisuallyHidden } from '@mantine/core';
import classes from './carousel-skeleton.module.css';

interface CarouselSkeletonProps {
  label: string;
  height?: number;
  /**
   * Shaped like the card buttons (a 2:1 photo over the name and numbers) and followed by the
   * carousel's button row, so the loaded carousel takes the same room and nothing below moves.
   */
  card?: boolean;
}

/** Placeholder cards while a carousel's list loads. */
export function CarouselSkeleton({ label, height = 220, card = false }: CarouselSkeletonProps) {
  const item = (visibleFrom?: 'sm' | 'md') =>
    card ? (
      <Box p={4} visibleFrom={visibleFrom}>
        <Skeleton radius="md" style={{ aspectRatio: '2 / 1', height: 'auto' }} />
        <Skeleton h={95} mt={2} radius="md" />
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
      {card ? <Box h={46} /> : null}
    </Box>
  );
}
