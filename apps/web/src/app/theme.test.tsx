import { Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';

describe('theme', () => {
  it('names every dialog’s close button "Fechar" unless the dialog names it itself', async () => {
    renderWithApp(
      <>
        <Modal opened onClose={() => {}} title="Foto do comprovante">
          corpo
        </Modal>
        <Modal opened onClose={() => {}} title="Outro" closeButtonProps={{ 'aria-label': 'Fechar o outro' }}>
          corpo
        </Modal>
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar o outro' })).toBeInTheDocument();
  });
});
