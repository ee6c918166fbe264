import type { CpfComprovacaoAdmin } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { findFieldRefusal } from '@/test/form';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { CpfComprovacoesAdminScreen } from './cpf-comprovacoes-admin-screen';

const PATH = '/v1/adm/cpf-comprovacoes';

const comprovacao = (o: Partial<CpfComprovacaoAdmin> = {}): CpfComprovacaoAdmin => ({
  id_comprovacao: 5,
  status: 'aberta',
  motivo: null,
  criado_em: '2026-11-29T12:00:00.000Z',
  decidido_em: null,
  id_usuario: 3,
  nome_usuario: 'Rosa Morador',
  cod_cidade: 3548500,
  cpf: '***.456.789-**',
  url_imagem: '/v1/adm/cpf-comprovacoes/5/fotos/imagem?por=1&expira=1&assinatura=a',
  url_selfie: '/v1/adm/cpf-comprovacoes/5/fotos/selfie?por=1&expira=1&assinatura=b',
  links_expiram_em: '2026-11-29T12:10:00.000Z',
  decidido_por: null,
  ...o,
});

let api: MockApi;

describe('/admin/comprovacoes-cpf (issue 52)', () => {
  beforeEach(() => {
    setSession(testSession({ admin: true }));
    api = mockApi({
      [`GET ${PATH}`]: (url) =>
        url.searchParams.get('status') === 'recusada'
          ? jsonResponse(200, [comprovacao({ id_comprovacao: 8, status: 'recusada', motivo: 'Ilegível' })], {
              'X-Total-Count': '1',
            })
          : jsonResponse(200, [comprovacao()], { 'X-Total-Count': '1' }),
      [`POST ${PATH}/5/decisao`]: () =>
        jsonResponse(200, comprovacao({ status: 'aprovada', motivo: 'Confere' })),
    });
  });

  it('lists the open proofs of the city, shows both photos, and approves with a reason after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithApp(<CpfComprovacoesAdminScreen />);
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('Rosa Morador');
    expect(table).toHaveTextContent('***.456.789-**');
    const first = api.requests('GET', PATH)[0]!.url.searchParams;
    expect(first.get('status')).toBe('aberta');
    expect(first.get('cod_cidade')).toBe('3548500');
    expect(first.get('pagina')).toBe('1');

    await user.click(
      within(table).getByRole('button', { name: 'Abrir a comprovação de CPF de Rosa Morador' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Comprovação de CPF de Rosa Morador' });
    expect(within(dialog).getByAltText('Foto do documento enviada por Rosa Morador')).toHaveAttribute(
      'src',
      comprovacao().url_imagem,
    );
    expect(within(dialog).getByAltText('Selfie de Rosa Morador segurando o documento')).toHaveAttribute(
      'src',
      comprovacao().url_selfie,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    const motivo = await findFieldRefusal(dialog, 'Informe o motivo');
    await waitFor(() => expect(motivo).toHaveFocus());
    await user.type(motivo, 'Confere');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprovar a comprovação?' });
    expect(confirm).toHaveTextContent('***.456.789-**');
    expect(api.calls('POST', `${PATH}/5/decisao`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar: aprovar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('POST', `${PATH}/5/decisao`)).toEqual({ decisao: 'aprovada', motivo: 'Confere' });
  });

  it('shows the daily cap’s refusal and filters by status', async () => {
    api.routes[`POST ${PATH}/5/decisao`] = () =>
      jsonResponse(429, { erro: 'Você já aprovou 50 comprovações de CPF hoje, o limite diário.' });
    const user = userEvent.setup();
    renderWithApp(<CpfComprovacoesAdminScreen />);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: /Abrir a comprovação/ }));
    const dialog = await screen.findByRole('dialog', { name: /Comprovação de CPF/ });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Confere');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar: aprovar' }));
    expect(
      await within(dialog).findByText('Você já aprovou 50 comprovações de CPF hoje, o limite diário.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'recusada');
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Ilegível'));
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });
});
