import type { MinhaCpfComprovacao } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { CpfComprovacaoSection } from './cpf-comprovacao-section';

const declarado: MinhaCpfComprovacao = {
  cpf_situacao: 'declarado',
  cpf: '***.456.789-**',
  comprovacao: null,
};
const aberta: MinhaCpfComprovacao = {
  ...declarado,
  comprovacao: {
    id_comprovacao: 9,
    status: 'aberta',
    motivo: null,
    criado_em: '2026-11-29T12:00:00.000Z',
    decidido_em: null,
  },
};

let api: MockApi;
let estado: MinhaCpfComprovacao;
let uploads = 0;

beforeEach(() => {
  setSession(testSession({ id_usuario: 7 }));
  estado = declarado;
  uploads = 0;
  api = mockApi({
    'GET /v1/usuarios/cpf/comprovacao': () => jsonResponse(200, estado),
    'POST /v1/contestacoes/comprovante': () =>
      jsonResponse(201, { imagem: `comprovantes/7-${String(++uploads).padStart(32, '0')}.png` }),
    'POST /v1/usuarios/cpf/comprovacao': () => {
      estado = aberta;
      return jsonResponse(201, { id_comprovacao: 9, status: 'aberta' });
    },
  });
});

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], name, { type: 'image/png' });

describe('Comprovação do CPF in the profile (issue 52)', () => {
  it('a declared CPF offers "Comprovar CPF": both photos are asked for, sent, then "Comprovação em análise"', async () => {
    const user = userEvent.setup();
    renderWithApp(<CpfComprovacaoSection />);
    expect(await screen.findByText('CPF declarado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comprovar CPF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprovar CPF' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByText('Escolha a foto do documento')).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha a sua foto segurando o documento')).toBeInTheDocument();
    expect(api.calls('POST', '/v1/usuarios/cpf/comprovacao')).toHaveLength(0);

    const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(inputs[0]!, png('rg.png'));
    await user.upload(inputs[1]!, png('selfie.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/v1/contestacoes/comprovante')).toHaveLength(2);
    expect(api.bodyOf('POST', '/v1/usuarios/cpf/comprovacao')).toEqual({
      imagem: `comprovantes/7-${'1'.padStart(32, '0')}.png`,
      selfie: `comprovantes/7-${'2'.padStart(32, '0')}.png`,
    });
    expect(await screen.findByText('Comprovação em análise')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comprovar CPF' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog', async () => {
    api.routes['POST /v1/usuarios/cpf/comprovacao'] = () =>
      jsonResponse(409, { erro: 'Você já enviou uma comprovação de CPF, que está em análise' });
    const user = userEvent.setup();
    renderWithApp(<CpfComprovacaoSection />);
    await user.click(await screen.findByRole('button', { name: 'Comprovar CPF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprovar CPF' });
    const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(inputs[0]!, png('rg.png'));
    await user.upload(inputs[1]!, png('selfie.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(dialog).findByText('Você já enviou uma comprovação de CPF, que está em análise'),
    ).toBeInTheDocument();
  });

  it('a refused proof shows its reason and lets the person send again', async () => {
    estado = {
      ...declarado,
      comprovacao: {
        ...aberta.comprovacao!,
        status: 'recusada',
        motivo: 'A selfie está escura',
        decidido_em: '2026-11-30T10:00:00.000Z',
      },
    };
    renderWithApp(<CpfComprovacaoSection />);
    expect(await screen.findByText('Sua última comprovação foi recusada')).toBeInTheDocument();
    expect(screen.getByText('Motivo: A selfie está escura')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprovar CPF' })).toBeInTheDocument();
  });

  it('a proven CPF says so, without the button; without a CPF nothing shows', async () => {
    estado = { ...declarado, cpf_situacao: 'comprovado' };
    const { unmount } = renderWithApp(<CpfComprovacaoSection />);
    expect(await screen.findByText('CPF comprovado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comprovar CPF' })).not.toBeInTheDocument();
    unmount();
    estado = { cpf_situacao: '', cpf: '', comprovacao: null };
    renderWithApp(<CpfComprovacaoSection />);
    await waitFor(() => expect(api.calls('GET', '/v1/usuarios/cpf/comprovacao').length).toBeGreaterThan(1));
    expect(screen.queryByText(/Comprovação do CPF/)).not.toBeInTheDocument();
  });

  it('offers "Comprovar com gov.br" only when the server has gov.br (its meta tag)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'praca-govbr';
    meta.content = '1';
    renderWithApp(<CpfComprovacaoSection />);
    expect(await screen.findByText('CPF declarado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Comprovar com gov.br' })).toBeNull();
    document.head.append(meta);
    try {
      renderWithApp(<CpfComprovacaoSection />);
      const link = await screen.findByRole('link', { name: 'Comprovar com gov.br' });
      expect(link.getAttribute('href')).toBe('/v1/govbr/entrar?finalidade=vincular&destino=%2Fperfil');
    } finally {
      meta.remove();
    }
  });
});
