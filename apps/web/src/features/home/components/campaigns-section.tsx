import { Suspense } from 'react';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { CampanhaResumo } from '@praca/contract';
import { EmptyState } from '@/components/empty-state';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';
import { useCampanhas } from '../api/get-campanhas';
import { CarouselSkeleton } from './carousel-skeleton';
import { HomeSection } from './home-section';
import { LazyErrorState } from './lazy-error-state';
import { LazyAppCarousel } from './lazy-parts';

const PER_VIEW = { base: 1, from: { 1024: 2 } };

function CampaignCard({ campanha }: { campanha: CampanhaResumo }) {
  return (
    <Paper withBorder radius="md" h="100%" style={{ overflow: 'hidden' }}>
      <img
        src={imageUrl(campanha.banner)}
        alt={`Banner da campanha ${campanha.den_campanha}`}
        loading="lazy"
        width={1024}
        height={400}
        style={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '1024 / 400',
          objectFit: 'cover',
        }}
      />
      <Stack gap={4} p="sm">
        <Text fw={700}>{campanha.den_campanha}</Text>
        <Text size="sm">
          De {formatDate(campanha.validade_ini)} a {formatDate(campanha.validade_fim)}
        </Text>
        {campanha.link.trim() ? (
          <Anchor href={campanha.link} target="_blank" rel="noopener noreferrer" size="sm">
            Saiba mais sobre {campanha.den_campanha}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The 'Campanhas' carousel: banner, description, start and end dates. */
export function CampaignsSection({ codCidade }: { codCidade: number }) {
  const query = useCampanhas(codCidade);
  let content;
  const skeleton = <CarouselSkeleton label="Carregando campanhas…" height={180} />;
  if (query.isPending) content = skeleton;
  else if (query.isError)
    content = (
      <LazyErrorState
        title="Não foi possível carregar as campanhas."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.length === 0) content = <EmptyState>Nenhuma campanha ativa no momento.</EmptyState>;
  else
    content = (
      <Suspense fallback={skeleton}>
        <LazyAppCarousel label="Campanhas" perView={PER_VIEW}>
          {query.data.map((c) => (
            <CampaignCard key={c.id_campanha} campanha={c} />
          ))}
        </LazyAppCarousel>
      </Suspense>
    );
  return <HomeSection title="Campanhas">{content}</HomeSection>;
}
