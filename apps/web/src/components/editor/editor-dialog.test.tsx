import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorDialog, useEditorError, type EditorDialogProps } from './editor-dialog';

type Props = Partial<Omit<EditorDialogProps, 'error' | 'onErrorClose'>> & { initialError?: string };

function Harness({ initialError, ...props }: Props) {
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
      </EditorDialog>
    </MantineProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

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
