import { Badge, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { EstabelecimentoParceiro } from '@praca/contract';
import { formatCep } from '@praca/contract/plain';
import { imageUrl } from '@/config/env';
import { PencilIcon } from '@/components/icons';
import { formatNumber } from '@/lib/format';
import { shopPhones } from './shop-phones';

interface PartnerShopCardProps {
  shop: EstabelecimentoParceiro;
  /** The shop whose form shows below the cards. */
  editing: boolean;
  onEdit: () => void;
}

/** One line of the address: street, complement, district, CEP and city. */
function addressLine(s: EstabelecimentoParceiro): string {
  const street = [s.endereco, s.complemento].filter(Boolean).join(', ');
  const place = [
    s.bairro,
    s.cep ? `CEP ${formatCep(s.cep)}` : '',
    [s.cidade, s.uf].filter(Boolean).join(' - '),
  ]
    .filter(Boolean)
    .join(' · ');
  return [street, place].filter(Boolean).join(' — ');
}

/**
 * A shop of the partner's own (issue 35): logo, name, category and status, address, numbers,
 * site and rating as the city sees them, and 'Editar', which opens its form below.
 */
export function PartnerShopCard({ shop, editing, onEdit }: PartnerShopCardProps) {
  const phones = shopPhones(shop.telefone, shop.whatsup);
  const address = addressLine(shop);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-current={editing ? 'true' : undefined}
      style={{
        listStyle: 'none',
        minWidth: 0,
        borderColor: editing ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: editing ? 2 : undefined,
      }}
    >
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box
            w={50}
            h={50}
            style={{
              flex: '0 0 50px',
              borderRadius: 'var(--mantine-radius-sm)',
              overflow: 'hidden',
              background: 'var(--mantine-color-gray-1)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {shop.url_logo ? (
              <Image src={imageUrl(shop.url_logo)} alt="" w={50} h={50} fit="contain" />
            ) : (
              // Decorative: the name beside it says whose shop it is.
              <Text aria-hidden fw={700} c="dimmed">
                {shop.nome.trim().charAt(0).toUpperCase()}
              </Text>
            )}
          </Box>
          <Stack gap={4} miw={0}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {shop.nome}
            </Title>
            <Group gap={6}>
              {shop.categoria ? (
                <Badge variant="outline" color="gray.8">
                  {shop.categoria}
                </Badge>
              ) : null}
              <Badge variant="filled" color={shop.ind_ativo === 'S' ? 'praca' : 'gray.7'}>
                {shop.ind_ativo === 'S' ? 'Ativo' : 'Inativo'}
              </Badge>
              {editing ? (
                <Badge variant="outline" color="praca.9">
                  Em edição
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {address || 'Endereço não informado'}
        </Text>
        {phones.length > 0 ? (
          phones.map((p) => (
            <Text size="sm" key={p.label}>
              {p.label}: {p.numero}
            </Text>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            Sem telefone
          </Text>
        )}
        {shop.site ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Site: {shop.site}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {shop.qtd_avaliacao > 0
            ? `Nota ${formatNumber(shop.avaliacao, 1)} em ${shop.qtd_avaliacao} ${shop.qtd_avaliacao === 1 ? 'avaliação' : 'avaliações'}`
            : 'Ainda sem avaliações'}
        </Text>
        <Group mt="auto" pt="xs">
          <Button
            variant={editing ? 'filled' : 'light'}
            leftSection={<PencilIcon size={16} />}
            onClick={onEdit}
            aria-label={`Editar ${shop.nome}`}
          >
            Editar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
