import { notifications } from '@mantine/notifications';

/**
 * The one notice path (issue 51): every success, warning and failure toast goes through here,
 * drawn by the app's one `<Notifications>` (app/notifications-host.tsx): at the top centre,
 * above the bottom tab bar on a phone, over any dialog but never on its title. The texts are
 * the screens' own; the close button's name comes from the theme.
 */
interface NotifyOptions {
  id?: string;
  autoClose?: number;
}

const show = (color: string, message: string, o?: NotifyOptions): string =>
  notifications.show({ color, message, ...o });

export const notifySuccess = (message: string, o?: NotifyOptions): string => show('praca', message, o);
export const notifyWarning = (message: string, o?: NotifyOptions): string => show('yellow', message, o);
export const notifyError = (message: string, o?: NotifyOptions): string => show('red', message, o);
