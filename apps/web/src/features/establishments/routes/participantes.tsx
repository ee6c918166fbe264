import { useMemo, useState } from 'react';
import { Box, SimpleGrid, Skeleton, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { EstabelecimentoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useEstabelecimentos } from '@/components/shops/api/get-estabelecimentos';
import { ShopCard } from '@/components/shops/shop-card';
import { ShopPopup } from '@/components/shops/shop-popup';
import { filterByText } from '@/lib/search';
import { useSession } from '@/lib/session';

const byName = (a: EstabelecimentoPublico, b: EstabelecimentoPublico) =>
  a.nome.localeCompare(b.nome, 'pt-BR');

const grid = {
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

/** Participantes (spec §2): the city's shops as cards, filtered by name as you type. */
export function Component() {
  const session = useSession();
  const codCidade = session?.cod_cidade ?? 0;
  const query = useEstabelecimentos(codCidade);
  const [busca, setBusca] = useState('');
  const [open, setOpen] = useState<EstabelecimentoPublico | null>(null);
  const sorted = useMemo(() => [...(query.data ?? [])].sort(byName), [query.data]);
  const shown = useMemo(() => filterByText(sorted, busca, (s) => [s.nome]), [sorted, busca]);

  let content;
  if (codCidade <= 0) {
    content = <EmptyState>Sua conta ainda não tem uma cidade.</EmptyState>;
  } else if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} role="status">
        <VisuallyHidden>Carregando estabelecimentos…</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={200} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    content = <EmptyState>Nenhum estabelecimento participante ainda.</EmptyState>;
  } else {
    content = (
      <>
        <Box role="status">
          {shown.length === 0 ? (
            <EmptyState>Nenhum estabelecimento encontrado</EmptyState>
          ) : (
            <Text size="sm" c="dimmed">
              {shown.length === 1 ? '1 estabelecimento' : `${shown.length} estabelecimentos`}
            </Text>
          )}
        </Box>
        {shown.length > 0 ? (
          <Box component="ul" aria-label="Estabelecimentos participantes" p={0} m={0} style={grid}>
            {shown.map((shop) => (
              <li key={shop.id_estabelecimento}>
                <ShopCard shop={shop} onOpen={setOpen} />
              </li>
            ))}
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Participantes</PageTitle>
      <TextInput
        label="Buscar por nome"
        type="search"
        value={busca}
        onChange={(e) => setBusca(e.currentTarget.value)}
        leftSection={<SearchIcon size={16} />}
        placeholder="Ex.: padaria"
        maw={480}
        autoComplete="off"
      />
      {content}
      <ShopPopup shop={open} onClose={() => setOpen(null)} codCidade={codCidade} />
    </Stack>
  );
}
