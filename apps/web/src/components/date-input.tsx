import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import {
  ActionIcon,
  Group,
  InputBase,
  Popover,
  Text,
  VisuallyHidden,
  type InputBaseProps,
} from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { todayIso } from '@/lib/today';
import type { ContractIssue, ContractRefusal } from './editor/contract-check';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/**
 * A date field in Brazilian order, whatever the browser's language (issue 35): a text field
 * masked `dd/mm/aaaa` and a calendar button beside it. The form keeps `YYYY-MM-DD`, what the
 * API expects, once the typed text is a real day; while it is not (`12/0`, `31/02/2026`) the
 * form keeps the text itself, which every check refuses, so a half-typed date is never sent
 * nor silently dropped. '' is an empty field.
 */

/** What a form says of a typed date that is no real day. */
export const DATA_DIGITADA_INVALIDA = 'Data inválida: use dd/mm/aaaa';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const WEEKDAYS = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];
const WEEKDAY_LETTERS = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'];

const DAY_MS = 86_400_000;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() + 1 === Number(m[2]) &&
    d.getUTCDate() === Number(m[3])
  );
}

/** A value that is given but is no real day (what a form refuses with {@link DATA_DIGITADA_INVALIDA}). */
export const isBadDay = (value: string): boolean => value.trim() !== '' && !isIsoDay(value);

/**
 * Words the contract's refusal of one of the form's date fields `dateFields` (its texts say
 * `AAAA-MM-DD`, the wire's form) when the person typed a date that is no real day:
 * {@link DATA_DIGITADA_INVALIDA}, marking the field. An empty field keeps the contract's own text ('Informe a validade do aviso'),
 * unless `emptyToo`.
 */
export function typedDayRefusal<F extends string>(
  issue: ContractIssue,
  values: Partial<Record<F, unknown>>,
  dateFields: readonly F[],
  { emptyToo = false } = {},
): ContractRefusal<F> | undefined {
  const field = dateFields.find((f) => f === issue.path[0]);
  const value = field === undefined ? undefined : values[field];
  if (typeof value !== 'string' || isIsoDay(value) || (!emptyToo && value.trim() === '')) return undefined;
  return { erro: DATA_DIGITADA_INVALIDA, campo: field };
}

/** `dd/mm/aaaa` of a `YYYY-MM-DD` day. */
export const brOfIso = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** `YYYY-MM-DD` of a typed `dd/mm/aaaa`, or null while it is no real day. */
export function isoOfBr(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDay(iso) ? iso : null;
}

const utcOf = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoOfUtc = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => isoOfUtc(utcOf(iso) + n * DAY_MS);

/** The same day `n` months later (the month's last day when it is shorter). */
function addMonths(iso: string, n: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + n;
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoOfUtc(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(Number(iso.slice(8, 10)), last)),
  );
}

/** '15 de março de 2026, domingo': what a screen reader says of a day button. */
function spokenDay(iso: string): string {
  const d = new Date(utcOf(iso));
  return `${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}, ${WEEKDAYS[d.getUTCDay()]}`;
}

/** The weeks of a month: 7 cells each, null outside the month; weeks start on Sunday. */
function monthWeeks(anyDay: string): (string | null)[][] {
  const first = `${anyDay.slice(0, 7)}-01`;
  const lead = new Date(utcOf(first)).getUTCDay();
  const days = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < days; d++) cells.push(addDays(first, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * Mantine's Modal closes on Escape (a window listener, in the capture phase) unless the key
 * comes from an element marked so. While the calendar is open every place the focus can be —
 * the field, its button, the popup itself while its focus trap starts, a day, the month
 * buttons — is marked, so an Escape closes the calendar and never the dialog around it.
 */
const KEEP_MODAL = { 'data-mantine-stop-propagation': 'true' } as const;

interface CalendarProps {
  selected: string | null;
  /** The day that has the keyboard first (the selected one, else today). */
  start: string;
  onPick: (iso: string) => void;
}

/**
 * A month grid of buttons: arrows move by a day or a week, Home and End to the week's ends,
 * Page Up and Page Down by a month (with Shift, a year), Enter or Space picks; Escape closes
 * the popover. Only the day with the keyboard is in the Tab order.
 */
function Calendar({ selected, start, onPick }: CalendarProps) {
  const [focused, setFocused] = useState(start);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const today = todayIso();

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const move = (next: string) => {
    moved.current = true;
    setFocused(next);
  };

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    const weekday = new Date(utcOf(focused)).getUTCDay();
    const keys: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageUp: () => addMonths(focused, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, e.shiftKey ? 12 : 1),
    };
    const next = keys[e.key];
    if (!next) return;
    e.preventDefault();
    move(next());
  }

  const month = Number(focused.slice(5, 7)) - 1;
  const title = `${MONTHS[month]} de ${focused.slice(0, 4)}`;
  return (
    <div>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="dark"
          aria-label="Mês anterior"
          onClick={() => setFocused(addMonths(focused, -1))}
          {...KEEP_MODAL}
        >
          <ChevronLeftIcon />
        </ActionIcon>
        {/* Portuguese month names are lower case: 'novembro de 2026', never 'Novembro De 2026'. */}
        <Text id={titleId} fw={600} aria-live="polite">
          {title}
        </Text>
        <ActionIcon
          variant="subtle"
          color="dark"
          aria-label="Próximo mês"
          onClick={() => setFocused(addMonths(focused, 1))}
          {...KEEP_MODAL}
        >
          <ChevronRightIcon />
        </ActionIcon>
      </Group>
      <table
        ref={grid}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        style={{ borderCollapse: 'collapse', margin: '0 auto' }}
      >
        <thead>
          <tr>
            {WEEKDAY_LETTERS.map((letter, i) => (
              <th key={WEEKDAYS[i]} scope="col" style={{ padding: 0, fontWeight: 500 }}>
                <abbr title={WEEKDAYS[i]} style={{ textDecoration: 'none' }}>
                  <Text span size="sm" c="dimmed">
                    {letter}
                  </Text>
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => (
                <td key={day ?? `vazio-${i}`} style={{ padding: 1, textAlign: 'center' }}>
                  {day ? (
                    <ActionIcon
                      size={36}
                      radius="xl"
                      variant={day === selected ? 'filled' : day === today ? 'outline' : 'subtle'}
                      color={day === selected || day === today ? undefined : 'dark'}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={day === selected ? `${spokenDay(day)}, escolhido` : spokenDay(day)}
                      aria-current={day === today ? 'date' : undefined}
                      data-autofocus={day === focused ? true : undefined}
                      onClick={() => onPick(day)}
                      onFocus={() => {
                        if (day !== focused) setFocused(day);
                      }}
                      {...KEEP_MODAL}
                    >
                      <Text span size="sm" fw={day === selected ? 700 : 400}>
                        {Number(day.slice(8, 10))}
                      </Text>
                    </ActionIcon>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}

export interface DateInputProps extends Omit<InputBaseProps, 'value' | 'onChange' | 'label'> {
  /** The field's name on screen; it also names the calendar button. */
  label: string;
  /** `YYYY-MM-DD`, '' for none, or the text being typed while it is no real day. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  readOnly?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  'data-autofocus'?: boolean;
}

/** The masked `dd/mm/aaaa` field with its calendar (see the module's comment). */
export function DateInput({ label, value, onChange, inputRef, readOnly, disabled, ...rest }: DateInputProps) {
  const [opened, setOpened] = useState(false);
  const nameId = useId();
  const selected = isIsoDay(value) ? value : null;
  const shown = selected ? brOfIso(selected) : value;
  // From the field or its button (outside the popup, whose own Escape closes it).
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && opened) {
      e.preventDefault();
      setOpened(false);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      trapFocus
      returnFocus
      // No fade: a calendar reopened while the last one was still fading out was hidden by
      // that fade's end, taking the keyboard's place with it (Escape then reached the dialog).
      transitionProps={{ duration: 0 }}
      shadow="md"
      middlewares={{ flip: true, shift: { padding: 8 } }}
    >
      <InputBase
        {...rest}
        data-mantine-stop-propagation={opened || undefined}
        onKeyDown={closeOnEscape}
        label={label}
        component={IMaskInput}
        mask="00/00/0000"
        value={shown}
        onAccept={(text: string, _mask: unknown, event?: Event) => {
          // IMask accepts a value set from outside too; only what the person types is news.
          if (event) onChange(text === '' ? '' : (isoOfBr(text) ?? text));
        }}
        inputRef={inputRef}
        placeholder="dd/mm/aaaa"
        inputMode="numeric"
        autoComplete="off"
        readOnly={readOnly}
        disabled={disabled}
        rightSectionPointerEvents="all"
        rightSection={
          readOnly ? null : (
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="dark"
                aria-label={`Abrir calendário: ${label}`}
                disabled={disabled}
                onClick={() => setOpened((o) => !o)}
                data-mantine-stop-propagation={opened || undefined}
                onKeyDown={closeOnEscape}
              >
                <CalendarIcon />
              </ActionIcon>
            </Popover.Target>
          )
        }
      />
      <Popover.Dropdown p="xs" aria-labelledby={nameId} {...KEEP_MODAL}>
        <VisuallyHidden id={nameId}>Calendário: {label}</VisuallyHidden>
        <Calendar
          selected={selected}
          start={selected ?? todayIso()}
          onPick={(day) => {
            onChange(day);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
