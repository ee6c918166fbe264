import { memo } from 'react';
import {
  Box,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { SearchIcon } from '@/components/icons';
import { DecimalInput } from '@/components/money-input';
import { filterByText } from '@/lib/search';
import type { CampaignShopValues, FatorValue } from './campaign-form';

/** From this many shops on, a filter box helps find one. */
const SHOP_FILTER_MIN = 8;

type FatorField = 'fator_sorteio' | 'fator_cashback';

export type ShopChange = (
  id: number,
  change: { participa: boolean } | { [K in FatorField]?: FatorValue },
) => void;

interface FatorInputProps {
  label: string;
  nome: string;
  value: FatorValue;
  disabled: boolean;
  invalid: boolean;
  onChange: (value: FatorValue) => void;
}

/**
 * A factor (spec §5: 4 decimals, 0 or more), kept exactly as typed: extra decimals or a minus
 * sign are not cut while typing; Save refuses them with a message (campaign-form.ts).
 */
function FatorInput({ label, nome, value, disabled, invalid, onChange }: FatorInputProps) {
  return (
    <DecimalInput
      size="sm"
      label={
        <>
          {label} <VisuallyHidden>de {nome}</VisuallyHidden>
        </>
      }
      value={value}
      onChange={onChange}
      disabled={disabled}
      error={invalid}
    />
  );
}

interface ShopRowProps {
  loja: CampaignShopValues;
  /** The factor the last check refused, if it is this shop's. */
  invalid: FatorField | null;
  disabled: boolean;
  onChange: ShopChange;
}

/** One shop: its name, 'Participa' and the two factors (enabled only when it takes part). */
const ShopRow = memo(function ShopRow({ loja, invalid, disabled, onChange }: ShopRowProps) {
  const id = loja.id_estabelecimento;
  return (
    <Paper component="li" withBorder p="xs" radius="sm" bg={loja.participa ? 'praca.0' : undefined}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }} pb={4}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {loja.nome}
          </Text>
          <Checkbox
            label={
              <>
                Participa
                <VisuallyHidden>: {loja.nome}</VisuallyHidden>
              </>
            }
            checked={loja.participa}
            disabled={disabled}
            onChange={(e) => onChange(id, { participa: e.currentTarget.checked })}
          />
        </Stack>
        <SimpleGrid cols={2} spacing="xs" style={{ flex: '1 1 240px' }}>
          <FatorInput
            label="Fator sorteio"
            nome={loja.nome}
            value={loja.fator_sorteio}
            disabled={disabled || !loja.participa}
            invalid={invalid === 'fator_sorteio'}
            onChange={(v) => onChange(id, { fator_sorteio: v })}
          />
          <FatorInput
            label="Fator cashback"
            nome={loja.nome}
            value={loja.fator_cashback}
            disabled={disabled || !loja.participa}
            invalid={invalid === 'fator_cashback'}
            onChange={(v) => onChange(id, { fator_cashback: v })}
          />
        </SimpleGrid>
      </Group>
    </Paper>
  );
});

interface CampaignShopsProps {
  lojas: CampaignShopValues[];
  filter: string;
  onFilter: (text: string) => void;
  /** `loja:{id}:{field}` of the refused factor, or anything else. */
  invalid: string | null;
  disabled: boolean;
  onChange: ShopChange;
}

/**
 * 'Estabelecimentos participantes': every shop of the city with 'Participa' and its factors,
 * a filter box when there are many. Filtered-out shops keep their values and are still sent.
 */
export function CampaignShops({ lojas, filter, onFilter, invalid, disabled, onChange }: CampaignShopsProps) {
  const shown = filterByText(lojas, filter, (l) => [l.nome, String(l.id_estabelecimento)]);
  const participantes = lojas.filter((l) => l.participa).length;
  const invalidOf = (id: number): FatorField | null => {
    const m = /^loja:(\d+):(fator_sorteio|fator_cashback)$/.exec(invalid ?? '');
    return m && Number(m[1]) === id ? (m[2] as FatorField) : null;
  };

  return (
    <Fieldset legend="Estabelecimentos participantes" variant="filled" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Fator sorteio 0,01 = 1 cupom a cada R$&nbsp;100,00. Fator cashback 0,05 = R$&nbsp;5,00 de volta a
          cada R$&nbsp;100,00. Até 4 casas decimais.
        </Text>
        <Text size="sm" role="status">
          {participantes === 1 ? '1 participante' : `${participantes} participantes`} de {lojas.length}{' '}
          {lojas.length === 1 ? 'estabelecimento' : 'estabelecimentos'}
        </Text>
        {lojas.length > SHOP_FILTER_MIN ? (
          <TextInput
            label="Filtrar estabelecimentos"
            placeholder="Nome ou código"
            value={filter}
            onChange={(e) => onFilter(e.currentTarget.value)}
            leftSection={<SearchIcon />}
            type="search"
            autoComplete="off"
          />
        ) : null}
        {lojas.length === 0 ? (
          <Text size="sm">Nenhum estabelecimento cadastrado nesta cidade.</Text>
        ) : shown.length === 0 ? (
          <Text size="sm">Nenhum estabelecimento encontrado para &quot;{filter.trim()}&quot;.</Text>
        ) : (
          <Box
            component="ul"
            aria-label="Estabelecimentos da cidade"
            m={0}
            p={0}
            style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}
          >
            {shown.map((l) => (
              <ShopRow
                key={l.id_estabelecimento}
                loja={l}
                invalid={invalidOf(l.id_estabelecimento)}
                disabled={disabled}
                onChange={onChange}
              />
            ))}
          </Box>
        )}
      </Stack>
    </Fieldset>
  );
}
