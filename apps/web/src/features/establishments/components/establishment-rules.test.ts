import { MSG_ADMIN, type EstabelecimentoAdmin } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  addSeller,
  checkCnpjOnBlur,
  emptyEstablishment,
  fromEstabelecimento,
  tabOfField,
  toEstabelecimentoBody,
  type EstablishmentFormValues,
} from './establishment-rules';

const filled = (extra: Partial<EstablishmentFormValues> = {}): EstablishmentFormValues => ({
  ...emptyEstablishment(3548500, { cidade: 'Santos', uf: 'SP' }),
  nome: 'Padaria',
  ...extra,
});

describe('addSeller', () => {
  it('adds a trimmed name and ignores the same name again in any case or spacing', () => {
    const first = addSeller([], '  Ana   Lima ');
    expect(first.added).toBe(true);
    expect(first.list.map((s) => s.nome_vendedor)).toEqual(['Ana Lima']);
    const again = addSeller(first.list, 'ana lima');
    expect(again).toMatchObject({ added: false, reason: 'repetido' });
    expect(again.list).toBe(first.list);
  });

  it("ignores an empty name and 'Sem Vendedor', which every sale offers", () => {
    expect(addSeller([], '   ')).toMatchObject({ added: false, reason: 'vazio' });
    expect(addSeller([], 'sem vendedor')).toMatchObject({ added: false, reason: 'padrao' });
  });
});

describe('checkCnpjOnBlur', () => {
  it("keeps a valid CNPJ formatted, clears an invalid one with 'CNPJ invalido', leaves empty alone", () => {
    expect(checkCnpjOnBlur('11222333000181')).toEqual({ value: '11.222.333/0001-81' });
    expect(checkCnpjOnBlur('11.222.333/0001-82')).toEqual({ value: '', erro: 'CNPJ invalido' });
    expect(checkCnpjOnBlur('11.111.111/1111-11')).toEqual({ value: '', erro: MSG_ADMIN.cnpjInvalido });
    expect(checkCnpjOnBlur('123')).toEqual({ value: '', erro: 'CNPJ invalido' });
    expect(checkCnpjOnBlur('')).toEqual({ value: '' });
    // the alphanumeric CNPJ (IN RFB 2.229/2024), as typed in lower case
    expect(checkCnpjOnBlur('12.abc.345/01de-35')).toEqual({ value: '12.ABC.345/01DE-35' });
    expect(checkCnpjOnBlur('12.ABC.345/01DE-36')).toEqual({ value: '', erro: 'CNPJ invalido' });
  });
});

describe('fromEstabelecimento', () => {
  it("leaves 'Sem Vendedor' out of the sellers and keeps digits for masked fields", () => {
    const values = fromEstabelecimento({
      id_estabelecimento: 5,
      nome: 'Padaria',
      endereco: '',
      complemento: '',
      bairro: '',
      cidade: 'Santos',
      cep: '11060-000',
      uf: 'SP',
      cod_cidade: 3548500,
      telefone: '(13) 3222-1234',
      whatsup: '',
      url_foto: '',
      url_logo: '',
      site: '',
      avaliacao: 0,
      qtd_avaliacao: 0,
      id_categoria: null,
      categoria: null,
      id_cupom: null,
      ind_ativo: 'N',
      vl_min_pedido: 0,
      vl_taxa_entrega: 0,
      ies_campanha: 'N',
      id_campanha_def: null,
      cnpj: '11222333000181',
      latitude: null,
      longitude: null,
      contestacoes_aceitas: 0,
      cnpjs: [],
      vendedores: [
        { id_estabelecimento: 5, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
        { id_estabelecimento: 5, id_vendedor: 7, nome_vendedor: 'Rui' },
      ],
      campanhas: [],
    } satisfies EstabelecimentoAdmin);
    expect(values.vendedores.map((s) => [s.id_vendedor, s.nome_vendedor])).toEqual([[7, 'Rui']]);
    expect(values).toMatchObject({ cep: '11060000', telefone: '1332221234', cnpj: '11.222.333/0001-81' });
    expect(values.id_categoria).toBe(0);
  });
});

describe('toEstabelecimentoBody', () => {
  it('requires the name', () => {
    expect(toEstabelecimentoBody(filled({ nome: '  ' }), { superadmin: true })).toMatchObject({
      ok: false,
      erro: MSG_ADMIN.nomeObrigatorio,
      campo: 'nome',
    });
  });

  it('sends empty money as 0, no category as null, and a new seller without id', () => {
    const checked = toEstabelecimentoBody(
      filled({
        vl_min_pedido: '',
        vendedores: [{ key: 'n', nome_vendedor: 'Ana', original: 'Ana' }],
      }),
      { superadmin: true },
    );
    expect(checked).toMatchObject({
      body: { vl_min_pedido: 0, id_categoria: null, vendedores: [{ nome_vendedor: 'Ana' }] },
    });
    expect('body' in checked && checked.body).not.toHaveProperty('id_estabelecimento');
  });

  it('reads typed money the Brazilian way and refuses what it cannot read, on the Dados tab', () => {
    const checked = toEstabelecimentoBody(filled({ vl_min_pedido: '1.234,56', vl_taxa_entrega: '7.5' }), {
      superadmin: true,
    });
    expect(checked).toMatchObject({ body: { vl_min_pedido: 1234.56, vl_taxa_entrega: 7.5 } });
    expect(toEstabelecimentoBody(filled({ vl_taxa_entrega: '7,555' }), { superadmin: true })).toMatchObject({
      ok: false,
      erro: 'Taxa de entrega: use no máximo 2 casas decimais, como 1.234,56',
      campo: 'vl_taxa_entrega',
    });
  });

  it('leaves the super-admin fields out for another admin', () => {
    const checked = toEstabelecimentoBody(filled({ id_estabelecimento: 5 }), { superadmin: false });
    if (!checked.ok) throw new Error(checked.erro);
    expect(checked.body.id_estabelecimento).toBe(5);
    for (const key of ['id_categoria', 'cod_cidade', 'ind_ativo', 'ies_campanha', 'url_foto', 'url_logo']) {
      expect(checked.body).not.toHaveProperty(key);
    }
  });

  it("gives the contract's message and the tab of the field to fix", () => {
    expect(toEstabelecimentoBody(filled({ latitude: 91 }), { superadmin: true })).toMatchObject({
      erro: MSG_ADMIN.latitudeInvalida,
      campo: 'latitude',
    });
    expect(toEstabelecimentoBody(filled({ cep: '123' }), { superadmin: true })).toMatchObject({
      erro: MSG_ADMIN.cepInvalido,
      campo: 'cep',
    });
    expect(toEstabelecimentoBody(filled({ cod_cidade: 0 }), { superadmin: true })).toMatchObject({
      erro: 'Escolha a cidade',
      campo: 'cod_cidade',
    });
    expect(
      toEstabelecimentoBody(filled({ vendedores: [{ key: 'a', nome_vendedor: ' ', original: 'Ana' }] }), {
        superadmin: true,
      }),
    ).toMatchObject({ erro: MSG_ADMIN.vendedorObrigatorio, campo: 'vendedores' });
  });

  it('gives every refusal at once, one per field, each in its tab', () => {
    const checked = toEstabelecimentoBody(
      filled({ nome: ' ', vl_min_pedido: '1,999', cep: '123', latitude: 91 }),
      {
        superadmin: true,
      },
    );
    expect(!checked.ok && checked.erros).toEqual([
      { erro: MSG_ADMIN.nomeObrigatorio, campo: 'nome' },
      { erro: expect.stringContaining('Pedido mínimo') as unknown, campo: 'vl_min_pedido' },
      { erro: MSG_ADMIN.cepInvalido, campo: 'cep' },
      { erro: MSG_ADMIN.latitudeInvalida, campo: 'latitude' },
    ]);
    expect(['nome', 'cep', 'vendedores'].map(tabOfField)).toEqual(['dados', 'endereco', 'vendedores']);
  });

  it('refuses two sellers renamed to the same name', () => {
    const checked = toEstabelecimentoBody(
      filled({
        vendedores: [
          { key: 'a', id_vendedor: 1, nome_vendedor: 'Ana', original: 'Ana' },
          { key: 'b', id_vendedor: 2, nome_vendedor: ' ANA ', original: 'Bia' },
        ],
      }),
      { superadmin: true },
    );
    expect(checked).toMatchObject({
      erro: 'O vendedor "ANA" aparece duas vezes na lista',
      campo: 'vendedores',
    });
  });
});
