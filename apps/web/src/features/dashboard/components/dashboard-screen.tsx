import { Box, SimpleGrid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useAdminCity } from '@/lib/admin-city';
import { useDashboard } from '../api/get-dashboard';
import { BANNER_MAX_HEIGHT, DashboardBanner } from './dashboard-banner';
import { ShopSalesCard, StatCards } from './dashboard-cards';
import { adBanners, salesByYear } from './dashboard-data';

const NO_SALES = 'Nenhuma venda registrada ainda';

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
 * The admin dashboard (spec §2, domain §11) of the admin city: an ad banner, the eight
 * figures, then per year (newest first) a card per shop, and another banner below.
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
                <Box component="section" key={ano} aria-labelledby={`painel-ano-${ano}`}>
                  <Title order={3} id={`painel-ano-${ano}`} fz="h4" mb="xs">
                    {ano}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
                    {list.map((v) => (
                      <ShopSalesCard key={v.id_estabelecimento} venda={v} />
                    ))}
                  </SimpleGrid>
                </Box>
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
