import { notifications } from '@mantine/notifications';
import { MSG_PROMOTOR, type PromotorCidade } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { PromotorSection } from './promotor-section';

const PATH = '/v1/adm/cidades/3548500/promotor';

const promotor = (extra: Partial<PromotorCidade> = {}): PromotorCidade => ({
  cod_cidade: 3548500,
  cidade: 'Santos',
  uf: 'SP',
  promotor_nome: 'Praça Promoções Ltda',
  promotor_cnpj: '11.222.333/0001-81',
  ...extra,
});

let api: MockApi;
let toasts: MockInstance<typeof notifications.show>;

beforeEach(() => {
  setSession(testSession({ admin: true, superadmin: true }));
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  api = mockApi({
    [`GET ${PATH}`]: () => jsonResponse(200, promotor()),
    // The API stores what it was sent: the reload after saving reads it.
    [`PATCH ${PATH}`]: (_url, init) => {
      const salvo = promotor(JSON.parse(String(init?.body)) as Partial<PromotorCidade>);
      api.routes[`GET ${PATH}`] = () => jsonResponse(200, salvo);
      return jsonResponse(200, salvo);
    },
  });
});

afterEach(() => vi.restoreAllMocks());

const open = (canEdit: boolean) => renderWithApp(<PromotorSection codCidade={3548500} canEdit={canEdit} />);

const section = () => screen.getByRole('region', { name: 'Promotor das apurações' });

describe("the city's apuração promoter (issue 49)", () => {
  it('shows the configured promoter with its CNPJ', async () => {
    open(false);
    expect(
      await screen.findByText('Promotor: Praça Promoções Ltda — CNPJ 11.222.333/0001-81'),
    ).toBeInTheDocument();
    expect(within(section()).getByRole('heading', { name: 'Promotor das apurações' })).toBeInTheDocument();
  });

  it('says when the promoter is not configured yet', async () => {
    api.routes[`GET ${PATH}`] = () =>
      jsonResponse(200, promotor({ promotor_nome: null, promotor_cnpj: null }));
    open(true);
    expect(
      await screen.findByText('Promotor ainda não configurado: o edital e a ata sairão sem ele.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar promotor' })).toBeInTheDocument();
  });

  it("shows the load's error with a retry", async () => {
    api.routes[`GET ${PATH}`] = () => jsonResponse(500, { erro: 'Falha ao ler a cidade' });
    open(true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o promotor das apurações.');
    expect(alert).toHaveTextContent('Falha ao ler a cidade');
    expect(screen.queryByRole('button', { name: 'Editar promotor' })).not.toBeInTheDocument();

    api.routes[`GET ${PATH}`] = () => jsonResponse(200, promotor());
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/^Promotor: Praça Promoções Ltda/)).toBeInTheDocument();
  });

  it('the super-admin edits the promoter: the PATCH carries the name and the masked CNPJ', async () => {
    const user = userEvent.setup();
    api.routes[`GET ${PATH}`] = () =>
      jsonResponse(200, promotor({ promotor_nome: null, promotor_cnpj: null }));
    open(true);
    await user.click(await screen.findByRole('button', { name: 'Editar promotor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar promotor' });
    const nome = within(dialog).getByRole('textbox', { name: /Nome do promotor/ });
    await waitFor(() => expect(nome).toHaveFocus());
    await user.type(nome, '  Instituto Praça  ');
    await user.type(within(dialog).getByRole('textbox', { name: /CNPJ do promotor/ }), '12abc34501de35');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.bodyOf('PATCH', PATH)).toEqual({
      promotor_nome: 'Instituto Praça',
      promotor_cnpj: '12.ABC.345/01DE-35',
    });
    expect(toasts.mock.calls.map(([n]) => String(n.message))).toEqual([
      'Promotor das apurações de Santos/SP salvo: Instituto Praça.',
    ]);
    expect(
      await screen.findByText('Promotor: Instituto Praça — CNPJ 12.ABC.345/01DE-35'),
    ).toBeInTheDocument();
  });

  it("shows the API's refusal inside the dialog, which stays open", async () => {
    const user = userEvent.setup();
    api.routes[`PATCH ${PATH}`] = () =>
      jsonResponse(403, { erro: 'Só o superadministrador altera o promotor' });
    open(true);
    await user.click(await screen.findByRole('button', { name: 'Editar promotor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar promotor' });
    expect(within(dialog).getByRole('textbox', { name: /Nome do promotor/ })).toHaveValue(
      'Praça Promoções Ltda',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Só o superadministrador altera o promotor',
    );
    expect(toasts).not.toHaveBeenCalled();
  });

  it('a city admin sees the promoter but no edit button', async () => {
    setSession(testSession({ admin: true }));
    open(false);
    await screen.findByText(/^Promotor: Praça Promoções Ltda/);
    expect(screen.queryByRole('button', { name: 'Editar promotor' })).not.toBeInTheDocument();
  });

  it('an invalid CNPJ is refused under its field and nothing is sent', async () => {
    const user = userEvent.setup();
    open(true);
    await user.click(await screen.findByRole('button', { name: 'Editar promotor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar promotor' });
    const cnpj = within(dialog).getByRole('textbox', { name: /CNPJ do promotor/ });
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000182');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(cnpj).toHaveAttribute('aria-invalid', 'true'));
    expect(cnpj).toHaveAccessibleDescription(expect.stringContaining(MSG_PROMOTOR.cnpjInvalido));
    expect(within(dialog).getByText(MSG_PROMOTOR.cnpjInvalido)).toBeInTheDocument();
    expect(api.calls('PATCH', PATH)).toHaveLength(0);
  });
});
