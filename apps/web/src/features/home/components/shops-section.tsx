import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { EstabelecimentoPublico } from '@praca/contract';
import { AppCarousel } from '@/components/carousel/app-carousel';
import { SearchIcon } from '@/components/icons';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useEstabelecimentos } from '@/components/shops/api/get-estabelecimentos';
import { ShopCard } from '@/components/shops/shop-card';
import { ShopPopup } from '@/components/shops/shop-popup';
import { paths } from '@/config/paths';
import { shuffle } from '@/lib/shuffle';
import { CarouselSkeleton } from './carousel-skeleton';
import { HomeSection } from './home-section';

/** Spec §9: 1 below 768 px, 3 from 768, 4 from 1024 (and from 1920). */
const PER_VIEW = { base: 1, from: { 768: 3, 1024: 4 } };

/** The shops carousel, shuffled client-side, with the search button to /meu/participantes. */
export function ShopsSection({ codCidade }: { codCidade: number }) {
  const query = useEstabelecimentos(codCidade);
  const shops = useMemo(() => shuffle(query.data ?? []), [query.data]);
  const [open, setOpen] = useState<EstabelecimentoPublico | null>(null);

  let content;
  if (query.isPending) content = <CarouselSkeleton label="Carregando estabelecimentos…" />;
  else if (query.isError)
    content = (
      <ErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (shops.length === 0) content = <EmptyState>Nenhum estabelecimento participante ainda.</EmptyState>;
  else
    content = (
      <AppCarousel label="Estabelecimentos participantes" perView={PER_VIEW}>
        {shops.map((shop) => (
          <ShopCard key={shop.id_estabelecimento} shop={shop} onOpen={setOpen} />
        ))}
      </AppCarousel>
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
      <ShopPopup shop={open} onClose={() => setOpen(null)} codCidade={codCidade} />
    </HomeSection>
  );
}
