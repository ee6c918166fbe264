import { useMemo, useState } from 'react';
import { SimpleGrid, Skeleton, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { ContempladoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { SearchResults } from '@/components/search-results';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useContemplados } from '../api/get-contemplados';
import { WinnerCard } from '../components/winner-card';
import { WinnerPopup } from '../components/winner-popup';
import { filterByText } from '@/lib/search';
import { useSession } from '@/lib/session';

/** Newest draw first. */
const byDraw = (a: ContempladoPublico, b: ContempladoPublico) =>
  b.data_sorteio.localeCompare(a.data_sorteio) || a.nome_sorteado.localeCompare(b.nome_sorteado, 'pt-BR');

/** Lista de sorteados (spec §2): cards filtered by the winner's or the shop's name. */
export function Component() {
  const session = useSession();
  const codCidade = session?.cod_cidade ?? 0;
  const query = useContemplados(codCidade);
  const [busca, setBusca] = useState('');
  const [open, setOpen] = useState<ContempladoPublico | null>(null);
  const sorted = useMemo(() => [...(query.data ?? [])].sort(byDraw), [query.data]);
  const shown = useMemo(
    () => filterByText(sorted, busca, (w) => [w.nome_sorteado, w.nom_estabelecimento]),
    [sorted, busca],
  );

  let content;
  if (codCidade <= 0) {
    content = <EmptyState>Sua conta ainda não tem uma cidade.</EmptyState>;
  } else if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} role="status">
        <VisuallyHidden>Carregando sorteados…</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar os sorteados."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    content = <EmptyState>Nenhum sorteado ainda. Boa sorte nos próximos sorteios!</EmptyState>;
  } else {
    content = (
      <SearchResults
        items={shown}
        count={(n) => (n === 1 ? '1 sorteado' : `${n} sorteados`)}
        notFound="Nenhum sorteado encontrado"
        label="Sorteados"
        getKey={(w) => w.id_sorteado}
        renderItem={(w) => <WinnerCard winner={w} onOpen={setOpen} />}
      />
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Lista de sorteados</PageTitle>
      <TextInput
        label="Buscar por nome"
        description="Nome do sorteado ou do estabelecimento"
        type="search"
        value={busca}
        onChange={(e) => setBusca(e.currentTarget.value)}
        leftSection={<SearchIcon size={16} />}
        maw={480}
        autoComplete="off"
      />
      {content}
      <WinnerPopup winner={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
