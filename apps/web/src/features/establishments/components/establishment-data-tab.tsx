import { useId } from 'react';
import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { Categoria, Cidade } from '@praca/contract';
import { formatCnpj } from '@praca/contract/plain';
import { controlled, registered } from '@/components/editor/controlled';
import { MoneyInput } from '@/components/money-input';
import { EstablishmentCnpjs } from './establishment-cnpjs';
import { checkCnpjOnBlur, SUPERADMIN_ONLY_NOTE, type EstablishmentForm } from './establishment-rules';

interface DataTabProps {
  form: EstablishmentForm;
  /** Not the super-admin: category, city, the flags are shown but cannot change (spec §6). */
  restricted: boolean;
  categorias: Categoria[];
  categoriasLoading: boolean;
  cidades: Cidade[];
  cidadesLoading: boolean;
  /** A label for the shop's city while the list is loading or lacks it. */
  cidadeAtual?: { cod_cidade: number; label: string };
  /** The CNPJ was refused on leaving the field and cleared: 'CNPJ invalido' in the red alert. */
  onCnpjInvalid: (message: string) => void;
  /** The CNPJ is being typed again. */
  onCnpjTyped: () => void;
}

/** The 'Dados' tab: name, CNPJ, category, city, flags, money and site. */
export function EstablishmentDataTab({
  form,
  restricted,
  categorias,
  categoriasLoading,
  cidades,
  cidadesLoading,
  cidadeAtual,
  onCnpjInvalid,
  onCnpjTyped,
}: DataTabProps) {
  const { control, getValues, setValue } = form;
  const note = restricted ? SUPERADMIN_ONLY_NOTE : undefined;
  // A switch's description would join its name: the flags share one note instead.
  const flagsNoteId = useId();

  const categoryOptions = [
    { value: '0', label: 'Sem categoria' },
    ...categorias.map((c) => ({ value: String(c.id_categoria), label: c.categoria })),
  ];
  const cityOptions = cidades.map((c) => ({ value: String(c.cod_cidade), label: `${c.cidade} - ${c.uf}` }));
  if (cidadeAtual && !cityOptions.some((o) => o.value === String(cidadeAtual.cod_cidade))) {
    cityOptions.unshift({ value: String(cidadeAtual.cod_cidade), label: cidadeAtual.label });
  }

  return (
    <Stack gap="md">
      <TextInput
        label="Nome"
        withAsterisk
        aria-required
        autoComplete="off"
        maxLength={120}
        {...registered(form, 'nome')}
      />
      <Controller
        control={control}
        name="cnpj"
        render={({ field }) => (
          <TextInput
            label="CNPJ"
            placeholder="00.000.000/0000-00"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={18}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(e) => {
              field.onChange(formatCnpj(e.currentTarget.value));
              onCnpjTyped();
            }}
            onBlur={() => {
              const checked = checkCnpjOnBlur(field.value);
              field.onChange(checked.value);
              field.onBlur();
              if (checked.erro) onCnpjInvalid(checked.erro);
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="cnpjs"
        render={({ field, fieldState }) => (
          <EstablishmentCnpjs
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="id_categoria"
          render={({ field }) => (
            <Select
              label="Categoria"
              data={categoryOptions}
              value={String(field.value)}
              onChange={(v) => field.onChange(Number(v ?? 0))}
              allowDeselect={false}
              disabled={restricted || categoriasLoading}
              description={note}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="cod_cidade"
          render={({ field }) => (
            <Select
              label="Cidade"
              placeholder="Escolha a cidade"
              data={cityOptions}
              value={field.value > 0 ? String(field.value) : null}
              onChange={(v) => {
                const cod = Number(v ?? 0);
                const before = cidades.find((x) => x.cod_cidade === field.value);
                const after = cidades.find((x) => x.cod_cidade === cod);
                field.onChange(cod);
                // The address follows the chosen city while it is blank or still the old one.
                const follows = (text: string, old: string | undefined) =>
                  text.trim() === '' || (old !== undefined && text.trim() === old);
                if (after && follows(getValues('cidade'), before?.cidade)) setValue('cidade', after.cidade);
                if (after && follows(getValues('uf'), before?.uf)) setValue('uf', after.uf);
              }}
              allowDeselect={false}
              searchable
              nothingFoundMessage="Nenhuma cidade com este nome"
              disabled={restricted || (cidadesLoading && cityOptions.length === 0)}
              description={note}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="ind_ativo"
          render={({ field }) => (
            <Switch
              label="Ativo"
              checked={field.value === 'S'}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 'S' : 'N')}
              disabled={restricted}
              aria-describedby={restricted ? flagsNoteId : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="ies_campanha"
          render={({ field }) => (
            <Switch
              label="Participa de campanhas"
              checked={field.value === 'S'}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 'S' : 'N')}
              disabled={restricted}
              aria-describedby={restricted ? flagsNoteId : undefined}
            />
          )}
        />
      </SimpleGrid>
      {restricted ? (
        <Text id={flagsNoteId} size="xs" c="dimmed" mt={-8}>
          {SUPERADMIN_ONLY_NOTE}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="vl_min_pedido"
          render={(f) => <MoneyInput label="Pedido mínimo" {...controlled(f)} />}
        />
        <Controller
          control={control}
          name="vl_taxa_entrega"
          render={(f) => <MoneyInput label="Taxa de entrega" {...controlled(f)} />}
        />
      </SimpleGrid>
      <TextInput
        label="Site"
        type="url"
        placeholder="https://"
        autoComplete="url"
        maxLength={300}
        {...registered(form, 'site')}
      />
    </Stack>
  );
}
