import type {
  ControllerFieldState,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
  PathValue,
  UseFormReturn,
} from 'react-hook-form';

/**
 * The props of an input a `Controller` binds (masked inputs, dates, selects): its name, value,
 * change, blur, element (for the focus on a refusal) and its refusal under it.
 */
export function controlled<T extends FieldValues, N extends FieldPath<T>>({
  field,
  fieldState,
}: {
  field: ControllerRenderProps<T, N>;
  fieldState: ControllerFieldState;
}) {
  return {
    name: field.name,
    // A text field not filled in yet is '' (a controlled input from the start).
    value: (field.value ?? '') as NonNullable<PathValue<T, N>>,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.error?.message,
  };
}

/**
 * The props of a text input registered with the form (`register`), with its refusal under it.
 */
export function registered<T extends FieldValues, N extends FieldPath<T>>(form: UseFormReturn<T>, name: N) {
  return { ...form.register(name), error: form.getFieldState(name, form.formState).error?.message };
}
