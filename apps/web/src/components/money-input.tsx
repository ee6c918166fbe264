import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { SALE_MAX_VALUE } from '@praca/contract/plain';

export interface MoneyInputProps extends Omit<
  NumberInputProps,
  'value' | 'onChange' | 'decimalSeparator' | 'thousandSeparator' | 'decimalScale' | 'min' | 'max'
> {
  /** Reais; null while empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Defaults to 50,000 (the sale limit, spec §9). */
  max?: number;
}

/** Rounds to cents, so 0.1 + 0.2 never reaches the server as 0.30000000000000004. */
export const toCents = (value: number): number => Math.round(value * 100) / 100;

/**
 * Brazilian money (spec §5): `1.234,56`, comma for decimals and dot for thousands, 2 decimals,
 * 0 to 50,000. Typing past the limit is refused; a dot typed by habit is ignored (thousands
 * dots appear by themselves). The form gets a number, never the formatted text.
 */
/** What NumberInput's text means in reais (it hands over '250.0' as text to keep the zero). */
function toReais(raw: number | string): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? toCents(raw) : null;
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? toCents(n) : null;
}

export function MoneyInput({ value, onChange, max = SALE_MAX_VALUE, ...props }: MoneyInputProps) {
  // NumberInput keeps what is being typed ('250,' or '250,0') only if it gets back exactly what
  // it gave: a number would reformat it and lose the comma, so '250,00' became 25.000.
  const [raw, setRaw] = useState<number | string>(value ?? '');
  if (toReais(raw) !== value) setRaw(value ?? '');
  return (
    <NumberInput
      {...props}
      value={raw}
      onChange={(v) => {
        setRaw(v);
        onChange(toReais(v));
      }}
      leftSection={<span aria-hidden="true">R$</span>}
      decimalSeparator=","
      thousandSeparator="."
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      fixedDecimalScale={false}
      allowNegative={false}
      min={0}
      max={max}
      clampBehavior="strict"
      hideControls
      inputMode="decimal"
    />
  );
}
