import { useState } from 'react';
import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MSG_VENDA, isCustomerSearchOk, type ClienteBusca } from '@praca/contract';
import { useClientes } from '../api/search-clientes';

/** Typing pauses this long before the search is sent. */
const RECIPIENT_DEBOUNCE_MS = 300;

interface RecipientSelectProps {
  /** id_usuario; −1 = nobody chosen. */
  value: number;
  /** The recipient's name when the dialog opens on an existing sale. */
  initialName?: string;
  onChange: (idUsuario: number) => void;
  disabled?: boolean;
}

const optionLabel = (c: ClienteBusca) => c.nome;

/**
 * 'Destinatário' (spec §5 Recipient search): the partner types part of a name or the end of
 * a WhatsApp; from 3 letters or 4 digits on, after a short pause, the server suggests at most
 * 6 residents of the partner's cities with name and WhatsApp, masked but for its last 4 digits
 * (issue 37). Choosing one sets id_usuario; clearing sets −1.
 */
export function RecipientSelect({ value, initialName, onChange, disabled }: RecipientSelectProps) {
  const [chosen, setChosen] = useState<ClienteBusca | null>(
    value >= 0 && initialName ? { id_usuario: value, nome: initialName, whatsup: '' } : null,
  );
  const [search, setSearch] = useState(chosen ? optionLabel(chosen) : '');
  const [debounced] = useDebouncedValue(search, RECIPIENT_DEBOUNCE_MS);
  const typing = chosen === null || search !== optionLabel(chosen);
  const term = typing ? debounced : '';
  const query = useClientes(term);

  const found = query.data ?? [];
  const options = [...found];
  if (chosen && !options.some((c) => c.id_usuario === chosen.id_usuario)) options.unshift(chosen);
  const byValue = new Map(options.map((c) => [String(c.id_usuario), c]));

  let nothingFound = 'Nenhum cliente encontrado';
  if (!isCustomerSearchOk(search)) nothingFound = MSG_VENDA.buscaCurta;
  else if (query.isFetching || search !== debounced) nothingFound = 'Buscando…';
  else if (query.isError) nothingFound = 'Não foi possível buscar os clientes';

  return (
    <Select
      label="Destinatário"
      description="Ao menos 3 letras do nome ou os 4 últimos dígitos do WhatsApp; apague para deixar sem destinatário"
      placeholder="Nome ou final do WhatsApp"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar destinatário' }}
      disabled={disabled}
      value={value >= 0 ? String(value) : null}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        // Erasing the name unsets the recipient: the keyboard's way to clear (Mantine's clear
        // button is for the mouse only).
        if (text === '' && chosen) {
          setChosen(null);
          onChange(-1);
        }
      }}
      data={options.map((c) => ({ value: String(c.id_usuario), label: optionLabel(c) }))}
      // The server already filtered by name.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={query.isFetching ? <Loader size="xs" aria-label="Buscando clientes" /> : undefined}
      onChange={(v) => {
        const c = v ? byValue.get(v) : undefined;
        setChosen(c ?? null);
        onChange(c ? c.id_usuario : -1);
      }}
      renderOption={({ option }) => {
        const c = byValue.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {c?.whatsup ? (
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  WhatsApp {c.whatsup}
                </Text>
              </Group>
            ) : null}
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
