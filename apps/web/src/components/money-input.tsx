import { NumberInput, type NumberInputProps } from '@mantine/core';
import { SALE_MAX_VALUE } from '@praca/contract';

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
export function MoneyInput({ value, onChange, max = SALE_MAX_VALUE, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(v) => {
        if (typeof v === 'number') onChange(Number.isFinite(v) ? toCents(v) : null);
        else if (v.trim() === '') onChange(null);
        else {
          const n = Number(v.replace(/\./g, '').replace(',', '.'));
          onChange(Number.isFinite(n) ? toCents(n) : null);
        }
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
