/**
 * What the apurações' dialogs share (their forms are checked with the contract through
 * `contractForm` and `contractResolver`, components/editor/contract-check.ts): the dialog that holds it (`FormModal`, full screen on a phone, the API's refusal next to its
 * buttons) and the calendar exception's field, revealed when the API refuses the contest's
 * number for its day.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FieldValues, type UseFormSetError } from 'react-hook-form';
import { MSG_APURACAO } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';

/** A refusal shown next to the dialog's buttons; `seq` makes a repeated text a new show. */
interface Shown {
  message: string;
  seq: number;
}

export function useShown() {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = (message: string) => setShown((prev) => ({ message, seq: (prev?.seq ?? 0) + 1 }));
  return { shown, show, clear: () => setShown(null) };
}

/** An optional text: '' (or spaces) is not sent. */
export const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

/** Whether the API refused the contest's number for its day (the calendar exception is asked). */
export const isConcursoNaoConfere = (e: unknown) =>
  e instanceof ApiError && e.status === 400 && e.message === MSG_APURACAO.concursoNaoConfere;

interface FormModalProps {
  title: string;
  submitText: string;
  busy: boolean;
  shown: Shown | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  /** The submit button's colour (red for what cannot be undone). */
  danger?: boolean;
}

/** A dialog holding one form: full screen on a phone, the API's refusal next to its buttons. */
export function FormModal({
  title,
  submitText,
  busy,
  shown,
  onClose,
  onSubmit,
  children,
  danger,
}: FormModalProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <FormAlert message={shown?.message ?? null} seq={shown?.seq} />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy} color={danger ? 'red.9' : undefined}>
              {submitText}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The calendar exception: asked once the API said the contest's number does not match its day
 * (400). The refusal is marked on the field, which takes the focus.
 */
export function revealExcecao<T extends FieldValues & { excecao_motivo: string }>(
  setError: UseFormSetError<T>,
  setExcecao: (v: boolean) => void,
) {
  setExcecao(true);
  setError('excecao_motivo' as Parameters<UseFormSetError<T>>[0], {
    type: 'server',
    message: MSG_APURACAO.concursoNaoConfere,
  });
}

export function ExcecaoField(props: TextareaProps) {
  return (
    <Textarea
      label="Motivo da exceção ao calendário"
      description="Por que o número do concurso não corresponde à data pelo calendário da Loteria Federal (de 10 a 500 caracteres). Fica público no edital e na ata."
      maxLength={500}
      autosize
      minRows={2}
      {...props}
    />
  );
}
