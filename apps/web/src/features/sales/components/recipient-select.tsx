import { useState, type Ref } from 'react';
import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  MSG_VENDA,
  isCustomerSearchOk,
  isValidCpf,
  maskCpf,
  onlyDigits,
  type ClienteBusca,
} from '@praca/contract';
import { useClientes } from '../api/search-clientes';

/** Typing pauses this long before the search is sent. */
const RECIPIENT_DEBOUNCE_MS = 300;

interface RecipientSelectProps {
  /** id_usuario; −1 = nobody chosen. */
  value: number;
  /** The recipient's name when the dialog opens on an existing sale. */
  initialName?: string;
  /** `cpf`: the digits of a CPF with no account yet, chosen instead of a resident (issue 40). */
  onChange: (idUsuario: number, cpf?: string) => void;
  disabled?: boolean;
  /** Issue 40: a new sale may go to a CPF without an account (it waits for the sign-up). */
  allowCpf?: boolean;
  /** The refusal shown under the field ('Defina o Destinatario'). */
  error?: string;
  /** The search input, focused when the field is refused. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The option of a CPF nobody has registered yet. */
const CPF_PREFIX = 'cpf:';

const optionLabel = (c: ClienteBusca) => c.nome;

/**
 * 'Destinatário' (spec §5 Recipient search): the partner types part of a name or the end of
 * a WhatsApp; from 3 letters or 4 digits on, after a short pause, the server suggests at most
 * 6 residents of the partner's cities with name and WhatsApp, masked but for its last 4 digits
 * (issue 37). Choosing one sets id_usuario; clearing sets −1.
 */
export function RecipientSelect({
  value,
  initialName,
  onChange,
  disabled,
  allowCpf = false,
  error,
  inputRef,
}: RecipientSelectProps) {
  const [cpf, setCpf] = useState('');
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
  // A full CPF that no account holds: the sale may wait for that person's sign-up (issue 40).
  const typedCpf = allowCpf && isValidCpf(search) ? onlyDigits(search) : '';
  const offerCpf = typedCpf !== '' && query.isSuccess && search === debounced && found.length === 0;
  const cpfOptions = [...(offerCpf ? [typedCpf] : []), ...(cpf && cpf !== typedCpf ? [cpf] : [])].map(
    (d) => ({ value: `${CPF_PREFIX}${d}`, label: `CPF ${maskCpf(d)}, ainda sem cadastro` }),
  );

  let nothingFound = 'Nenhum cliente encontrado';
  if (!isCustomerSearchOk(search)) nothingFound = MSG_VENDA.buscaCurta;
  else if (query.isFetching || search !== debounced) nothingFound = 'Buscando…';
  else if (query.isError) nothingFound = 'Não foi possível buscar os clientes';

  return (
    <Select
      label="Destinatário"
      description="Ao menos 3 letras do nome, os 4 últimos dígitos do WhatsApp ou o CPF completo; apague para deixar sem destinatário"
      placeholder="Nome, final do WhatsApp ou CPF"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar destinatário' }}
      disabled={disabled}
      error={error}
      ref={inputRef}
      value={value >= 0 ? String(value) : cpf ? `${CPF_PREFIX}${cpf}` : null}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        // Erasing the name unsets the recipient: the keyboard's way to clear (Mantine's clear
        // button is for the mouse only).
        if (text === '' && (chosen || cpf)) {
          setChosen(null);
          setCpf('');
          onChange(-1);
        }
      }}
      data={[...options.map((c) => ({ value: String(c.id_usuario), label: optionLabel(c) })), ...cpfOptions]}
      // The server already filtered by name.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={query.isFetching ? <Loader size="xs" aria-label="Buscando clientes" /> : undefined}
      onChange={(v) => {
        if (v?.startsWith(CPF_PREFIX)) {
          const digits = v.slice(CPF_PREFIX.length);
          setChosen(null);
          setCpf(digits);
          onChange(-1, digits);
          return;
        }
        const c = v ? byValue.get(v) : undefined;
        setChosen(c ?? null);
        setCpf('');
        onChange(c ? c.id_usuario : -1);
      }}
      renderOption={({ option }) => {
        const c = byValue.get(option.value);
        if (option.value.startsWith(CPF_PREFIX))
          return (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                A venda fica pendente e os cupons vão para a pessoa quando ela se cadastrar com este CPF
              </Text>
            </Stack>
          );
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {c?.whatsup || c?.cpf ? (
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {[c.whatsup ? `WhatsApp ${c.whatsup}` : '', c.cpf ? `CPF ${c.cpf}` : '']
                    .filter(Boolean)
                    .join(' · ')}
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
