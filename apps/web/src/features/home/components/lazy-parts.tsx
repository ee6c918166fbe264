import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * The home's carousels (embla, Mantine Carousel) as their own chunk: the home paints its
 * title and skeletons without it, and `preload()` (called when the home module loads) fetches
 * it alongside the lists, which take longer (decision 016).
 */
export const LazyAppCarousel = lazyWithPreload(() =>
  import('@/components/carousel/app-carousel').then((m) => ({ default: m.AppCarousel })),
);

/**
 * 'Sorteados', the last section: it shows nothing until its list is there, so its code (the
 * winner card, the date format) comes as a chunk beside that list, preloaded the same way.
 */
export const LazyWinnersSection = lazyWithPreload(() =>
  import('./winners-section').then((m) => ({ default: m.WinnersSection })),
);

/**
 * The notices popup (Modal, list, DOMPurify): fetched only when there are notices not seen
 * yet — by the index route's loader as soon as the list says so, else when the popup mounts.
 */
export const NoticesDialog = lazyWithPreload(() => import('./notices-dialog'));
