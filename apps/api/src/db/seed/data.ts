/**
 * Static content of the demo programme: two cities of the Baixada Santista, their shops,
 * people and reviews. Everything here is invented (names, numbers, CNPJs, sites under the
 * reserved `.example` domain); only city codes (IBGE), streets and neighbourhoods are real.
 * Dates are relative to the day the seed runs (see plan.ts).
 */

import type { Motif } from './svg-parts.js';

export const DEMO_PASSWORD = 'demo1234';

export const CIDADE_1 = { cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' } as const;
export const CIDADE_2 = { cod_cidade: 3518701, cidade: 'Guarujá', uf: 'SP' } as const;
export type CidadeNo = 1 | 2;
export const CIDADES_DEMO = { 1: CIDADE_1, 2: CIDADE_2 } as const;

/** More cities for the registration list, without content. */
export const OUTRAS_CIDADES = [
  { cod_cidade: 3551009, cidade: 'São Vicente', uf: 'SP' },
  { cod_cidade: 3541000, cidade: 'Praia Grande', uf: 'SP' },
  { cod_cidade: 3513504, cidade: 'Cubatão', uf: 'SP' },
  { cod_cidade: 3506359, cidade: 'Bertioga', uf: 'SP' },
  { cod_cidade: 3550308, cidade: 'São Paulo', uf: 'SP' },
  { cod_cidade: 3509502, cidade: 'Campinas', uf: 'SP' },
] as const;

export const CATEGORIAS = [
  'Alimentação',
  'Vestuário',
  'Farmácia',
  'Serviços',
  'Beleza',
  'Casa e Construção',
  'Pet',
  'Eletrônicos',
  'Ótica',
  'Livraria e Papelaria',
] as const;
export type Categoria = (typeof CATEGORIAS)[number];

/** Gradient of each category's pictures. */
export const CORES: Record<Categoria, readonly [string, string]> = {
  Alimentação: ['#ff9a3c', '#d7263d'],
  Vestuário: ['#f857a6', '#7b2ff7'],
  Farmácia: ['#11998e', '#38ef7d'],
  Serviços: ['#2b5876', '#4e4376'],
  Beleza: ['#ee0979', '#ff6a00'],
  'Casa e Construção': ['#f7971e', '#8e5a2b'],
  Pet: ['#00b09b', '#96c93d'],
  Eletrônicos: ['#0575e6', '#00d2ff'],
  Ótica: ['#4776e6', '#8e54e9'],
  'Livraria e Papelaria': ['#654ea3', '#2f80ed'],
};

/** The icon of each category's pictures: in the shop window, on the logo, in the promotions. */
export const MOTIVO: Record<Categoria, Motif> = {
  Alimentação: 'cafe',
  Vestuário: 'roupa',
  Farmácia: 'farmacia',
  Serviços: 'ferramenta',
  Beleza: 'tesoura',
  'Casa e Construção': 'rolo',
  Pet: 'pata',
  Eletrônicos: 'celular',
  Ótica: 'oculos',
  'Livraria e Papelaria': 'livro',
};

/** Neighbourhoods: a point near their centre and the first five CEP digits. */
export const BAIRROS = {
  Centro: { cidade: 1, lat: -23.9345, lng: -46.3265, cep: '11010' },
  'Vila Mathias': { cidade: 1, lat: -23.946, lng: -46.3235, cep: '11015' },
  Macuco: { cidade: 1, lat: -23.9545, lng: -46.3115, cep: '11015' },
  Encruzilhada: { cidade: 1, lat: -23.9545, lng: -46.327, cep: '11050' },
  'Campo Grande': { cidade: 1, lat: -23.956, lng: -46.342, cep: '11075' },
  'Vila Belmiro': { cidade: 1, lat: -23.953, lng: -46.338, cep: '11075' },
  Marapé: { cidade: 1, lat: -23.96, lng: -46.348, cep: '11070' },
  Gonzaga: { cidade: 1, lat: -23.9665, lng: -46.3335, cep: '11060' },
  Pompéia: { cidade: 1, lat: -23.969, lng: -46.34, cep: '11065' },
  'José Menino': { cidade: 1, lat: -23.97, lng: -46.348, cep: '11065' },
  Boqueirão: { cidade: 1, lat: -23.967, lng: -46.323, cep: '11045' },
  Embaré: { cidade: 1, lat: -23.9705, lng: -46.314, cep: '11040' },
  Aparecida: { cidade: 1, lat: -23.974, lng: -46.304, cep: '11035' },
  Estuário: { cidade: 1, lat: -23.962, lng: -46.301, cep: '11020' },
  'Ponta da Praia': { cidade: 1, lat: -23.984, lng: -46.299, cep: '11030' },
  Pitangueiras: { cidade: 2, lat: -23.9985, lng: -46.256, cep: '11410' },
  'Centro (Guarujá)': { cidade: 2, lat: -23.993, lng: -46.258, cep: '11410' },
  Enseada: { cidade: 2, lat: -23.987, lng: -46.227, cep: '11440' },
  Astúrias: { cidade: 2, lat: -24.002, lng: -46.27, cep: '11420' },
} as const satisfies Record<string, { cidade: CidadeNo; lat: number; lng: number; cep: string }>;
type Bairro = keyof typeof BAIRROS;

/**
 * Which numbers a shop has; the shop card shows one number when both are equal, both when
 * they differ, or whichever exists (spec §2).
 */
type Fones = 'igual' | 'ambos' | 'fixo' | 'zap';

export interface LojaDemo {
  key: string;
  nome: string;
  categoria: Categoria;
  bairro: Bairro;
  endereco: string;
  complemento?: string;
  fones: Fones;
  site?: boolean;
  ativo?: boolean;
  pedidoMinCentavos?: number;
  taxaEntregaCentavos?: number;
  vendedores?: string[];
}

/** The partner's two shops come first, so on a fresh database they get ids 1 and 2. */
export const LOJAS: readonly LojaDemo[] = [
  {
    key: 'padaria-bella-vista',
    nome: 'Padaria Bella Vista',
    categoria: 'Alimentação',
    bairro: 'Gonzaga',
    endereco: 'Av. Ana Costa, 412',
    fones: 'igual',
    site: true,
    pedidoMinCentavos: 2000,
    taxaEntregaCentavos: 500,
    vendedores: ['Carla Nunes', 'Diego Santana', 'Márcia Lopes'],
  },
  {
    key: 'emporio-bella-vista',
    nome: 'Empório Bella Vista',
    categoria: 'Alimentação',
    bairro: 'Boqueirão',
    endereco: 'Av. Conselheiro Nébias, 688',
    complemento: 'Loja 2',
    fones: 'ambos',
    site: true,
    pedidoMinCentavos: 5000,
    taxaEntregaCentavos: 800,
    vendedores: ['Renata Alves', 'Paulo Henrique Souza'],
  },
  {
    key: 'drogaria-vida-saude',
    nome: 'Drogaria Vida & Saúde',
    categoria: 'Farmácia',
    bairro: 'Gonzaga',
    endereco: 'Rua Azevedo Sodré, 95',
    fones: 'ambos',
    vendedores: ['Sandra Lopes', 'Felipe Moura'],
  },
  {
    key: 'farmacia-embare',
    nome: 'Farmácia do Embaré',
    categoria: 'Farmácia',
    bairro: 'Embaré',
    endereco: 'Av. Epitácio Pessoa, 231',
    fones: 'igual',
  },
  {
    key: 'boutique-mare-alta',
    nome: 'Boutique Maré Alta',
    categoria: 'Vestuário',
    bairro: 'Gonzaga',
    endereco: 'Rua Jorge Tibiriçá, 37',
    complemento: 'Galeria Praiamar, loja 14',
    fones: 'zap',
    site: true,
    vendedores: ['Bianca Ferraz', 'Letícia Campos'],
  },
  {
    key: 'calcados-passo-certo',
    nome: 'Calçados Passo Certo',
    categoria: 'Vestuário',
    bairro: 'Centro',
    endereco: 'Rua XV de Novembro, 154',
    fones: 'fixo',
  },
  {
    key: 'ponta-da-praia-moda-praia',
    nome: 'Ponta da Praia Moda Praia',
    categoria: 'Vestuário',
    bairro: 'Ponta da Praia',
    endereco: 'Av. Almirante Saldanha da Gama, 82',
    fones: 'igual',
    site: true,
  },
  {
    key: 'salao-beleza-pura',
    nome: 'Salão Beleza Pura',
    categoria: 'Beleza',
    bairro: 'Boqueirão',
    endereco: 'Rua Oswaldo Cruz, 276',
    fones: 'ambos',
    vendedores: ['Aline Moraes', 'Vanessa Prado', 'Kelly Cristina Dias'],
  },
  {
    key: 'barbearia-dom-santos',
    nome: 'Barbearia Dom Santos',
    categoria: 'Beleza',
    bairro: 'Vila Mathias',
    endereco: 'Av. Senador Feijó, 540',
    fones: 'zap',
    site: true,
  },
  {
    key: 'studio-unhas-e-cia',
    nome: 'Studio Unhas & Cia',
    categoria: 'Beleza',
    bairro: 'Aparecida',
    endereco: 'Av. Pedro Lessa, 1870',
    complemento: 'Sala 3',
    fones: 'igual',
  },
  {
    key: 'pet-shop-amigo-fiel',
    nome: 'Pet Shop Amigo Fiel',
    categoria: 'Pet',
    bairro: 'Campo Grande',
    endereco: 'Rua Carvalho de Mendonça, 410',
    fones: 'ambos',
    vendedores: ['Marcos Vinícius Rocha', 'Tatiane Reis'],
  },
  {
    key: 'veterinaria-patas-do-litoral',
    nome: 'Clínica Veterinária Patas do Litoral',
    categoria: 'Pet',
    bairro: 'Pompéia',
    endereco: 'Rua Euclides da Cunha, 120',
    fones: 'fixo',
    site: true,
  },
  {
    key: 'porto-forte-materiais',
    nome: 'Porto Forte Materiais de Construção',
    categoria: 'Casa e Construção',
    bairro: 'Macuco',
    endereco: 'Av. Afonso Pena, 980',
    fones: 'ambos',
    site: true,
    vendedores: ['Edson Ramos', 'Cláudio Barros'],
  },
  {
    key: 'casa-e-cor-tintas',
    nome: 'Casa & Cor Tintas',
    categoria: 'Casa e Construção',
    bairro: 'Marapé',
    endereco: 'Av. Pinheiro Machado, 1322',
    fones: 'igual',
  },
  {
    key: 'ferragens-estuario',
    nome: 'Ferragens Estuário',
    categoria: 'Casa e Construção',
    bairro: 'Estuário',
    endereco: 'Av. Rei Alberto I, 210',
    fones: 'fixo',
  },
  {
    key: 'eletrosantos-informatica',
    nome: 'EletroSantos Informática',
    categoria: 'Eletrônicos',
    bairro: 'Centro',
    endereco: 'Rua João Pessoa, 301',
    fones: 'ambos',
    site: true,
    vendedores: ['Ricardo Tanaka'],
  },
  {
    key: 'cell-center-gonzaga',
    nome: 'Cell Center Gonzaga',
    categoria: 'Eletrônicos',
    bairro: 'Gonzaga',
    endereco: 'Av. Marechal Floriano Peixoto, 58',
    complemento: 'Loja 5',
    fones: 'zap',
  },
  {
    key: 'lavanderia-espuma-branca',
    nome: 'Lavanderia Espuma Branca',
    categoria: 'Serviços',
    bairro: 'Embaré',
    endereco: 'Rua Pará, 77',
    fones: 'igual',
  },
  {
    key: 'chaveiro-e-sapataria-central',
    nome: 'Chaveiro e Sapataria Central',
    categoria: 'Serviços',
    bairro: 'Centro',
    endereco: 'Rua Frei Gaspar, 12',
    fones: 'fixo',
  },
  {
    key: 'auto-center-canal-3',
    nome: 'Auto Center Canal 3',
    categoria: 'Serviços',
    bairro: 'Vila Belmiro',
    endereco: 'Av. Bernardino de Campos, 455',
    fones: 'ambos',
    site: true,
    vendedores: ['Wagner Silva', 'Jéssica Andrade'],
  },
  {
    key: 'pizzaria-forno-do-porto',
    nome: 'Pizzaria Forno do Porto',
    categoria: 'Alimentação',
    bairro: 'Ponta da Praia',
    endereco: 'Rua Oswaldo Cochrane, 190',
    fones: 'igual',
    pedidoMinCentavos: 3500,
    taxaEntregaCentavos: 600,
    vendedores: ['Rodrigo Pires'],
  },
  {
    key: 'gelato-da-orla',
    nome: 'Gelato da Orla Sorveteria',
    categoria: 'Alimentação',
    bairro: 'José Menino',
    endereco: 'Av. Presidente Wilson, 150',
    fones: 'zap',
  },
  {
    key: 'quitanda-do-mercado',
    nome: 'Quitanda do Mercado Hortifruti',
    categoria: 'Alimentação',
    bairro: 'Vila Mathias',
    endereco: 'Rua Campos Sales, 65',
    fones: 'ambos',
    pedidoMinCentavos: 3000,
    taxaEntregaCentavos: 700,
  },
  {
    key: 'otica-visao-clara',
    nome: 'Ótica Visão Clara',
    categoria: 'Ótica',
    bairro: 'Gonzaga',
    endereco: 'Rua Galeão Carvalhal, 23',
    fones: 'ambos',
    site: true,
    vendedores: ['Priscila Yamamoto'],
  },
  {
    key: 'livraria-canal-6',
    nome: 'Livraria Canal 6',
    categoria: 'Livraria e Papelaria',
    bairro: 'Boqueirão',
    endereco: 'Rua Alexandre Herculano, 310',
    fones: 'fixo',
    site: true,
  },
  {
    key: 'papelaria-do-estudante',
    nome: 'Papelaria do Estudante',
    categoria: 'Livraria e Papelaria',
    bairro: 'Encruzilhada',
    endereco: 'Rua Dr. Cóchrane, 96',
    fones: 'igual',
    ativo: false,
  },
  // Guarujá
  {
    key: 'restaurante-sabor-do-mar',
    nome: 'Restaurante Sabor do Mar',
    categoria: 'Alimentação',
    bairro: 'Pitangueiras',
    endereco: 'Av. Marechal Deodoro da Fonseca, 410',
    fones: 'igual',
    site: true,
    vendedores: ['Josué Almeida'],
  },
  {
    key: 'enseada-surf-shop',
    nome: 'Enseada Surf Shop',
    categoria: 'Vestuário',
    bairro: 'Enseada',
    endereco: 'Av. Dom Pedro I, 1200',
    fones: 'zap',
    site: true,
  },
  {
    key: 'drogaria-pitangueiras',
    nome: 'Drogaria Pitangueiras',
    categoria: 'Farmácia',
    bairro: 'Centro (Guarujá)',
    endereco: 'Rua Montenegro, 88',
    fones: 'ambos',
  },
  {
    key: 'padaria-asturias',
    nome: 'Padaria Astúrias',
    categoria: 'Alimentação',
    bairro: 'Astúrias',
    endereco: 'Rua Petrópolis, 45',
    fones: 'fixo',
  },
];

export interface UsuarioDemo {
  key: string;
  nome: string;
  email: string;
  cidade: CidadeNo;
  parceiro?: boolean;
  admin?: boolean;
  superadmin?: boolean;
  whatsup: string;
  endereco: string;
  numero: string;
  complemento?: string;
  bairro: Bairro;
  /** Digits only, as registration stores it. */
  cep: string;
  /** The partner's shops. */
  lojas?: string[];
}

export const USUARIOS: readonly UsuarioDemo[] = [
  {
    key: 'consumidor',
    nome: 'Maria Consumidora da Silva',
    email: 'consumidor@praca.demo',
    cidade: 1,
    whatsup: '13991234567',
    endereco: 'Rua Tolentino Filgueiras',
    numero: '120',
    complemento: 'Apto 52',
    bairro: 'Gonzaga',
    cep: '11060471',
  },
  {
    key: 'parceiro',
    nome: 'Pedro Parceiro Ferreira',
    email: 'parceiro@praca.demo',
    cidade: 1,
    parceiro: true,
    whatsup: '13988776655',
    endereco: 'Av. Conselheiro Nébias',
    numero: '690',
    bairro: 'Boqueirão',
    cep: '11045002',
    lojas: ['padaria-bella-vista', 'emporio-bella-vista'],
  },
  {
    key: 'admin',
    nome: 'Ana Administradora Souza',
    email: 'admin@praca.demo',
    cidade: 1,
    admin: true,
    whatsup: '13997651234',
    endereco: 'Praça Mauá',
    numero: 's/n',
    bairro: 'Centro',
    cep: '11010900',
  },
  {
    key: 'super',
    nome: 'Sérgio Superadmin Costa',
    email: 'super@praca.demo',
    cidade: 1,
    admin: true,
    superadmin: true,
    whatsup: '11991112233',
    endereco: 'Av. Presidente Wilson',
    numero: '88',
    complemento: 'Apto 101',
    bairro: 'José Menino',
    cep: '11065200',
  },
  ...(
    [
      ['Lucas Oliveira Santos', 1, 'Rua Oswaldo Cruz', '45', 'Boqueirão'],
      ['Juliana Pereira Lima', 1, 'Av. Pedro Lessa', '1500', 'Aparecida'],
      ['Rafael Almeida Costa', 1, 'Rua Euclides da Cunha', '210', 'Pompéia'],
      ['Fernanda Ribeiro Gomes', 1, 'Av. Afonso Pena', '320', 'Macuco'],
      ['Bruno Carvalho Martins', 1, 'Rua Carvalho de Mendonça', '77', 'Campo Grande'],
      ['Camila Rocha Araújo', 1, 'Av. Epitácio Pessoa', '402', 'Embaré'],
      ['Gustavo Barbosa Freitas', 1, 'Rua Alexandre Herculano', '18', 'Boqueirão'],
      ['Patrícia Mendes Cardoso', 1, 'Av. Almirante Saldanha da Gama', '60', 'Ponta da Praia'],
      ['Thiago Nascimento Dias', 2, 'Av. Dom Pedro I', '930', 'Enseada'],
      ['Larissa Teixeira Moura', 2, 'Rua Montenegro', '140', 'Pitangueiras'],
    ] as const
  ).map(([nome, cidade, endereco, numero, bairro], i): UsuarioDemo => ({
    key: `cliente${i + 1}`,
    nome,
    email: `cliente${i + 1}@praca.demo`,
    cidade,
    whatsup: `1399${String(8100000 + i * 1357).slice(0, 7)}`,
    endereco,
    numero,
    bairro,
    cep: `${BAIRROS[bairro].cep}${String(100 + i * 37).padStart(3, '0')}`,
  })),
];

export interface AvaliacaoDemo {
  loja: string;
  usuario: string;
  estrelas: 1 | 2 | 3 | 4 | 5;
  texto: string;
  resposta?: string;
  diasAtras: number;
  /** Waiting for approval (aprovado = N). */
  pendente?: boolean;
}

export const AVALIACOES: readonly AvaliacaoDemo[] = [
  {
    loja: 'padaria-bella-vista',
    usuario: 'consumidor',
    estrelas: 5,
    texto: 'Pão francês sempre quentinho e atendimento ótimo. Virou parada obrigatória no café da manhã!',
    resposta: 'Obrigado, Maria! Esperamos você amanhã com o pão saindo do forno.',
    diasAtras: 20,
  },
  {
    loja: 'padaria-bella-vista',
    usuario: 'cliente1',
    estrelas: 4,
    texto: 'Doces muito bons, só a fila no fim de semana que é grande.',
    resposta: 'Obrigado pelo retorno, Lucas! Reforçamos a equipe aos sábados.',
    diasAtras: 34,
  },
  {
    loja: 'padaria-bella-vista',
    usuario: 'cliente2',
    estrelas: 5,
    texto: 'O bolo de fubá com goiabada é o melhor de Santos.',
    diasAtras: 51,
  },
  {
    loja: 'padaria-bella-vista',
    usuario: 'cliente5',
    estrelas: 4,
    texto: 'Bom café e preço justo.',
    diasAtras: 9,
  },
  {
    loja: 'padaria-bella-vista',
    usuario: 'cliente4',
    estrelas: 3,
    texto: 'O pão de queijo estava frio hoje, mas o resto estava bom.',
    diasAtras: 2,
    pendente: true,
  },
  {
    loja: 'emporio-bella-vista',
    usuario: 'cliente3',
    estrelas: 5,
    texto: 'Variedade enorme de queijos e vinhos. Atendimento atencioso.',
    resposta: 'Ficamos felizes, Rafael! Toda semana chegam novidades.',
    diasAtras: 40,
  },
  {
    loja: 'emporio-bella-vista',
    usuario: 'consumidor',
    estrelas: 4,
    texto: 'Produtos de qualidade, preço um pouco acima da média.',
    diasAtras: 15,
  },
  {
    loja: 'emporio-bella-vista',
    usuario: 'cliente6',
    estrelas: 3,
    texto: 'Bons produtos, mas faltou troco no caixa.',
    resposta: 'Pedimos desculpas, Camila. Já reforçamos o caixa.',
    diasAtras: 27,
  },
  {
    loja: 'emporio-bella-vista',
    usuario: 'cliente7',
    estrelas: 5,
    texto: 'Os frios fatiados na hora fazem toda a diferença!',
    diasAtras: 1,
    pendente: true,
  },
  {
    loja: 'drogaria-vida-saude',
    usuario: 'cliente1',
    estrelas: 5,
    texto: 'Farmacêutico muito prestativo, me explicou tudo sobre o remédio.',
    diasAtras: 60,
  },
  {
    loja: 'drogaria-vida-saude',
    usuario: 'cliente8',
    estrelas: 4,
    texto: 'Entrega rápida pelo WhatsApp.',
    resposta: 'Obrigado! Entregamos em todo o Gonzaga.',
    diasAtras: 22,
  },
  {
    loja: 'farmacia-embare',
    usuario: 'cliente2',
    estrelas: 3,
    texto: 'Preços bons, mas na hora do almoço só um caixa atende.',
    diasAtras: 33,
  },
  {
    loja: 'boutique-mare-alta',
    usuario: 'cliente6',
    estrelas: 5,
    texto: 'Roupas lindas e a vendedora tem muito bom gosto!',
    diasAtras: 18,
  },
  {
    loja: 'boutique-mare-alta',
    usuario: 'cliente5',
    estrelas: 5,
    texto: 'Encontrei o presente perfeito para minha esposa.',
    diasAtras: 70,
  },
  {
    loja: 'calcados-passo-certo',
    usuario: 'cliente3',
    estrelas: 4,
    texto: 'Sapatos confortáveis e boa variedade de números.',
    diasAtras: 45,
  },
  {
    loja: 'calcados-passo-certo',
    usuario: 'cliente7',
    estrelas: 2,
    texto: 'Demoraram para trocar um par com defeito.',
    resposta: 'Sentimos muito, Gustavo. Revisamos nosso processo de trocas.',
    diasAtras: 38,
  },
  {
    loja: 'ponta-da-praia-moda-praia',
    usuario: 'cliente8',
    estrelas: 5,
    texto: 'Biquínis lindos e preço justo.',
    diasAtras: 12,
  },
  {
    loja: 'salao-beleza-pura',
    usuario: 'consumidor',
    estrelas: 5,
    texto: 'A escova dura dias! Equipe caprichosa.',
    diasAtras: 25,
  },
  {
    loja: 'salao-beleza-pura',
    usuario: 'cliente2',
    estrelas: 5,
    texto: 'Melhor coloração que já fiz.',
    diasAtras: 48,
  },
  {
    loja: 'salao-beleza-pura',
    usuario: 'cliente6',
    estrelas: 4,
    texto: 'Ótimo serviço, só atrasou um pouco.',
    resposta: 'Obrigada, Camila! Estamos ajustando a agenda.',
    diasAtras: 8,
  },
  {
    loja: 'barbearia-dom-santos',
    usuario: 'cliente1',
    estrelas: 5,
    texto: 'Corte impecável e ambiente descontraído.',
    diasAtras: 14,
  },
  {
    loja: 'barbearia-dom-santos',
    usuario: 'cliente3',
    estrelas: 5,
    texto: 'Barba feita com toalha quente, recomendo.',
    diasAtras: 31,
  },
  {
    loja: 'studio-unhas-e-cia',
    usuario: 'cliente5',
    estrelas: 4,
    texto: 'Unhas bem feitas e ambiente limpo.',
    diasAtras: 19,
  },
  {
    loja: 'pet-shop-amigo-fiel',
    usuario: 'cliente4',
    estrelas: 5,
    texto: 'Meu cachorro volta do banho cheiroso e feliz.',
    diasAtras: 29,
  },
  {
    loja: 'pet-shop-amigo-fiel',
    usuario: 'consumidor',
    estrelas: 5,
    texto: 'Ração com bom preço e entrega no mesmo dia.',
    resposta: 'Obrigado, Maria! Mande um abraço para o Thor.',
    diasAtras: 6,
  },
  {
    loja: 'veterinaria-patas-do-litoral',
    usuario: 'cliente7',
    estrelas: 5,
    texto: 'Veterinária atenciosa, cuidou muito bem da minha gata.',
    diasAtras: 53,
  },
  {
    loja: 'porto-forte-materiais',
    usuario: 'cliente8',
    estrelas: 4,
    texto: 'Tem de tudo para a obra e entregam rápido.',
    diasAtras: 36,
  },
  {
    loja: 'porto-forte-materiais',
    usuario: 'cliente3',
    estrelas: 3,
    texto: 'Bom estoque, atendimento demorado no sábado.',
    diasAtras: 11,
  },
  {
    loja: 'casa-e-cor-tintas',
    usuario: 'cliente6',
    estrelas: 5,
    texto: 'Acertaram a cor da tinta de primeira.',
    diasAtras: 44,
  },
  {
    loja: 'eletrosantos-informatica',
    usuario: 'cliente1',
    estrelas: 4,
    texto: 'Consertaram meu notebook em dois dias.',
    resposta: 'Obrigado pela confiança, Lucas!',
    diasAtras: 23,
  },
  {
    loja: 'cell-center-gonzaga',
    usuario: 'cliente2',
    estrelas: 2,
    texto: 'A película descolou em uma semana.',
    diasAtras: 16,
  },
  {
    loja: 'lavanderia-espuma-branca',
    usuario: 'cliente5',
    estrelas: 5,
    texto: 'Edredom limpinho e cheiroso, preço bom.',
    diasAtras: 42,
  },
  {
    loja: 'auto-center-canal-3',
    usuario: 'cliente4',
    estrelas: 4,
    texto: 'Alinhamento e balanceamento bem feitos.',
    diasAtras: 37,
  },
  {
    loja: 'auto-center-canal-3',
    usuario: 'cliente7',
    estrelas: 5,
    texto: 'Honestos no orçamento, voltarei.',
    diasAtras: 5,
  },
  {
    loja: 'pizzaria-forno-do-porto',
    usuario: 'consumidor',
    estrelas: 5,
    texto: 'Massa fininha e entrega rápida na Ponta da Praia.',
    diasAtras: 10,
  },
  {
    loja: 'pizzaria-forno-do-porto',
    usuario: 'cliente3',
    estrelas: 4,
    texto: 'Pizza ótima, só a borda veio um pouco queimada.',
    diasAtras: 26,
  },
  {
    loja: 'pizzaria-forno-do-porto',
    usuario: 'cliente8',
    estrelas: 5,
    texto: 'A de camarão é imperdível!',
    resposta: 'Obrigado, Patrícia! É a favorita da casa.',
    diasAtras: 3,
  },
  {
    loja: 'gelato-da-orla',
    usuario: 'cliente6',
    estrelas: 5,
    texto: 'Sorvete de pistache maravilhoso depois da praia.',
    diasAtras: 7,
  },
  {
    loja: 'quitanda-do-mercado',
    usuario: 'cliente1',
    estrelas: 4,
    texto: 'Frutas fresquinhas, direto do Mercado.',
    diasAtras: 13,
  },
  {
    loja: 'otica-visao-clara',
    usuario: 'cliente5',
    estrelas: 5,
    texto: 'Fizeram meus óculos em tempo recorde.',
    diasAtras: 58,
  },
  {
    loja: 'livraria-canal-6',
    usuario: 'cliente2',
    estrelas: 5,
    texto: 'Livraria charmosa, o livreiro conhece tudo.',
    diasAtras: 21,
  },
  {
    loja: 'restaurante-sabor-do-mar',
    usuario: 'cliente9',
    estrelas: 5,
    texto: 'Peixe fresco e vista linda para o mar.',
    diasAtras: 17,
  },
  {
    loja: 'restaurante-sabor-do-mar',
    usuario: 'cliente10',
    estrelas: 4,
    texto: 'Porção generosa, vale o preço.',
    diasAtras: 30,
  },
  {
    loja: 'enseada-surf-shop',
    usuario: 'cliente10',
    estrelas: 5,
    texto: 'Pranchas de ótima qualidade e bom atendimento.',
    diasAtras: 24,
  },
];
