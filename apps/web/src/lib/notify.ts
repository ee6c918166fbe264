import { notifications } from '@mantine/notifications';

/** The close button of a toast is named (axe button-name). */
const CLOSE = { 'aria-label': 'Fechar aviso' };

/** A success toast (the one notice path: `@mantine/notifications`). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'praca', message, closeButtonProps: CLOSE });
}

/** A failure toast. */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, closeButtonProps: CLOSE });
}
