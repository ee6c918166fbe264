import { TextInput, type TextInputProps } from '@mantine/core';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The text exactly as typed (or as `decimalText` wrote a stored number). */
  value: string;
  onChange: (text: string) => void;
}

/**
 * A decimal field (money, factor, discount): a plain text field that keeps exactly what is
 * typed, so no digit is ever dropped, moved or invented while typing (issue 35). The form
 * reads the text on Save with `readDecimal` (src/lib/decimal-text.ts: Brazilian `1.234,56`,
 * `12,50`, a keypad's `12.5`) and refuses with a message what it cannot read, a minus sign or
 * too many decimals; a stored number comes back as text with `decimalText` (`250,00`).
 */
export function DecimalInput({ value, onChange, ...props }: DecimalInputProps) {
  return (
    <TextInput
      autoComplete="off"
      spellCheck={false}
      {...props}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="decimal"
    />
  );
}

/** Money in reais (spec §5: 2 decimals, comma for decimals, dot for thousands), after `R$`. */
export function MoneyInput(props: DecimalInputProps) {
  return <DecimalInput leftSection={<span aria-hidden="true">R$</span>} {...props} />;
}
