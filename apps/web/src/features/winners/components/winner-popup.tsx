import { useState } from 'react';
import { Box, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContempladoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';
import { winnerPhotos, winnerSaleDate } from './winner-photos';

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <Box>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {children || '—'}
      </Text>
    </Box>
  );
}

/** The winner popup (spec §2): draw date, winner, shop of purchase, purchase date, images. */
export function WinnerPopup({ winner, onClose }: { winner: ContempladoPublico | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [shown, setShown] = useState<ContempladoPublico | null>(winner);
  if (winner && winner !== shown) setShown(winner);
  const photos = shown ? winnerPhotos(shown) : [];
  const saleDate = shown ? winnerSaleDate(shown) : null;

  return (
    <Modal
      opened={winner !== null}
      onClose={onClose}
      title={shown?.nome_sorteado ?? ''}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown ? (
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <Fact term="Data do sorteio">{formatDate(shown.data_sorteio)}</Fact>
            <Fact term="Sorteado">{shown.nome_sorteado}</Fact>
            <Fact term="Loja da compra">{shown.nom_estabelecimento}</Fact>
            <Fact term="Data da compra">{saleDate ? formatDate(saleDate) : ''}</Fact>
            <Fact term="Campanha">{shown.den_campanha}</Fact>
          </SimpleGrid>
          {photos.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {photos.map((p, i) => (
                <img
                  key={p}
                  src={imageUrl(p)}
                  alt={`Foto ${i + 1} de ${photos.length} de ${shown.nome_sorteado}`}
                  loading="lazy"
                  width={512}
                  height={512}
                  style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8 }}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed" size="sm">
              Sem fotos deste sorteio.
            </Text>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
