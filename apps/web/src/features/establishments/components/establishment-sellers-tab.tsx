import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_SELLER_NAME } from '@praca/contract/plain';
import { addSeller, type SellerRow } from './establishment-rules';

interface SellersTabProps {
  value: SellerRow[];
  onChange: (list: SellerRow[]) => void;
}

/**
 * The 'Vendedores' tab (spec §2, §5): add a seller by name (the button or Enter), rename
 * one in place, remove one. A name already in the list is ignored, as the spec says; a
 * discreet note tells why nothing was added. 'Sem Vendedor' is offered by every sale and is
 * not listed. The list is saved with the shop.
 */
export function EstablishmentSellersTab({ value, onChange }: SellersTabProps) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);

  function add() {
    const result = addSeller(value, name);
    if (result.added) {
      onChange(result.list);
      setName('');
      setNote('');
    } else if (result.reason === 'repetido') {
      setNote(`"${name.trim()}" já está na lista.`);
    } else if (result.reason === 'padrao') {
      setNote(`"${DEFAULT_SELLER_NAME}" já é oferecido em toda venda.`);
    }
  }

  const rename = (key: string, nome: string) =>
    onChange(value.map((s) => (s.key === key ? { ...s, nome_vendedor: nome } : s)));
  const remove = (key: string) => {
    onChange(value.filter((s) => s.key !== key));
    // The removed row took the focus with it: give it back to the name field.
    nameInput.current?.focus();
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Nome do vendedor"
          ref={nameInput}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNote('');
          }}
          onKeyDown={(e) => {
            // Enter adds the seller instead of saving the whole dialog.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          autoComplete="off"
          maxLength={80}
          style={{ flex: 1 }}
        />
        <Button type="button" variant="outline" onClick={add}>
          Adicionar
        </Button>
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {note}
      </Text>

      {value.length === 0 ? (
        <Paper withBorder p="md" radius="md" bg="gray.0">
          <Text size="sm" c="dimmed" ta="center">
            Nenhum vendedor cadastrado. As vendas usam &quot;{DEFAULT_SELLER_NAME}&quot;.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Vendedores" style={{ listStyle: 'none' }}>
          {value.map((s) => {
            const shown = s.nome_vendedor.trim() || s.original;
            return (
              <Group component="li" key={s.key} gap="sm" wrap="nowrap" align="center">
                <TextInput
                  aria-label={`Nome do vendedor ${s.original}`}
                  value={s.nome_vendedor}
                  onChange={(e) => rename(s.key, e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.preventDefault();
                  }}
                  autoComplete="off"
                  maxLength={80}
                  style={{ flex: 1 }}
                />
                <Button
                  type="button"
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => remove(s.key)}
                  aria-label={`Remover ${shown}`}
                >
                  Remover
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
