import type { EstabelecimentoAdminItem, Vendedor } from '@praca/contract';
import { col, simNao } from '../exports/columns.js';

type Loja = EstabelecimentoAdminItem;

/** The admin establishments list as a spreadsheet (issue 39): the shop's public and business data. */
export const SHOP_COLUMNS = [
  col<Loja>('ID', 'id', (e) => e.id_estabelecimento),
  col<Loja>('Nome', 'texto', (e) => e.nome, { largura: 36 }),
  col<Loja>('CNPJ', 'texto', (e) => e.cnpj, { largura: 20 }),
  col<Loja>('CNPJs (notas fiscais)', 'texto', (e) => e.cnpjs.join(', '), { largura: 36 }),
  col<Loja>('Categoria', 'texto', (e) => e.categoria),
  col<Loja>('Ativo', 'texto', (e) => simNao(e.ind_ativo)),
  col<Loja>('Endereço', 'texto', (e) => e.endereco, { largura: 36 }),
  col<Loja>('Complemento', 'texto', (e) => e.complemento),
  col<Loja>('Bairro', 'texto', (e) => e.bairro),
  col<Loja>('Cidade', 'texto', (e) => e.cidade),
  col<Loja>('UF', 'texto', (e) => e.uf),
  col<Loja>('CEP', 'texto', (e) => e.cep),
  col<Loja>('Telefone', 'texto', (e) => e.telefone),
  col<Loja>('WhatsApp', 'texto', (e) => e.whatsup),
  col<Loja>('Site', 'texto', (e) => e.site),
  col<Loja>('Em campanha', 'texto', (e) => simNao(e.ies_campanha)),
  col<Loja>('Avaliação', 'decimal', (e) => e.avaliacao, { casas: 1 }),
  col<Loja>('Avaliações', 'inteiro', (e) => e.qtd_avaliacao),
  col<Loja>('Pedido mínimo', 'dinheiro', (e) => e.vl_min_pedido),
  col<Loja>('Taxa de entrega', 'dinheiro', (e) => e.vl_taxa_entrega),
  col<Loja>('Latitude', 'decimal', (e) => e.latitude, { casas: 6 }),
  col<Loja>('Longitude', 'decimal', (e) => e.longitude, { casas: 6 }),
  col<Loja>('Contestações aceitas', 'inteiro', (e) => e.contestacoes_aceitas),
] as const;

/** A shop's sellers. */
export const SELLER_COLUMNS = [
  col<Vendedor>('ID do estabelecimento', 'id', (v) => v.id_estabelecimento),
  col<Vendedor>('ID do vendedor', 'id', (v) => v.id_vendedor),
  col<Vendedor>('Vendedor', 'texto', (v) => v.nome_vendedor, { largura: 36 }),
] as const;
