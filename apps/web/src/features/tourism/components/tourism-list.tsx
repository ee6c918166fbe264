import { SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';
import { TOURISM_TYPES } from '@praca/contract/plain';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useTurismo } from '../api/get-turismo';
import { TourismCard } from './tourism-card';

const NO_TOURISM_ITEMS = 'Nenhum item nesta categoria por enquanto';

/** 1 column on phones (360 px), 2 from 576 px, 3 from 992 px. */
const COLS = { base: 1, xs: 2, md: 3 };

/** The cards of one tourism type (one tab) of the consumer's city. */
export function TourismList({ codCidade, tipo }: { codCidade: number; tipo: number }) {
  const query = useTurismo(codCidade, tipo);
  const nome = TOURISM_TYPES[tipo] ?? '';
  if (query.isPending) {
    return (
      <SimpleGrid cols={COLS} role="status">
        <VisuallyHidden>Carregando {nome}…</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar os itens de turismo."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState>{NO_TOURISM_ITEMS}</EmptyState>;
  return (
    <SimpleGrid
      cols={COLS}
      spacing="md"
      component="ul"
      aria-label={nome}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {query.data.map((item) => (
        <li key={item.id_turismo}>
          <TourismCard item={item} />
        </li>
      ))}
    </SimpleGrid>
  );
}
