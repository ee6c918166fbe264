import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorDialog, useEditorError, type EditorDialogProps } from './editor-dialog';

type Props = Partial<Omit<EditorDialogProps, 'error' | 'onErrorClose'>> & {
  initialError?: string;
  /** The field 'Cidade' is marked invalid (a refusal pointing at it). */
  cidadeInvalida?: boolean;
};

function Harness({ initialError, cidadeInvalida = false, ...props }: Props) {
  const { error, show, clear } = useEditorError();
  return (
    <MantineProvider env="test">
      <button type="button" onClick={() => show(initialError ?? 'Falhou')}>
        mostrar erro
      </button>
      <EditorDialog
        opened
        onClose={() => undefined}
        title="Editar registro"
        recordId={0}
        onSave={() => undefined}
        error={error}
        onErrorClose={clear}
        {...props}
      >
        <label>
          Nome
          <input name="nome" />
        </label>
        <label>
          Cidade
          <input name="cidade" aria-invalid={cidadeInvalida} />
        </label>
      </EditorDialog>
    </MantineProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver the test drives: `see(true)` puts the observed elements on screen. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    see(visible: boolean) {
      for (const o of observers) {
        const entries = o.targets.map(
          (target) =>
            ({
              target,
              isIntersecting: visible,
              intersectionRatio: visible ? 1 : 0,
            }) as IntersectionObserverEntry,
        );
        if (entries.length) act(() => o.callback(entries, {} as IntersectionObserver));
      }
    },
  };
}

describe('EditorDialog', () => {
  it('shows the title bar and Salvar; Enter in a field saves', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    expect(screen.getByRole('dialog', { name: 'Editar registro' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('the red alert closes by itself after 5 seconds', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    render(<Harness initialError="Numero da venda invalido" />);
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Numero da venda invalido');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the same error shown again restarts the 5 seconds', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the red alert next to Save, after the fields, announced and brought into view', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Harness initialError="Informe o nome" />);
    const scrolled = vi.mocked(HTMLElement.prototype.scrollIntoView);
    scrolled.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Informe o nome');
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByLabelText('Cidade'), alert)).toBe(true);
    expect(follows(alert, screen.getByRole('button', { name: 'Salvar' }))).toBe(true);
    expect(scrolled.mock.contexts).toContain(alert);
  });

  it('moves the focus to the field the refusal marked', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Harness cidadeInvalida />);
    screen.getByRole('button', { name: 'Salvar' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    expect(screen.getByLabelText('Cidade')).toHaveFocus();
    expect(screen.getByLabelText('Cidade')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes 5 seconds after it was seen, never while out of view', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const screenView = stubIntersectionObserver();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    screenView.see(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    screenView.see(true);
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    // Scrolled away again: the clock, once started, goes on.
    screenView.see(false);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an alert that took the focus hands it to Salvar as it closes', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    render(<Harness />);
    // The dialog's own first focus (a timer of its focus trap) comes first.
    act(() => vi.advanceTimersByTime(50));
    fireEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    expect(screen.getByRole('alert')).toHaveFocus();
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();
  });

  it('a click on the alert closes it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'mostrar erro' }));
    await userEvent.click(screen.getByRole('alert'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no Excluir for a new record (id 0), even with delete enabled', () => {
    render(<Harness recordId={0} onDelete={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it('has no Excluir for an existing record when delete is not enabled', () => {
    render(<Harness recordId={7} />);
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it("asks 'Confirma Exclusao' before deleting; Cancelar keeps the record", async () => {
    const onDelete = vi.fn();
    render(<Harness recordId={7} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(screen.getByRole('dialog', { name: 'Confirma Exclusao' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Confirma Exclusao' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("covers the form with 'Aguarde...' while busy and does not save twice", async () => {
    const onSave = vi.fn();
    render(<Harness busy onSave={onSave} />);
    expect(screen.getByRole('status')).toHaveTextContent('Aguarde...');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    fireEvent.submit(screen.getByLabelText('Nome').closest('form') as HTMLFormElement);
    expect(onSave).not.toHaveBeenCalled();
  });
});
