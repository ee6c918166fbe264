import { PlaceholderPage } from '@/components/placeholder-page';

/** Title only (spec §2). */
export function Component() {
  return <PlaceholderPage title="Desconto" children={null} />;
}
