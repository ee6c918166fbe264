import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ContractCheck } from '@/components/editor/contract-check';
import { useEditorError } from '@/components/editor/editor-dialog';
import { useContractForm } from '@/components/editor/use-contract-form';
import { describeError } from '@/lib/api-client';

interface CreateMutation<TBody, TAnswer> {
  mutate: (
    body: TBody,
    callbacks: { onSuccess: (answer: TAnswer) => void; onError: (e: unknown) => void },
  ) => void;
  isPending: boolean;
}

interface SecretFormOptions<TValues extends FieldValues, TBody, TAnswer> {
  initial: TValues;
  check: (values: TValues) => ContractCheck<TBody>;
  create: CreateMutation<TBody, TAnswer>;
  /** The secret of the answer, shown this once (a key, a hook's signing secret). */
  secretOf: (answer: TAnswer) => string;
  /** What the form keeps after a creation: the values it starts the next one with. */
  afterCreate: (values: TValues) => TValues;
}

/**
 * A form that creates a credential (an API key, a webhook) checked with the contract: every
 * refusal under its field, the server's refusal in the red alert, and on success the secret
 * shown once (`shown`, cleared with `hideShown`).
 */
export function useSecretForm<TValues extends FieldValues, TBody, TAnswer>({
  initial,
  check,
  create,
  secretOf,
  afterCreate,
}: SecretFormOptions<TValues, TBody, TAnswer>) {
  const [shown, setShown] = useState<string | null>(null);
  const alert = useEditorError();
  const form = useContractForm<TValues, TBody>({
    initial,
    check,
    show: alert.show,
    busy: create.isPending,
    onValid: (body) => {
      alert.clear();
      create.mutate(body, {
        onSuccess: (answer) => {
          setShown(secretOf(answer));
          form.form.reset(afterCreate(form.form.getValues()));
        },
        onError: (err) => alert.show(describeError(err)),
      });
    },
  });
  return { ...form, alert, shown, hideShown: () => setShown(null) };
}
