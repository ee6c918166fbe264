import type { Ref } from 'react';
import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

/**
 * Masked text fields (spec §5): the person sees `00000-000` or `(11) 98765-4321`; the form
 * keeps digits only. The masks give the same text as the contract's `formatCep` and
 * `formatPhone`, which the tests check.
 */
export interface MaskedFieldProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** Digits only. */
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** CEP: 8 digits shown as `00000-000`, at most 9 characters. */
const CEP_MASK = '00000-000';

/** CPF (issue 40): 11 digits shown as `000.000.000-00`. */
const CPF_MASK = '000.000.000-00';

/** Phone with area code, 10 or 11 digits: `(00) 0000-0000` or `(00) 00000-0000`. */
const PHONE_MASK = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }];

export function CepInput({ value, onChange, inputRef, ...rest }: MaskedFieldProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={CEP_MASK}
      unmask
      value={value}
      onAccept={(v: string) => onChange(v)}
      inputRef={inputRef}
      inputMode="numeric"
    />
  );
}

export function PhoneInput({ value, onChange, inputRef, ...rest }: MaskedFieldProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={PHONE_MASK}
      unmask
      value={value}
      onAccept={(v: string) => onChange(v)}
      inputRef={inputRef}
      type="tel"
      inputMode="tel"
    />
  );
}

export function CpfInput({ value, onChange, inputRef, ...rest }: MaskedFieldProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={CPF_MASK}
      unmask
      value={value}
      onAccept={(v: string) => onChange(v)}
      inputRef={inputRef}
      inputMode="numeric"
    />
  );
}
