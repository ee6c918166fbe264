import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Finds a refusal under its field: the message is the description of a field marked invalid
 * (Mantine's `error`), not a red alert. Answers the field.
 */
export async function findFieldRefusal(scope: HTMLElement, message: string | RegExp): Promise<HTMLElement> {
  const text = await within(scope).findByText(message, { ignore: 'option, script, style' });
  const field = text.id ? scope.querySelector<HTMLElement>(`[aria-describedby~="${text.id}"]`) : null;
  expect(field, `no field is described by "${text.textContent ?? ''}"`).not.toBeNull();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  return field as HTMLElement;
}
