import { Suspense, useCallback, useState } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { EstabelecimentoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { EmptyState } from '@/components/empty-state';
import { ShopCard } from '@/features/establishments/components/shop-card';
import { paths } from '@/config/paths';
import { lazyWithPreload, OnMount } from '@/lib/lazy-with-preload';
import { useVitrine } from '../api/get-vitrine';
import { CarouselSkeleton } from './carousel-skeleton';
import { HomeSection } from './home-section';
import { LazyErrorState } from './lazy-error-state';
import { LazyAppCarousel } from './lazy-parts';

/** Spec §9: 1 below 768 px, 3 from 768, 4 from 1024 (and from 1920). */
const PER_VIEW = { base: 1, from: { 768: 3, 1024: 4 } };
/** The most cards in view when the page opens: their photos load at once. */
const FIRST_VIEW = 4;

/** The popup (detail, reviews, rating form) is its own chunk, fetched when the list is approached. */
const ShopPopup = lazyWithPreload(() =>
  import('@/features/establishments/components/shop-popup').then((m) => ({ default: m.ShopPopup })),
);

/**
 * The shops carousel: the server's pick of the day (at most 24 shops, already shuffled:
 * decision 042), with the search button to /meu/participantes for the rest of the city.
 * `enabled` false holds the list's request (the home lets the notices popup come first).
 */
export function ShopsSection({ codCidade, enabled = true }: { codCidade: number; enabled?: boolean }) {
  const query = useVitrine(codCidade, enabled);
  const data = query.data;
  const shops = data ?? [];
  const [open, setOpen] = useState<EstabelecimentoPublico | null>(null);
  // Mounted from the first opening on, so it keeps its closing transition and focus return.
  const [popupUsed, setPopupUsed] = useState(false);
  if (open && !popupUsed) setPopupUsed(true);
  const [popupReady, setPopupReady] = useState(false);
  const onPopupMount = useCallback(() => setPopupReady(true), []);

  let content;
  const skeleton = <CarouselSkeleton label="Carregando estabelecimentos…" card />;
  if (query.isError)
    content = (
      <LazyErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (data === undefined) content = skeleton;
  else if (shops.length === 0) content = <EmptyState>Nenhum estabelecimento participante ainda.</EmptyState>;
  else
    content = (
      // Pointer or keyboard on the cards: fetch the popup's code before the click.
      <div onPointerEnter={ShopPopup.preload} onFocus={ShopPopup.preload} onTouchStart={ShopPopup.preload}>
        <Suspense fallback={skeleton}>
          <LazyAppCarousel label="Estabelecimentos participantes" perView={PER_VIEW}>
            {shops.map((shop, i) => (
              <ShopCard
                key={shop.id_estabelecimento}
                shop={shop}
                onOpen={setOpen}
                priority={i < FIRST_VIEW}
              />
            ))}
          </LazyAppCarousel>
        </Suspense>
      </div>
    );

  return (
    <HomeSection
      title="Estabelecimentos"
      action={
        <Button
          component={Link}
          to={paths.meu.participantes}
          variant="light"
          leftSection={<SearchIcon />}
          aria-label="Buscar estabelecimentos"
        >
          Buscar
        </Button>
      }
    >
      {content}
      {popupUsed ? (
        <Suspense fallback={null}>
          <ShopPopup shop={popupReady ? open : null} onClose={() => setOpen(null)} codCidade={codCidade} />
          <OnMount onMount={onPopupMount} />
        </Suspense>
      ) : null}
    </HomeSection>
  );
}
