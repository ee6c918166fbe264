import { SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';

/** Placeholder cards while a carousel's list loads. */
export function CarouselSkeleton({ label, height = 220 }: { label: string; height?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, md: 4 }} spacing="sm" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton h={height} radius="md" />
      <Skeleton h={height} radius="md" visibleFrom="sm" />
      <Skeleton h={height} radius="md" visibleFrom="sm" />
      <Skeleton h={height} radius="md" visibleFrom="md" />
    </SimpleGrid>
  );
}
