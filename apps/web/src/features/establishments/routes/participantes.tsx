import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Center,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EstabelecimentoPublico } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useSession } from '@/lib/session';
import { useEstabelecimentosBusca } from '@/lib/api/get-estabelecimentos-busca';
import { ShopCard } from '../components/shop-card';
import { ShopPopup } from '../components/shop-popup';

/** The search waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

const grid = {
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

const countText = (n: number) => (n === 1 ? '1 estabelecimento' : `${n} estabelecimentos`);

/**
 * Calls `onVisible` when the element comes within 400 px of the screen, while `active`. Without
 * IntersectionObserver nothing happens: the 'Carregar mais' button is there anyway.
 */
function useWhenNearScreen(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/**
 * Participantes (spec §2): the city's shops as cards by name, a page at a time from the server
 * (decision 042): the next page comes as the end of the list nears the screen, or with
 * 'Carregar mais' (keyboard users); the name search runs on the server (case and accents do not
 * matter).
 */
export function Component() {
  const session = useSession();
  const codCidade = session?.cod_cidade ?? 0;
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca.trim(), SEARCH_DEBOUNCE_MS);
  const query = useEstabelecimentosBusca(codCidade, q);
  const [open, setOpen] = useState<EstabelecimentoPublico | null>(null);
  const pages = query.data?.pages;
  const shops = useMemo(() => pages?.flatMap((p) => p.itens) ?? [], [pages]);
  const total = pages?.[pages.length - 1]?.total ?? 0;
  // The city has no shops at all (not: this search found none).
  const noShops = total === 0 && q === '' && !query.isPlaceholderData;
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void query.fetchNextPage();
  };
  const sentinel = useWhenNearScreen(loadMore, canLoadMore && !query.isPlaceholderData);

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
  } else if (query.isError && !query.data) {
    content = (
      <ErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (noShops) {
    content = <EmptyState>Nenhum estabelecimento participante ainda.</EmptyState>;
  } else {
    content = (
      <>
        <Box role="status">
          {shops.length === 0 ? (
            <EmptyState illustration="lupa">Nenhum estabelecimento encontrado</EmptyState>
          ) : (
            <Text size="sm" c="dimmed">
              {countText(total)}
            </Text>
          )}
        </Box>
        {shops.length > 0 ? (
          <Box component="ul" aria-label="Estabelecimentos participantes" p={0} m={0} style={grid}>
            {shops.map((shop) => (
              <li key={shop.id_estabelecimento}>
                <ShopCard shop={shop} onOpen={setOpen} />
              </li>
            ))}
          </Box>
        ) : null}
        {query.isFetchNextPageError ? (
          <ErrorState
            title="Não foi possível carregar mais estabelecimentos."
            error={query.error}
            onRetry={() => void query.fetchNextPage()}
            retrying={query.isFetchingNextPage}
          />
        ) : query.hasNextPage ? (
          <Center ref={sentinel}>
            <Button variant="light" onClick={loadMore} loading={query.isFetchingNextPage}>
              Carregar mais
            </Button>
          </Center>
        ) : null}
        {query.isFetchingNextPage ? (
          <VisuallyHidden role="status">Carregando mais estabelecimentos…</VisuallyHidden>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Participantes</PageTitle>
      <form role="search" aria-label="Buscar estabelecimentos" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          label="Buscar por nome"
          type="search"
          value={busca}
          onChange={(e) => setBusca(e.currentTarget.value)}
          leftSection={<SearchIcon size={16} />}
          placeholder="Ex.: padaria"
          maw={480}
          autoComplete="off"
          maxLength={100}
        />
      </form>
      {content}
      <ShopPopup shop={open} onClose={() => setOpen(null)} codCidade={codCidade} />
    </Stack>
  );
}
