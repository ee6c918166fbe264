import { useCallback, useState, type ChangeEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import type { ContractCheck } from './contract-check';

/** Where a refusal that names no field is kept among the form's errors. */
const FORM_ERROR = 'formulario';

/** The names of the form's text fields (inputs, text areas, native selects). */
type TextField<TValues> = {
  [K in keyof TValues]: TValues[K] extends string ? K : never;
}[keyof TValues] &
  string;

type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

export interface ContractFormOptions<TValues extends FieldValues, TBody> {
  /**
   * What the form starts with; undefined while the record loads. The form starts once, from
   * the first answer: a later refetch never overwrites what is being typed.
   */
  initial: TValues | undefined;
  /** The values checked with the contract's schema (`checkWithContract`): the body, or the first refusal. */
  check: (values: TValues) => ContractCheck<TBody>;
  /** Shows a refusal in the red alert (`useEditorError().show`). */
  show: (message: string) => void;
  /** Called with the checked body when the form is saved. */
  onValid: (body: TBody) => void;
  /** Called with the refused field (e.g. to bring it into view). */
  onRefused?: (campo: string | undefined) => void;
  /** A call is running: every field is disabled. */
  busy: boolean;
}

/**
 * The form state of every editor: react-hook-form holds the values and the marks, and `check`
 * is the contract's schema (`checkWithContract`), so the browser refuses what the server would
 * refuse, with the same Portuguese message. Saving a refused form shows the first refusal in
 * the red alert and marks its field; changing a field clears its mark.
 */
export function useContractForm<TValues extends FieldValues, TBody>({
  initial,
  check,
  show,
  onValid,
  onRefused,
  busy,
}: ContractFormOptions<TValues, TBody>) {
  const form = useForm<TValues>({
    defaultValues: initial as DefaultValues<TValues> | undefined,
  });
  const [started, setStarted] = useState(initial !== undefined);
  if (!started && initial !== undefined) {
    setStarted(true);
    form.reset(initial);
  }
  const watched = useWatch({ control: form.control }) as TValues;
  const values = started ? watched : null;
  const errors = form.formState.errors;
  const invalid = Object.keys(errors).find((k) => k !== FORM_ERROR) ?? null;

  /** Clears the mark of a field (or of a part of one, e.g. 'loja:12:fator_sorteio'). */
  const clearMark = useCallback(
    (name: string) => {
      const path = name as Path<TValues>;
      if (form.getFieldState(path).invalid) form.clearErrors(path);
    },
    [form],
  );

  /** Sets one field and clears its mark. */
  const setField = useCallback(
    <K extends Path<TValues>>(name: K, value: PathValue<TValues, K>) => {
      form.setValue(name, value, { shouldDirty: true });
      clearMark(name);
    },
    [form, clearMark],
  );

  /** Sets several fields at once from the current values (a change that moves others along). */
  const update = useCallback(
    (change: (current: TValues) => TValues) => {
      const current = form.getValues();
      const next = change(current);
      for (const key of Object.keys(next) as Path<TValues>[]) {
        if (next[key] !== current[key]) form.setValue(key, next[key] as PathValue<TValues, Path<TValues>>);
      }
    },
    [form],
  );

  /** The props of a text input, text area or native select bound to a string field. */
  function text<K extends TextField<TValues>>(name: K) {
    return {
      value: (values?.[name] ?? '') as string,
      onChange: (e: TextChange) =>
        setField(
          name as unknown as Path<TValues>,
          e.currentTarget.value as PathValue<TValues, Path<TValues>>,
        ),
      error: invalid === name,
      disabled: busy,
    };
  }

  /** The props of an input whose `onChange` gives the value itself (image, money, decimal). */
  function control<K extends Path<TValues>>(name: K) {
    return {
      value: form.getValues(name),
      onChange: (value: PathValue<TValues, K>) => setField(name, value),
      disabled: busy,
    };
  }

  /** Whether a refusal points at this field (its `error` mark). */
  const mark = (name: string) => invalid === name;

  /**
   * Checks the form with the contract right away (the red alert shows in the same event, as
   * the spec's editors do): a refusal marks its field and shows its message; an accepted
   * form clears the marks and goes on with the body.
   */
  const save = () => {
    if (!started) return;
    const checked = check(form.getValues());
    if (!checked.ok) {
      form.clearErrors();
      form.setError((checked.campo ?? FORM_ERROR) as Path<TValues>, {
        type: 'contract',
        message: checked.erro,
      });
      onRefused?.(checked.campo);
      show(checked.erro);
      return;
    }
    form.clearErrors();
    onValid(checked.body);
  };

  return { form, values, invalid, mark, clearMark, setField, update, text, control, save };
}
