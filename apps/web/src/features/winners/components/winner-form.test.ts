import { MSG_SORTEIO, type ContempladoAdmin } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { couponInput, newWinnerValues, toContempladoBody, winnerValues } from './winner-form';

const base: ContempladoAdmin = {
  id_sorteado: 7,
  id_sorteio: null,
  id_usuario: 0,
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  id_estabelecimento: 5,
  nom_estabelecimento: 'Padaria',
  nome_sorteado: 'Ana',
  nome: '',
  data_sorteio: '2026-12-20T00:00:00.000Z',
  id_vendedor: 0,
  nom_vendedor: '',
  nome_vendedor: '',
  data_venda: null,
  dat_venda: null,
  numero_venda: null,
  valor_venda: null,
  endereco: '',
  numero: '',
  banner: '',
  fotos: ['users/a.png', ' '],
  images: [{ url_foto: 'users/a.png' }, { url_foto: 'users/b.png' }],
  id_apuracao: null,
  anulado_em: null,
  motivo_anulacao: null,
  entregue_em: null,
};

describe('winner form', () => {
  it('reads a winner: plain date, seller 0 as Sem Vendedor, photos of both lists once', () => {
    expect(winnerValues(base)).toEqual({
      id_campanha: '2',
      cupom: '',
      nome_sorteado: 'Ana',
      data_sorteio: '2026-12-20',
      id_estabelecimento: '5',
      id_usuario: -1,
      nome_usuario: '',
      id_vendedor: 99,
      nome_vendedor: 'Sem Vendedor',
      fotos: ['users/a.png', 'users/b.png'],
    });
  });

  it('keeps at most 10 photos', () => {
    const fotos = Array.from({ length: 12 }, (_, i) => `users/f${i}.png`);
    expect(winnerValues({ ...base, fotos, images: [] }).fotos).toHaveLength(10);
  });

  it('needs a campaign first', () => {
    expect(toContempladoBody(newWinnerValues('2026-12-20'), 0)).toMatchObject({
      ok: false,
      erro: MSG_SORTEIO.campanhaObrigatoria,
      campo: 'id_campanha',
    });
  });

  it("answers the schema's first message with the field", () => {
    const values = { ...newWinnerValues('2026-12-20'), id_campanha: '2', nome_sorteado: '   ' };
    expect(toContempladoBody(values, 0)).toMatchObject({
      ok: false,
      erro: MSG_SORTEIO.nomeObrigatorio,
      campo: 'nome_sorteado',
    });
    const semData = { ...values, nome_sorteado: 'Ana', data_sorteio: '' };
    expect(toContempladoBody(semData, 0)).toMatchObject({ ok: false, campo: 'data_sorteio' });
    // A typed day that does not exist says how to type it (issue 35).
    expect(toContempladoBody({ ...semData, data_sorteio: '31/04/2026' }, 0)).toMatchObject({
      ok: false,
      erro: 'Data inválida: use dd/mm/aaaa',
      campo: 'data_sorteio',
    });
  });

  it('sends trimmed text, the chosen people and only the photo fields with a picture', () => {
    const values = {
      ...newWinnerValues('2026-12-20'),
      id_campanha: '2',
      nome_sorteado: '  Ana Lima ',
      id_usuario: 31,
      id_estabelecimento: '5',
      id_vendedor: 3,
      nome_vendedor: 'Bruna',
      fotos: ['users/a.png', '', 'users/b.png'],
    };
    expect(toContempladoBody(values, 0)).toEqual({
      ok: true,
      body: {
        id_sorteado: 0,
        id_campanha: 2,
        id_sorteio: null,
        id_usuario: 31,
        id_estabelecimento: 5,
        nome_sorteado: 'Ana Lima',
        data_sorteio: '2026-12-20',
        id_vendedor: 3,
        nome_vendedor: 'Bruna',
        fotos: ['users/a.png', 'users/b.png'],
      },
    });
  });

  it('shows and reads the coupon as série-número, never its stored number', () => {
    // Stored number 35 is the campaign's 35th coupon: 000-00034.
    expect(winnerValues({ ...base, id_sorteio: 35 }).cupom).toBe('000-00034');
    expect(winnerValues({ ...base, id_sorteio: 104_322 }).cupom).toBe('001-04321');
    const values = { ...newWinnerValues('2026-12-20'), id_campanha: '2', nome_sorteado: 'Ana' };
    expect(toContempladoBody({ ...values, cupom: '000-00034' }, 0)).toMatchObject({
      ok: true,
      body: { id_sorteio: 35 },
    });
    expect(toContempladoBody({ ...values, cupom: '1-4321' }, 0)).toMatchObject({
      ok: true,
      body: { id_sorteio: 104_322 },
    });
    for (const cupom of ['34', '000-', '-00034']) {
      expect(toContempladoBody({ ...values, cupom }, 0), cupom).toMatchObject({
        ok: false,
        erro: MSG_SORTEIO.cupomInvalido,
        campo: 'id_sorteio',
      });
    }
    expect(toContempladoBody({ ...values, cupom: '  ' }, 0)).toMatchObject({
      ok: true,
      body: { id_sorteio: null },
    });
  });

  it('types a coupon as série-número: digits and one dash, the dash after the série by itself', () => {
    expect(couponInput('00000034')).toBe('000-00034');
    expect(couponInput('0000')).toBe('000-0');
    expect(couponInput('000')).toBe('000');
    expect(couponInput(' 0-34a ')).toBe('0-34');
    expect(couponInput('000-000345')).toBe('000-00034');
    expect(couponInput('000--12-3')).toBe('000-123');
    expect(couponInput('abc')).toBe('');
  });
});
