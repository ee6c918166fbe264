import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen arrives in a later delivery. */
export function Component() {
  return <PlaceholderPage title="Aprova Avaliação" />;
}
