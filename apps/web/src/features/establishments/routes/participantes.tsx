import { useMemo, useState } from 'react';
import { SimpleGrid, Skeleton, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { EstabelecimentoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { SearchResults } from '@/components/search-results';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useEstabelecimentos } from '@/lib/api/get-estabelecimentos';
import { ShopCard } from '../components/shop-card';
import { ShopPopup } from '../components/shop-popup';
import { filterByText } from '@/lib/search';
import { useSession } from '@/lib/session';

const byName = (a: EstabelecimentoPublico, b: EstabelecimentoPublico) =>
  a.nome.localeCompare(b.nome, 'pt-BR');

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
      <SearchResults
        items={shown}
        count={(n) => (n === 1 ? '1 estabelecimento' : `${n} estabelecimentos`)}
        notFound="Nenhum estabelecimento encontrado"
        label="Estabelecimentos participantes"
        getKey={(shop) => shop.id_estabelecimento}
        renderItem={(shop) => <ShopCard shop={shop} onOpen={setOpen} />}
      />
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
