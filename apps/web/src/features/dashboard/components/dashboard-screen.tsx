import { lazy, Suspense, useState } from 'react';
import { Box, Button, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_LOJAS_POR_ANO, type DashboardVenda } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useAdminCity } from '@/lib/admin-city';
import { useDashboard } from '../api/get-dashboard';
import { useMoreShopCards } from '../api/get-dashboard-vendas';
import { BANNER_MAX_HEIGHT, DashboardBanner } from './dashboard-banner';
import { ShopSalesCard, StatCards } from './dashboard-cards';
import { adBanners, salesByYear } from './dashboard-data';

const NO_SALES = 'Nenhuma venda registrada ainda';

/** The charts and their library load apart, after the figures (issue 39). */
const DashboardCharts = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

function ChartsFallback() {
  return (
    <Stack gap="sm" role="status">
      <VisuallyHidden>Carregando os gráficos…</VisuallyHidden>
      <Skeleton h={28} w={120} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} h={300} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A year's shop cards: those the dashboard carries (its first 24, highest total first) and, on
 * demand, the next ones a page at a time (a city's 2,000 shops made a 559 kB answer).
 */
function YearCards({ codCidade, ano, vendas }: { codCidade: number; ano: number; vendas: DashboardVenda[] }) {
  const [wanted, setWanted] = useState(false);
  const more = useMoreShopCards(codCidade, ano, DASHBOARD_LOJAS_POR_ANO, wanted);
  const extra = more.data?.pages.flatMap((p) => p.itens) ?? [];
  const total = more.data?.pages[0]?.total;
  const mayHaveMore = total === undefined ? vendas.length >= DASHBOARD_LOJAS_POR_ANO : more.hasNextPage;
  const shownCount = vendas.length + extra.length;
  return (
    <Box component="section" aria-labelledby={`painel-ano-${ano}`}>
      <Title order={3} id={`painel-ano-${ano}`} fz="h4" mb="xs">
        {ano}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
        {[...vendas, ...extra].map((v) => (
          <ShopSalesCard key={v.id_estabelecimento} venda={v} />
        ))}
      </SimpleGrid>
      {more.isError ? (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          Não foi possível carregar mais estabelecimentos.
        </Text>
      ) : null}
      {mayHaveMore ? (
        <Button
          variant="default"
          mt="sm"
          loading={more.isFetching}
          onClick={() => (wanted ? void more.fetchNextPage() : setWanted(true))}
        >
          Mostrar mais estabelecimentos de {ano}
        </Button>
      ) : null}
      {total !== undefined ? (
        <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
          {shownCount} de {total} estabelecimentos
        </Text>
      ) : null}
    </Box>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" role="status">
      <VisuallyHidden>Carregando o painel…</VisuallyHidden>
      <Skeleton mx="auto" h={BANNER_MAX_HEIGHT.top} maw={307} w="100%" />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={84} />
        ))}
      </SimpleGrid>
      <Skeleton h={28} w={120} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={130} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The admin dashboard (spec §2, domain §11) of the admin city: an ad banner, the charts
 * (issue 39), the eight figures, then per year (newest first) a card per shop, and another
 * banner below.
 */
export function DashboardScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const query = useDashboard(codCidade);

  let content;
  if (codCidade <= 0) {
    content = (
      <EmptyState>
        {canChoose
          ? 'Escolha a cidade no topo da página para ver o painel.'
          : 'Sua conta ainda não tem uma cidade.'}
      </EmptyState>
    );
  } else if (query.isPending) {
    content = <DashboardSkeleton />;
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar o painel."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const { estatisticas, campanhas, vendas } = query.data;
    const banners = adBanners(campanhas);
    const years = salesByYear(vendas);
    content = (
      <Stack gap="lg">
        {banners.top ? <DashboardBanner campanha={banners.top} position="top" /> : null}
        <Suspense fallback={<ChartsFallback />}>
          <DashboardCharts codCidade={codCidade} campanhas={campanhas} />
        </Suspense>
        <Box component="section" aria-labelledby="painel-numeros">
          <VisuallyHidden>
            <h2 id="painel-numeros">Números da cidade</h2>
          </VisuallyHidden>
          <StatCards estatisticas={estatisticas} />
        </Box>
        <Box component="section" aria-labelledby="painel-vendas">
          <Title order={2} id="painel-vendas" fz={{ base: 'h3', sm: 'h2' }} mb="sm">
            Vendas por estabelecimento
          </Title>
          {years.length === 0 ? (
            <EmptyState illustration="grafico">{NO_SALES}</EmptyState>
          ) : (
            <Stack gap="lg">
              {years.map(({ ano, vendas: list }) => (
                <YearCards key={ano} codCidade={codCidade} ano={ano} vendas={list} />
              ))}
            </Stack>
          )}
        </Box>
        {banners.bottom ? <DashboardBanner campanha={banners.bottom} position="bottom" /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Dashboard</PageTitle>
      {content}
    </Stack>
  );
}
