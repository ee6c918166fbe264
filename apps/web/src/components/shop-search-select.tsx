import { useState, type Ref } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEstabelecimentosPrimeiraPagina } from '@/lib/api/get-estabelecimentos-busca';

/** Typing pauses this long before the search is sent. */
const SHOP_DEBOUNCE_MS = 300;

interface Shop {
  id_estabelecimento: number;
  nome: string;
}

/**
 * A shop of the city, searched by name on the server (decision 042): the first page of matches
 * (case and accents do not matter) shows as the person types; the chosen shop stays listed.
 * `value` is the id as text, '' for none.
 */
export function ShopSearchSelect({
  codCidade,
  label,
  value,
  onChange,
  required,
  error,
  inputRef,
  onBlur,
}: {
  codCidade: number;
  label: string;
  value: string;
  onChange: (idEstabelecimento: string) => void;
  required?: boolean;
  /** The field's refusal, shown under it. */
  error?: string;
  /** The search box (a form focuses it when it is refused). */
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  const [chosen, setChosen] = useState<Shop | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SHOP_DEBOUNCE_MS);
  const typing = chosen === null || search !== chosen.nome;
  const query = useEstabelecimentosPrimeiraPagina(codCidade, typing ? debounced.trim() : '');

  const options: Shop[] = [...(query.data?.itens ?? [])];
  if (chosen && !options.some((s) => s.id_estabelecimento === chosen.id_estabelecimento))
    options.unshift(chosen);
  const byValue = new Map(options.map((s) => [String(s.id_estabelecimento), s]));

  let nothingFound = 'Nenhum estabelecimento encontrado';
  if (query.isFetching || search !== debounced) nothingFound = 'Buscando…';
  else if (query.isError) nothingFound = 'Não foi possível buscar os estabelecimentos';

  return (
    <Select
      label={label}
      placeholder="Digite o nome do estabelecimento"
      searchable
      required={required}
      error={error}
      ref={inputRef}
      onBlur={onBlur}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((s) => ({ value: String(s.id_estabelecimento), label: s.nome }))}
      // The server already filtered by name.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={
        query.isFetching ? <Loader size="xs" aria-label="Buscando estabelecimentos" /> : undefined
      }
      onChange={(v) => {
        const s = v ? byValue.get(v) : undefined;
        setChosen(s ?? null);
        onChange(s ? String(s.id_estabelecimento) : '');
      }}
      // Inside the dialog, so it stays under the field (in a portal it drew off the screen on a phone).
      comboboxProps={{ withinPortal: false }}
    />
  );
}
