import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a route's code or the first data loads. */
export function FullPageLoader() {
  return (
    <Center mih="50vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Carregando…</VisuallyHidden>
    </Center>
  );
}
