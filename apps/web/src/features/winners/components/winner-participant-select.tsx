import { useState } from 'react';
import { Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MSG_VENDA, isCustomerSearchOk, type ClienteBusca } from '@praca/contract';
import { useParticipantesAdm } from '../api/search-participantes-adm';

/** Typing pauses this long before the search is sent. */
const PARTICIPANT_DEBOUNCE_MS = 300;

interface WinnerParticipantSelectProps {
  /** id_usuario; −1 = nobody chosen. */
  value: number;
  /** The participant's name when the dialog opens on an existing winner. */
  initialName?: string;
  onChange: (participant: ClienteBusca | null) => void;
  disabled?: boolean;
  description?: string;
}

/**
 * 'Participante' of a winner named by hand: from 3 letters of a name or the last 4 digits of
 * a WhatsApp on, after a short pause, the server suggests at most 6 people of the admin's
 * city with name and masked WhatsApp (the sales screen's search, which admins may call). Erasing the name unsets the participant.
 */
export function WinnerParticipantSelect({
  value,
  initialName,
  onChange,
  disabled,
  description,
}: WinnerParticipantSelectProps) {
  const [chosen, setChosen] = useState<ClienteBusca | null>(
    value > 0 && initialName ? { id_usuario: value, nome: initialName, whatsup: '' } : null,
  );
  const [search, setSearch] = useState(chosen?.nome ?? '');
  const [debounced] = useDebouncedValue(search, PARTICIPANT_DEBOUNCE_MS);
  const typing = chosen === null || search !== chosen.nome;
  const query = useParticipantesAdm(typing ? debounced : '');

  const options = [...(query.data ?? [])];
  if (chosen && !options.some((c) => c.id_usuario === chosen.id_usuario)) options.unshift(chosen);
  const byValue = new Map(options.map((c) => [String(c.id_usuario), c]));

  let nothingFound = 'Nenhum participante encontrado';
  if (!isCustomerSearchOk(search)) {
    nothingFound = MSG_VENDA.buscaCurta;
  } else if (query.isFetching || search !== debounced) nothingFound = 'Buscando…';
  else if (query.isError) nothingFound = 'Não foi possível buscar os participantes';

  return (
    <Select
      label="Participante"
      description={description}
      placeholder="Nome do participante"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar participante' }}
      disabled={disabled}
      value={value > 0 ? String(value) : null}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        if (text === '' && chosen) {
          setChosen(null);
          onChange(null);
        }
      }}
      data={options.map((c) => ({ value: String(c.id_usuario), label: c.nome }))}
      // The server already filtered by name.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={query.isFetching ? <Loader size="xs" aria-label="Buscando participantes" /> : undefined}
      onChange={(v) => {
        const c = v ? byValue.get(v) : undefined;
        setChosen(c ?? null);
        onChange(c ?? null);
      }}
      renderOption={({ option }) => {
        const c = byValue.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {c?.whatsup ? (
              <Text size="xs" c="dimmed">
                WhatsApp {c.whatsup}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
