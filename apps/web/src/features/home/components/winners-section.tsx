import { Suspense, useCallback, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { ContempladoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { useContemplados } from '@/features/winners/api/get-contemplados';
import { WinnerCard } from '@/features/winners/components/winner-card';
import { paths } from '@/config/paths';
import { lazyWithPreload, OnMount } from '@/lib/lazy-with-preload';
import { shuffle } from '@/lib/shuffle';
import { HomeSection } from './home-section';
import { LazyErrorState } from './lazy-error-state';
import { LazyAppCarousel } from './lazy-parts';

/** Spec §9: 4 from 1920 px, 3 from 1024, 2 from 768, 1 below. */
const PER_VIEW = { base: 1, from: { 768: 2, 1024: 3, 1920: 4 } };

/** The popup is its own chunk, fetched when the carousel is approached. */
const WinnerPopup = lazyWithPreload(() =>
  import('@/features/winners/components/winner-popup').then((m) => ({ default: m.WinnerPopup })),
);

/** The 'Sorteados' carousel, shown only when there are winners (spec §2). */
export function WinnersSection({ codCidade }: { codCidade: number }) {
  const query = useContemplados(codCidade);
  const winners = useMemo(() => shuffle(query.data ?? []), [query.data]);
  const [open, setOpen] = useState<ContempladoPublico | null>(null);
  // Mounted from the first opening on, so it keeps its closing transition and focus return.
  const [popupUsed, setPopupUsed] = useState(false);
  if (open && !popupUsed) setPopupUsed(true);
  const [popupReady, setPopupReady] = useState(false);
  const onPopupMount = useCallback(() => setPopupReady(true), []);

  if (query.isPending) return null;
  if (query.isError) {
    return (
      <HomeSection title="Sorteados">
        <LazyErrorState
          title="Não foi possível carregar os sorteados."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </HomeSection>
    );
  }
  if (winners.length === 0) return null;

  return (
    <HomeSection
      title="Sorteados"
      action={
        <Button
          component={Link}
          to={paths.meu.sorteados}
          variant="light"
          leftSection={<SearchIcon />}
          aria-label="Buscar sorteados"
        >
          Buscar
        </Button>
      }
    >
      <div
        onPointerEnter={WinnerPopup.preload}
        onFocus={WinnerPopup.preload}
        onTouchStart={WinnerPopup.preload}
      >
        <Suspense fallback={null}>
          <LazyAppCarousel label="Sorteados" perView={PER_VIEW}>
            {winners.map((w) => (
              <WinnerCard key={w.id_sorteado} winner={w} onOpen={setOpen} />
            ))}
          </LazyAppCarousel>
        </Suspense>
      </div>
      {popupUsed ? (
        <Suspense fallback={null}>
          <WinnerPopup winner={popupReady ? open : null} onClose={() => setOpen(null)} />
          <OnMount onMount={onPopupMount} />
        </Suspense>
      ) : null}
    </HomeSection>
  );
}
