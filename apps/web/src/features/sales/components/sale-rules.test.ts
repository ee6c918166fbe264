import { MSG_NFCE, MSG_VENDA } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { chaveDeTeste } from '@/test/nfce';
import {
  SEM_COMPRADOR_SEM_CHAVE,
  VALOR_CASAS,
  saleError,
  toVendaBody,
  type SaleFormValues,
} from './sale-rules';

const valid: SaleFormValues = {
  id_venda: 0,
  id_campanha: 1,
  id_estabelecimento: 2,
  id_usuario: 15,
  dat_venda: '2026-11-22',
  numero_venda: 'NF-100',
  valor_venda: '250,00',
  cpf: '',
  id_vendedor: 99,
  chave_nfce: '',
  sem_comprador: false,
};

describe('saleError (spec §5 Sale, in order)', () => {
  it('accepts a complete sale', () => {
    expect(saleError(valid, 'salvar')).toBeNull();
  });

  it("a blank number gives 'Numero da venda invalido' before anything else", () => {
    expect(saleError({ ...valid, numero_venda: '   ', valor_venda: '', id_usuario: -1 }, 'salvar')).toBe(
      'Numero da venda invalido',
    );
  });

  it.each([
    ['empty', ''],
    ['zero', '0'],
    ['zero with cents', '0,00'],
    ['negative', '-3'],
    ['not a number', '12,5a'],
  ])("a %s value gives 'Valor da Venda invaldo' (typo of the spec kept)", (_c, valor) => {
    expect(saleError({ ...valid, valor_venda: valor, id_usuario: -1 }, 'salvar')).toBe(
      'Valor da Venda invaldo',
    );
  });

  it("above 50000 gives 'Valor da Venda acima do limite'; exactly 50000 is fine", () => {
    expect(saleError({ ...valid, valor_venda: '50000,01', id_usuario: -1 }, 'salvar')).toBe(
      'Valor da Venda acima do limite',
    );
    expect(saleError({ ...valid, valor_venda: '99999999', id_usuario: -1 }, 'salvar')).toBe(
      'Valor da Venda acima do limite',
    );
    expect(saleError({ ...valid, valor_venda: '50000' }, 'salvar')).toBeNull();
    expect(saleError({ ...valid, valor_venda: '50.000,00' }, 'salvar')).toBeNull();
  });

  it('more than 2 decimals gives its own message, nothing rounded', () => {
    expect(saleError({ ...valid, valor_venda: '10,999' }, 'salvar')).toBe(VALOR_CASAS);
    expect(saleError({ ...valid, valor_venda: '10,990' }, 'salvar')).toBe(VALOR_CASAS);
  });

  it("without a recipient (id −1) saving gives 'Defina o Destinatario', last", () => {
    expect(saleError({ ...valid, id_usuario: -1 }, 'salvar')).toBe('Defina o Destinatario');
    expect(saleError({ ...valid, id_usuario: 0 }, 'salvar')).toBeNull();
  });

  it('uses the contract texts', () => {
    expect(saleError({ ...valid, numero_venda: '' }, 'salvar')).toBe(MSG_VENDA.numeroInvalido);
    expect(saleError({ ...valid, id_usuario: -1 }, 'salvar')).toBe(MSG_VENDA.definaDestinatario);
  });
});

describe('saleError for the QR option', () => {
  const pending = { ...valid, id_usuario: -1 };

  it('needs no recipient', () => {
    expect(saleError(pending, 'qrcode')).toBeNull();
  });

  it("is refused with 'Voce ja definiou para quem e esta venda' when a recipient is chosen", () => {
    expect(saleError(valid, 'qrcode')).toBe('Voce ja definiou para quem e esta venda');
  });

  it('runs the number and value checks first', () => {
    expect(saleError({ ...valid, numero_venda: '' }, 'qrcode')).toBe('Numero da venda invalido');
    expect(saleError({ ...valid, valor_venda: '0' }, 'qrcode')).toBe('Valor da Venda invaldo');
    expect(saleError({ ...valid, valor_venda: '60000' }, 'qrcode')).toBe('Valor da Venda acima do limite');
  });
});

describe('toVendaBody', () => {
  it('builds the contract body with the trimmed number and the QR flag', () => {
    expect(toVendaBody({ ...valid, numero_venda: ' 12 ' }, 'salvar')).toEqual({
      ok: true,
      body: {
        id_campanha: 1,
        id_estabelecimento: 2,
        id_usuario: 15,
        dat_venda: '2026-11-22',
        numero_venda: '12',
        valor_venda: 250,
        id_vendedor: 99,
        qrcode: false,
      },
    });
    const qr = toVendaBody({ ...valid, id_usuario: -1 }, 'qrcode');
    expect(qr.ok && qr.body.qrcode).toBe(true);
    expect(qr.ok && qr.body.id_usuario).toBe(-1);
  });

  it('refuses a missing campaign or a malformed date with a Portuguese text, under its field', () => {
    expect(toVendaBody({ ...valid, id_campanha: 0 }, 'salvar')).toMatchObject({
      ok: false,
      erro: 'Escolha a campanha',
      campo: 'id_campanha',
    });
    for (const dat_venda of ['', '31/02/2026', '12/0']) {
      expect(toVendaBody({ ...valid, dat_venda }, 'salvar')).toMatchObject({
        ok: false,
        erro: 'Data da venda inválida',
        campo: 'dat_venda',
      });
    }
  });

  it('gives every refusal at once, one per field; a chosen recipient refuses the QR code with no field', () => {
    const empty = { ...valid, numero_venda: '', valor_venda: '', id_usuario: -1, dat_venda: '' };
    const checked = toVendaBody(empty, 'salvar');
    expect(!checked.ok && checked.erros).toEqual([
      { erro: 'Numero da venda invalido', campo: 'numero_venda' },
      { erro: 'Valor da Venda invaldo', campo: 'valor_venda' },
      { erro: 'Defina o Destinatario', campo: 'id_usuario' },
      { erro: 'Data da venda inválida', campo: 'dat_venda' },
    ]);
    const qr = toVendaBody({ ...valid, numero_venda: '' }, 'qrcode');
    expect(!qr.ok && qr.erros).toEqual([
      { erro: 'Numero da venda invalido', campo: 'numero_venda' },
      { erro: 'Voce ja definiou para quem e esta venda' },
    ]);
  });

  it('sends the typed value read the Brazilian way', () => {
    const read = (valor_venda: string) => {
      const r = toVendaBody({ ...valid, valor_venda }, 'salvar');
      return r.ok ? r.body.valor_venda : r.erro;
    };
    expect(read('1.234,56')).toBe(1234.56);
    expect(read('12.5')).toBe(12.5);
    expect(read('12,50')).toBe(12.5);
    expect(read('50000,01')).toBe('Valor da Venda acima do limite');
  });
});

describe('a sale to a CPF without an account (issue 40)', () => {
  const toCpf = { ...valid, id_usuario: -1, cpf: '12345678909' };
  it('counts as a recipient for Salvar, sends the digits, and refuses the QR option', () => {
    expect(saleError(toCpf, 'salvar')).toBeNull();
    expect(toVendaBody(toCpf, 'salvar')).toEqual({
      ok: true,
      body: expect.objectContaining({ id_usuario: -1, cpf: '12345678909', qrcode: false }),
    });
    expect(saleError(toCpf, 'qrcode')).toBe(MSG_VENDA.destinatarioJaDefinido);
    expect(saleError({ ...toCpf, cpf: '' }, 'salvar')).toBe(MSG_VENDA.definaDestinatario);
  });
});

describe('the edit of a sale given by CPF (issue 52)', () => {
  const given = { ...valid, id_venda: 7, id_usuario: -1, cpf: '', cpfDado: '***.456.789-**' };
  it('names no recipient: the server keeps the sale with its CPF (no cpf, no QR in the body)', () => {
    expect(saleError(given, 'salvar')).toBeNull();
    const checked = toVendaBody(given, 'salvar');
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({ id_usuario: -1, qrcode: false }),
    });
    expect(checked.ok && 'cpf' in checked.body).toBe(false);
    // Another sale without a recipient still needs one.
    expect(saleError({ ...given, cpfDado: undefined }, 'salvar')).toBe(MSG_VENDA.definaDestinatario);
  });
});

describe("the receipt's NFC-e key (issue 53)", () => {
  const exige = { exigeNfce: true };
  const chave = chaveDeTeste({ mes: '2026-11' });

  it('sends a typed or scanned key as its 44 positions; none is needed unless the campaign requires it', () => {
    expect(toVendaBody(valid, 'salvar')).toEqual({
      ok: true,
      body: expect.not.objectContaining({ chave_nfce: expect.anything() }),
    });
    const spaced = chave.replace(/(.{4})/g, '$1 ').trim();
    expect(toVendaBody({ ...valid, chave_nfce: spaced }, 'salvar')).toEqual({
      ok: true,
      body: expect.objectContaining({ chave_nfce: chave, id_usuario: 15 }),
    });
    // The QR hand-over keeps the key too.
    const qr = toVendaBody({ ...valid, id_usuario: -1, chave_nfce: chave }, 'qrcode');
    expect(qr.ok && qr.body.chave_nfce).toBe(chave);
  });

  it('requires it in a campaign with exige_nfce, for Salvar and the QR code alike, under its field', () => {
    for (const action of ['salvar', 'qrcode'] as const) {
      const values = action === 'qrcode' ? { ...valid, id_usuario: -1 } : valid;
      expect(toVendaBody(values, action, exige)).toMatchObject({
        ok: false,
        erro: MSG_VENDA.chaveNfceObrigatoria,
        campo: 'chave_nfce',
      });
      expect(toVendaBody({ ...values, chave_nfce: chave }, action, exige).ok).toBe(true);
    }
  });

  it("checks the key on the device with the sale's date as the month", () => {
    const erro = (chave_nfce: string, dat_venda = '2026-11-22') => {
      const r = toVendaBody({ ...valid, chave_nfce, dat_venda }, 'salvar');
      return r.ok ? null : r.erro;
    };
    expect(erro('1234')).toBe(MSG_NFCE.chaveFormato);
    expect(erro(`${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`)).toBe(MSG_NFCE.chaveDigito);
    expect(erro(chaveDeTeste({ mes: '2026-11', tpEmis: '0' }))).toBe(MSG_NFCE.chaveEmissao);
    // A sale dated in November takes a key of November or October, not of September.
    expect(erro(chaveDeTeste({ mes: '2026-10' }))).toBeNull();
    expect(erro(chaveDeTeste({ mes: '2026-09' }))).toBe(MSG_NFCE.notaForaDoPrazo);
    expect(erro(chaveDeTeste({ mes: '2026-09' }), '2026-10-02')).toBeNull();
    // The shop's state is the server's to check (the dialog does not know the shop's city).
    expect(erro(chaveDeTeste({ uf: 'RS', mes: '2026-11' }))).toBeNull();
  });

  it('a sale naming no buyer goes with no one, no CPF, no QR, and only with a key', () => {
    const semComprador = { ...valid, id_usuario: -1, sem_comprador: true };
    expect(toVendaBody(semComprador, 'salvar')).toMatchObject({
      ok: false,
      erro: SEM_COMPRADOR_SEM_CHAVE,
      campo: 'chave_nfce',
    });
    expect(toVendaBody({ ...semComprador, chave_nfce: chave, cpf: '12345678909' }, 'salvar')).toEqual({
      ok: true,
      body: {
        id_campanha: 1,
        id_estabelecimento: 2,
        id_usuario: -1,
        dat_venda: '2026-11-22',
        numero_venda: 'NF-100',
        valor_venda: 250,
        id_vendedor: 99,
        qrcode: false,
        chave_nfce: chave,
      },
    });
  });

  it('an edit never reads nor sends the key (the server keeps the one reported)', () => {
    const edit = { ...valid, id_venda: 7, chave_nfce: chave };
    const checked = toVendaBody(edit, 'salvar', exige);
    expect(checked.ok && 'chave_nfce' in checked.body).toBe(false);
    expect(toVendaBody({ ...edit, chave_nfce: '' }, 'salvar', exige).ok).toBe(true);
  });
});
