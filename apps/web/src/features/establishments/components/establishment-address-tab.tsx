import { useState } from 'react';
import { NumberInput, SimpleGrid, Stack, TextInput, type NumberInputProps } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { controlled, registered } from '@/components/editor/controlled';
import { CepInput, PhoneInput } from '@/components/masked-inputs';
import type { EstablishmentForm } from './establishment-rules';

/** Spec §9: coordinates have 8 decimals. */
const COORDINATE_DECIMALS = 8;

/** What NumberInput's text means in degrees ('-' or '' mean nothing yet). */
function toDegrees(raw: number | string): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const text = raw.trim().replace(',', '.');
  if (text === '' || text === '-' || text === '.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

interface CoordinateInputProps extends Omit<
  NumberInputProps,
  'value' | 'onChange' | 'decimalScale' | 'allowNegative' | 'min' | 'max'
> {
  value: number | null;
  onChange: (value: number | null) => void;
  /** The absolute limit: 90 for latitude, 180 for longitude. */
  limit: number;
}

/**
 * A latitude or longitude (spec §5): negatives allowed, up to 8 decimals, with a dot as
 * maps write them (a comma typed by habit becomes the dot). The form gets a number or null.
 */
function CoordinateInput({ value, onChange, limit, ...props }: CoordinateInputProps) {
  // As in MoneyInput: keep what is being typed ('-23.' or '-23.50') unless the form changed it.
  const [raw, setRaw] = useState<number | string>(value ?? '');
  if (toDegrees(raw) !== value) setRaw(value ?? '');
  return (
    <NumberInput
      {...props}
      value={raw}
      onChange={(v) => {
        setRaw(v);
        onChange(toDegrees(v));
      }}
      decimalScale={COORDINATE_DECIMALS}
      decimalSeparator="."
      allowedDecimalSeparators={['.', ',']}
      allowNegative
      min={-limit}
      max={limit}
      clampBehavior="strict"
      hideControls
      inputMode="decimal"
    />
  );
}

/** The 'Endereço' tab: postal address, phones and coordinates. */
export function EstablishmentAddressTab({ form }: { form: EstablishmentForm }) {
  const { control } = form;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Controller
          control={control}
          name="cep"
          render={(f) => (
            <CepInput label="CEP" placeholder="00000-000" autoComplete="off" {...controlled(f)} />
          )}
        />
      </SimpleGrid>
      <TextInput label="Endereço" autoComplete="off" maxLength={200} {...registered(form, 'endereco')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Complemento"
          autoComplete="off"
          maxLength={120}
          {...registered(form, 'complemento')}
        />
        <TextInput label="Bairro" autoComplete="off" maxLength={120} {...registered(form, 'bairro')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Cidade do endereço"
          autoComplete="off"
          maxLength={120}
          {...registered(form, 'cidade')}
        />
        <Controller
          control={control}
          name="uf"
          render={({ field }) => (
            <TextInput
              label="UF"
              placeholder="SP"
              autoComplete="off"
              maxLength={2}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, ''))}
              onBlur={field.onBlur}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="telefone"
          render={(f) => (
            <PhoneInput label="Telefone" placeholder="(00) 0000-0000" autoComplete="off" {...controlled(f)} />
          )}
        />
        <Controller
          control={control}
          name="whatsup"
          render={(f) => (
            <PhoneInput
              label="WhatsApp"
              placeholder="(00) 00000-0000"
              autoComplete="off"
              {...controlled(f)}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="latitude"
          render={({ field }) => (
            <CoordinateInput
              label="Latitude"
              description="De -90 a 90, até 8 casas decimais"
              placeholder="-23.96000000"
              limit={90}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="longitude"
          render={({ field }) => (
            <CoordinateInput
              label="Longitude"
              description="De -180 a 180, até 8 casas decimais"
              placeholder="-46.33000000"
              limit={180}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
