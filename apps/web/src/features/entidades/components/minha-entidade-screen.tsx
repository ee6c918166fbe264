import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { useMinhaEntidade } from '@/lib/api/entidades';
import { EntidadeCard } from './entidade-card';

/** /meu/entidade (issue 40): an entity's account sees the coupons it received and its prizes. */
export function MinhaEntidadeScreen() {
  const query = useMinhaEntidade();
  let content;
  if (query.isPending) {
    content = (
      <Stack role="status">
        <VisuallyHidden>Carregando sua entidade…</VisuallyHidden>
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  } else if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    content = (
      <EmptyState>
        Esta conta não é de uma entidade social. Entidades são cadastradas pela administração do programa.
      </EmptyState>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar sua entidade."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    content = <EntidadeCard entidade={query.data} titulo="h2" />;
  }
  return (
    <Stack gap="lg">
      <PageTitle>Minha entidade</PageTitle>
      {content}
    </Stack>
  );
}
