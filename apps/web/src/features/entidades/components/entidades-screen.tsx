import { Anchor, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PublicCitySelect } from '@/components/public-city-select';
import { EmptyState, ErrorState } from '@/components/query-states';
import { DOAR_CUPONS_ANCHOR, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { usePublicCity } from '@/lib/use-public-city';
import { useEntidades } from '@/lib/api/entidades';
import { EntidadeCard } from './entidade-card';

/**
 * /entidades (issue 40), public: the city's social entities, how many coupons each received per
 * campaign and what it won. A resident gives coupons in 'Minhas conquistas'.
 */
export function EntidadesScreen() {
  const session = useSession();
  const [codCidade, setCodCidade] = usePublicCity();
  const query = useEntidades(codCidade);

  let content;
  if (codCidade <= 0) {
    content = <EmptyState>Escolha a cidade para ver as entidades.</EmptyState>;
  } else if (query.isPending) {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando entidades…</VisuallyHidden>
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar as entidades."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <EmptyState>Esta cidade ainda não tem entidades sociais cadastradas.</EmptyState>;
  } else {
    content = (
      <Stack gap="md">
        {query.data.map((e) => (
          <EntidadeCard key={e.id_entidade} entidade={e} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>Entidades sociais</PageTitle>
      <Text>
        Moradores podem doar seus cupons a uma entidade social da cidade: a entidade participa dos sorteios
        com eles e, se ganhar, o prêmio é dela.
        {session ? (
          <>
            {' '}
            <Anchor component={Link} to={{ pathname: paths.meu.conquista, hash: DOAR_CUPONS_ANCHOR }}>
              Doar meus cupons
            </Anchor>
            {' · '}
            <Anchor component={Link} to={paths.meu.entidade}>
              Sou uma entidade: ver o que recebemos
            </Anchor>
          </>
        ) : null}
      </Text>
      <PublicCitySelect value={codCidade} onChange={setCodCidade} />
      {content}
    </Stack>
  );
}
