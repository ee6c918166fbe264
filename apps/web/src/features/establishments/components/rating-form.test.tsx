import { notifications } from '@mantine/notifications';
import { MSG } from '@praca/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findFieldRefusal } from '@/test/form';
import { jsonResponse, TestProviders } from '@/test/render';
import { RATING_SENT, RatingForm } from './rating-form';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(202, { id_avaliacao: 77 }));
  vi.stubGlobal('fetch', fetchMock);
});

function setup() {
  const onDone = vi.fn();
  const user = userEvent.setup();
  render(<RatingForm idEstabelecimento={1} onDone={onDone} />, { wrapper: TestProviders });
  return { user, onDone, send: () => user.click(screen.getByRole('button', { name: 'Enviar Avaliação' })) };
}

describe('RatingForm (spec §4, §5)', () => {
  it('starts with no star chosen', () => {
    setup();
    for (const n of [1, 2, 3, 4, 5]) {
      expect(screen.getByRole('radio', { name: n === 1 ? '1 estrela' : `${n} estrelas` })).not.toBeChecked();
    }
  });

  it('sent empty, shows both refusals under their fields at once, focuses the stars and sends nothing', async () => {
    const { send } = setup();
    await send();
    const stars = await findFieldRefusal(document.body, MSG.escolhaEstrelas);
    expect(stars).toHaveAttribute('role', 'radiogroup');
    expect(await findFieldRefusal(document.body, MSG.descrevaOpiniao)).toBe(
      screen.getByLabelText('Sua opinião'),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: '1 estrela' })).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a text but no stars still asks for the stars', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Sua opinião'), 'Muito bom');
    await send();
    await findFieldRefusal(document.body, MSG.escolhaEstrelas);
    expect(screen.queryByText(MSG.descrevaOpiniao)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with stars and a blank text says "Descreva sua opinião!" and sends nothing', async () => {
    const { user, send } = setup();
    await user.click(screen.getByRole('radio', { name: '4 estrelas' }));
    await user.type(screen.getByLabelText('Sua opinião'), '    ');
    await send();
    const opiniao = await findFieldRefusal(document.body, MSG.descrevaOpiniao);
    await waitFor(() => expect(opiniao).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the shop, the stars and the trimmed text; 202 shows the toast and closes', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user, send, onDone } = setup();
    await user.click(screen.getByRole('radio', { name: '5 estrelas' }));
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
    await user.type(screen.getByLabelText('Sua opinião'), '  Pão sempre quentinho  ');
    await send();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/v1\/estabelecimentos\/avaliacoes$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      id_estabelecimento: 1,
      nro_estrelas: 5,
      den_avaliacao: 'Pão sempre quentinho',
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: RATING_SENT }));
  });

  it('shows the server erro (409) in the form and stays open', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { erro: MSG.avaliacaoJaPendente }));
    const { user, send, onDone } = setup();
    await user.click(screen.getByRole('radio', { name: '3 estrelas' }));
    await user.type(screen.getByLabelText('Sua opinião'), 'De novo');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.avaliacaoJaPendente);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancelar closes without sending', async () => {
    const { user, onDone } = setup();
    await user.click(screen.getByRole('radio', { name: '2 estrelas' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
