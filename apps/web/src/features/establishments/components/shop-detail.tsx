import { useEffect, useRef } from 'react';
import {
  Anchor,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { EstabelecimentoPublico } from '@praca/contract';
import { formatPhone, onlyDigits } from '@praca/contract/plain';
import { ExternalLinkIcon, PhoneIcon } from '@/components/icons';
import { ErrorState } from '@/components/query-states';
import { formatRating, Stars } from '@/components/stars';
import { imageUrl } from '@/config/env';
import { useAvaliacoes } from '../api/get-avaliacoes';
import { PromotionsGrid } from './promotions-grid';
import { RatingBars } from './rating-bars';
import { ratingAverage, reviewsCountLabel } from './rating-summary';
import { shopAddress, whatsappUrl } from './shop-phones';

export type DetailFocus = 'avaliar' | 'estrelas' | null;

interface ShopDetailProps {
  shop: EstabelecimentoPublico;
  codCidade: number;
  onRate: () => void;
  onShowReviews: () => void;
  /** The button to focus when coming back from the form or the list. */
  focus: DetailFocus;
}

/** The detail mode of the shop popup (spec §2). */
export function ShopDetail({ shop, codCidade, onRate, onShowReviews, focus }: ShopDetailProps) {
  const ratings = useAvaliacoes(shop.id_estabelecimento);
  const avaliarRef = useRef<HTMLButtonElement>(null);
  const starsRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === 'avaliar') avaliarRef.current?.focus();
    if (focus === 'estrelas') starsRef.current?.focus();
  }, [focus]);

  const resumo = ratings.data?.resumo;
  const average = resumo ? ratingAverage(resumo) : shop.avaliacao;
  const total = resumo ? resumo.nro_avaliacoes : shop.qtd_avaliacao;
  const tel = onlyDigits(shop.telefone);
  const zap = whatsappUrl(shop.whatsup);
  const site = shop.site.trim();

  return (
    <Stack gap="md">
      <img
        src={imageUrl(shop.url_foto)}
        alt={shop.nome}
        width={300}
        height={150}
        style={{
          display: 'block',
          width: '100%',
          height: 'auto',
          maxHeight: 240,
          aspectRatio: '2 / 1',
          objectFit: 'cover',
          borderRadius: 8,
          background: 'var(--mantine-color-gray-1)',
        }}
      />

      <Group justify="space-between" align="center" gap="sm">
        {/* Named by its text: '4,5 de 5 estrelas, 4 avaliações: ver avaliações'. */}
        <UnstyledButton ref={starsRef} onClick={onShowReviews} p={4} style={{ borderRadius: 6 }}>
          <Group gap={8} wrap="nowrap">
            <Text component="span" fw={700} fz="xl">
              {formatRating(average)}
              <VisuallyHidden> de 5 estrelas,</VisuallyHidden>
            </Text>
            <Stars value={average} size={22} decorative />
            <Text component="span" size="sm" c="dimmed" td="underline">
              {reviewsCountLabel(total)}
              <VisuallyHidden>: ver avaliações</VisuallyHidden>
            </Text>
          </Group>
        </UnstyledButton>
        <Button ref={avaliarRef} onClick={onRate}>
          AVALIAR
        </Button>
      </Group>

      {ratings.isPending ? (
        <Stack gap={6} role="status">
          <VisuallyHidden>Carregando avaliações…</VisuallyHidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={14} />
          ))}
        </Stack>
      ) : ratings.isError ? (
        <ErrorState
          title="Não foi possível carregar as avaliações."
          error={ratings.error}
          onRetry={() => void ratings.refetch()}
          retrying={ratings.isFetching}
        />
      ) : (
        <RatingBars resumo={ratings.data.resumo} />
      )}

      <Stack gap={6}>
        <Title order={3} fz="md">
          Contato
        </Title>
        <Text size="sm">{shopAddress(shop)}</Text>
        {tel ? (
          <Text size="sm">
            Telefone:{' '}
            <Anchor href={`tel:+55${tel}`} inherit>
              {formatPhone(tel)}
            </Anchor>
          </Text>
        ) : null}
        <Group gap="xs">
          {zap ? (
            <Button
              component="a"
              href={zap}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<PhoneIcon />}
            >
              WhatsApp {formatPhone(shop.whatsup)}
              <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
            </Button>
          ) : null}
          {site ? (
            <Button
              component="a"
              href={site}
              target="_blank"
              rel="noopener noreferrer"
              variant="outline"
              rightSection={<ExternalLinkIcon size={16} />}
            >
              Acesse aqui
              <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
            </Button>
          ) : null}
        </Group>
      </Stack>

      <Box>
        <Title order={3} fz="md" mb="xs">
          Promoções
        </Title>
        <PromotionsGrid
          idEstabelecimento={shop.id_estabelecimento}
          codCidade={codCidade}
          shopName={shop.nome}
        />
      </Box>
    </Stack>
  );
}
