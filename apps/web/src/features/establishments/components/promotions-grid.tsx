import { Box, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { PromocaoPublica } from '@praca/contract';
import { ErrorState } from '@/components/query-states';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';
import { usePromocoes } from '../api/get-promocoes';

const grid = {
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
  gap: 'var(--mantine-spacing-sm)',
} as const;

function PromotionImage({ promo, shopName }: { promo: PromocaoPublica; shopName: string }) {
  const alt = promo.regra.trim()
    ? `Promoção de ${shopName}: ${promo.regra.trim()}`
    : `Promoção de ${shopName}`;
  const img = (
    <img
      src={imageUrl(promo.imagem)}
      alt={alt}
      loading="lazy"
      width={512}
      height={512}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '1',
        objectFit: 'cover',
        borderRadius: 8,
      }}
    />
  );
  return (
    <>
      {promo.linkproduto.trim() ? (
        <a href={promo.linkproduto} target="_blank" rel="noopener noreferrer" className="mantine-focus-auto">
          {img}
          <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
        </a>
      ) : (
        img
      )}
      {promo.dat_final ? (
        <Text size="xs" c="dimmed" mt={4}>
          Válida até {formatDate(promo.dat_final)}
        </Text>
      ) : null}
    </>
  );
}

/** The 'Promoções' grid of the shop popup: images, each linking to its product when it has one. */
export function PromotionsGrid({
  idEstabelecimento,
  codCidade,
  shopName,
}: {
  idEstabelecimento: number;
  codCidade: number;
  shopName: string;
}) {
  const query = usePromocoes(idEstabelecimento, codCidade);
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <Box style={grid} role="status">
        <VisuallyHidden>Carregando promoções…</VisuallyHidden>
        <Skeleton h={130} />
        <Skeleton h={130} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar as promoções."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const promos = query.data ?? [];
  if (promos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma promoção no momento.
      </Text>
    );
  }
  return (
    <Box component="ul" p={0} m={0} style={grid}>
      {promos.map((p) => (
        <li key={p.id_promocao}>
          <PromotionImage promo={p} shopName={shopName} />
        </li>
      ))}
    </Box>
  );
}
