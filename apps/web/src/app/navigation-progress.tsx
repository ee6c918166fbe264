import { Progress } from '@mantine/core';

/** The thin bar while a route's code or data loads; its own chunk, loaded on the first navigation. */
export default function NavigationProgress() {
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      aria-label="Carregando a página"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
