import type { RegistroSorteio } from '@praca/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { SorteioInstantaneoPage } from './sorteio-instantaneo-page';

const registro = (extra: Partial<RegistroSorteio> = {}): RegistroSorteio => ({
  id_registro: 77,
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  cod_cidade: 3548500,
  realizado_em: '2026-12-24T15:00:00.000Z',
  mloja: 'N',
  musuario: 'S',
  semente: '12345 67890 11111 22222 33333',
  id_abertura: null,
  hash_semente: null,
  hash_lista: 'ab'.repeat(32),
  qtd_elegiveis: 1500,
  posicao: 812,
  codigo: '001-04321',
  participante: 'M***** L****',
  nom_estabelecimento: 'Padaria Bella Vista',
  bilhetes: '/v1/sorteios/77/bilhetes.csv',
  anulado: false,
  anulado_em: null,
  motivo_anulacao: null,
  ...extra,
});

let api: MockApi;
beforeEach(() => {
  api = mockApi({ 'GET /v1/sorteios/77': () => jsonResponse(200, registro()) });
});

const open = () => renderWithApp(<SorteioInstantaneoPage idRegistro={77} />, { extraRoutes: ['/sorteios'] });

describe('the public page of an instant draw (issue 36)', () => {
  it('shows the campaign, when, the masked winner, the seed, the hash and the ticket file', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorteio instantâneo' })).toBeInTheDocument();
    for (const text of [
      'Natal Premiado',
      '24/12/2026 12:00',
      '1.500',
      '001-04321',
      'M***** L****',
      'Padaria Bella Vista',
      '12345 67890 11111 22222 33333',
      '812',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Hash da lista de bilhetes (SHA-256)')).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByRole('link', { name: 'Baixar arquivo de bilhetes' })).toHaveAttribute(
      'href',
      '/v1/sorteios/77/bilhetes.csv',
    );
    expect(screen.queryByText('Anulado')).not.toBeInTheDocument();
    expect(api.calls('GET', '/v1/sorteios/77')).toHaveLength(1);
  });

  it('a draw with an opening (issue 49) shows the seed hash published before it and the revealed seed', async () => {
    api.routes['GET /v1/sorteios/77'] = () =>
      jsonResponse(
        200,
        registro({ semente: 'ef'.repeat(32), id_abertura: 9, hash_semente: 'cd'.repeat(32) }),
      );
    open();
    expect(
      await screen.findByLabelText('Hash da semente (SHA-256, publicado antes do sorteio)'),
    ).toHaveTextContent('cd'.repeat(32));
    expect(screen.getByText('Semente revelada')).toBeInTheDocument();
    expect(screen.getByText('ef'.repeat(32))).toBeInTheDocument();
    expect(
      screen.getByText(/o SHA-256 da semente revelada é o hash publicado antes do sorteio/),
    ).toBeInTheDocument();
  });

  it('marks an annulled draw with its reason, and says when there is nothing to verify', async () => {
    api.routes['GET /v1/sorteios/77'] = () =>
      jsonResponse(
        200,
        registro({
          semente: null,
          hash_lista: null,
          bilhetes: null,
          anulado: true,
          anulado_em: '2026-12-26T13:00:00.000Z',
          motivo_anulacao: 'Participante não foi localizado',
        }),
      );
    open();
    expect(await screen.findByText('Anulado')).toBeInTheDocument();
    expect(screen.getByText('Motivo: Participante não foi localizado')).toBeInTheDocument();
    expect(screen.getByText('Em 26/12/2026 10:00.')).toBeInTheDocument();
    expect(screen.getByText('001-04321')).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.getByText(/feito sem semente pública/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Baixar arquivo/ })).not.toBeInTheDocument();
  });
});
