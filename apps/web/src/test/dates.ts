import type { UserEvent } from '@testing-library/user-event';

/** Types a `YYYY-MM-DD` day into a DateInput as a person does: `dd/mm/aaaa`, digits only. */
export async function typeDate(user: UserEvent, input: HTMLElement, iso: string): Promise<void> {
  await user.clear(input);
  await user.type(input, `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`);
}

/** `dd/mm/aaaa` of a `YYYY-MM-DD` day, as a DateInput shows it. */
export const shownDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
