import { Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { Cupom } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';

/** A coupon card (spec §2 Consumer achievements): banner, logo, shop, campaign and code. */
export function CouponCard({ cupom }: { cupom: Cupom }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      h="100%"
      component="article"
      aria-label={`Cupom ${cupom.codigo}`}
    >
      <Card.Section>
        <Image
          src={imageUrl(cupom.banner) || undefined}
          alt={`Banner da campanha ${cupom.den_campanha}`}
          h={120}
          fit="cover"
          fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='1'><rect width='4' height='1' fill='%23d3ede3'/></svg>"
        />
      </Card.Section>
      <Group gap="sm" mt="sm" wrap="nowrap" align="center">
        {cupom.url_logo ? (
          <Image
            src={imageUrl(cupom.url_logo)}
            alt={`Logo de ${cupom.nom_estabecimento}`}
            w={50}
            h={50}
            radius="sm"
            fit="contain"
          />
        ) : null}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={1}>
            {cupom.nom_estabecimento}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {cupom.den_campanha}
          </Text>
        </Stack>
      </Group>
      <Box mt="sm" p="xs" bg="praca.0" style={{ borderRadius: 8, textAlign: 'center' }}>
        <Text size="xs" c="dimmed">
          Cupom
        </Text>
        <Text fw={700} fz="xl" ff="monospace">
          {cupom.codigo}
        </Text>
        {cupom.dat_emissao ? (
          <Text size="xs" c="dimmed">
            Emitido em {formatDate(cupom.dat_emissao)}
          </Text>
        ) : null}
      </Box>
    </Card>
  );
}
