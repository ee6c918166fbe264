import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
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
  /** Called with the first refused field (e.g. to bring its tab into view). */
  onRefused?: (campo: string | undefined) => void;
  /** A call is running: every field is disabled. */
  busy: boolean;
}

/**
 * The form state of every form: react-hook-form holds the values and the refusals, and `check`
 * is the contract's schema (`checkWithContract`), so the browser refuses what the server would
 * refuse, with the same Portuguese message. Saving a refused form shows every refusal at once
 * under its field and focuses the first refused field on the page (so a long dialog scrolls
 * to it); a refusal that names no field goes to the red alert. Changing a field clears its own.
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
  /** The elements of the fields, to focus the first refused one in the page's order. */
  const elements = useRef(new Map<string, HTMLElement>());
  /**
   * A field's element: bound here (`text`, `control`, `bind`), or registered with the form
   * itself (`register`, a `Controller`'s `field.ref`: react-hook-form keeps it in its fields).
   */
  const elementOf = useCallback(
    (name: string): HTMLElement | undefined => {
      const own = elements.current.get(name);
      if (own?.isConnected) return own;
      const fields = (form.control as unknown as { _fields: Record<string, { _f?: { ref?: unknown } }> })
        ._fields;
      const ref = fields[name]?._f?.ref;
      return ref instanceof HTMLElement && ref.isConnected ? ref : undefined;
    },
    [form],
  );
  const [focusSeq, setFocusSeq] = useState(0);
  useEffect(() => {
    if (focusSeq === 0) return;
    // A field on a tab not shown cannot take the focus: the first one on screen does.
    const refused = Object.keys(form.formState.errors)
      .map(elementOf)
      .filter((el): el is HTMLElement =>
        Boolean(el && !el.closest('[role="tabpanel"][style*="display: none"]')),
      );
    refused.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    refused[0]?.focus();
  }, [focusSeq, form, elementOf]);
  /** Keeps a field's element (its `ref`), for the focus on a refusal. */
  const bind = (name: string) => (el: HTMLElement | null) => {
    if (el) elements.current.set(name, el);
    else elements.current.delete(name);
  };
  const message = (name: string): string | undefined => {
    const e = (errors as Record<string, { message?: string } | undefined>)[name];
    return e ? e.message || ' ' : undefined;
  };

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
      error: message(name),
      ref: bind(name),
      disabled: busy,
    };
  }

  /** The props of an input whose `onChange` gives the value itself (image, money, decimal). */
  function control<K extends Path<TValues>>(name: K) {
    return {
      value: form.getValues(name),
      onChange: (value: PathValue<TValues, K>) => setField(name, value),
      error: message(name),
      ref: bind(name),
      disabled: busy,
    };
  }

  /** The refusal of this field (its `error`: the message under it), or undefined. */
  const mark = message;

  /**
   * Checks the form with the contract: every refusal shows under its field at once and the
   * first refused field gets focus; a refusal with no field goes to the red alert. An
   * accepted form clears the refusals and goes on with the body.
   */
  const save = () => {
    if (!started) return;
    const checked = check(form.getValues());
    form.clearErrors();
    if (checked.ok) {
      onValid(checked.body);
      return;
    }
    const refusals = checked.erros ?? [{ erro: checked.erro, campo: checked.campo }];
    // A refusal of no field, or of one not on screen (another tab), goes to the red alert.
    const loose = refusals.find((r) => r.campo === undefined || !elementOf(r.campo));
    for (const r of refusals) {
      if (r.campo === undefined) continue;
      form.setError(r.campo as Path<TValues>, { type: 'contract', message: r.erro });
    }
    if (loose) {
      form.setError(FORM_ERROR as Path<TValues>, { type: 'contract', message: loose.erro });
      show(loose.erro);
    }
    onRefused?.(checked.campo);
    setFocusSeq((n) => n + 1);
  };

  return { form, values, invalid, mark, bind, clearMark, setField, update, text, control, save };
}
