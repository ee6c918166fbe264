import { useEffect, useRef } from 'react';
import { Alert, type AlertProps } from '@mantine/core';
import { focusFirstInvalid, scrollIntoView } from './focus';
import { AlertIcon } from './icons';
import { useCloseOnceSeen } from './use-close-once-seen';

export interface FormAlertProps extends Omit<AlertProps, 'children' | 'onClose' | 'role' | 'title'> {
  /** The text; null shows nothing. */
  message: string | null;
  /** Changes on every show, so the same text shown again is treated as new (default: the text). */
  seq?: number;
  /** 'error' (default): red, `role="alert"`; 'success': green, `role="status"`. */
  tone?: 'error' | 'success';
  /** Closes the message (its close button, a click on it when `closeOnClick`, the timer). */
  onClose?: () => void;
  /** Closes it this long after it was first seen on screen (never while it is out of view). */
  closeAfterMs?: number;
  /** A click anywhere on the message closes it (the editors' red alert, spec §2). */
  closeOnClick?: boolean;
  'data-testid'?: string;
}

/**
 * The one way a form shows its outcome where the person is looking (issue 35): placed next to
 * the button that was pressed (Save, Cadastrar, Acessar), announced (`role="alert"`, or
 * `status` for a success), and on each show
 * - an error moves the focus to the first field marked invalid in its form (`aria-invalid`),
 *   brought to the middle of the view;
 * - otherwise the message is scrolled into view and an error takes the focus itself (the
 *   pressed button was disabled while the call ran, which left the focus on the page), so
 *   the keyboard goes on from there.
 * With `closeAfterMs` it closes that long after it was first seen, never unseen.
 */
export function FormAlert({
  message,
  seq,
  tone = 'error',
  onClose,
  closeAfterMs,
  closeOnClick = false,
  ...alertProps
}: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const showKey = message === null ? null : (seq ?? message);
  const error = tone === 'error';

  useEffect(() => {
    const el = ref.current;
    if (!el || showKey === null) return;
    if (error && focusFirstInvalid(el.closest('form') ?? el.parentElement ?? el)) return;
    scrollIntoView(el);
    if (error) el.focus({ preventScroll: true });
  }, [showKey, error]);

  // Closing the alert while it holds the focus hands the focus to the form's button (in a
  // dialog, a focus left on the page would let Tab walk the page behind).
  const close =
    onClose &&
    (() => {
      const el = ref.current;
      if (el?.contains(document.activeElement)) focusFormAction(el);
      onClose();
    });
  useCloseOnceSeen(ref, showKey, closeAfterMs, close);

  if (message === null) return null;
  return (
    <Alert
      ref={ref}
      color={error ? 'red' : 'green.9'}
      icon={error ? <AlertIcon /> : undefined}
      role={error ? 'alert' : 'status'}
      tabIndex={-1}
      withCloseButton={close !== undefined && closeOnClick}
      closeButtonLabel="Fechar aviso"
      onClose={close}
      onClick={closeOnClick ? close : undefined}
      style={closeOnClick ? { cursor: 'pointer' } : undefined}
      {...alertProps}
    >
      {message}
    </Alert>
  );
}

/** The form's enabled submit button, else the dialog around it, takes the focus. */
function focusFormAction(el: HTMLElement): void {
  const submit = el.closest('form')?.querySelector<HTMLElement>('button[type="submit"]:not([disabled])');
  const target = submit ?? el.closest<HTMLElement>('[role="dialog"]');
  target?.focus({ preventScroll: true });
}
