import {
  REGRA_APURACAO,
  type Apuracao,
  type GanhadorApuracao,
  type ItemSorteioPublico,
} from '@praca/contract';

/** Test data of the apuração screens, as the API sends it. */
export const HASH = 'a1b2c3d4'.repeat(8);

export const apuracao = (extra: Partial<Apuracao> = {}): Apuracao => ({
  id_apuracao: 12,
  status: 'agendada',
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  cod_cidade: 3548500,
  concurso: 5930,
  data_concurso: '2026-12-23',
  qtd_premios: 3,
  mloja: 'N',
  musuario: 'S',
  hash_bilhetes: HASH,
  qtd_bilhetes: 1500,
  bilhetes_gravados: 1500,
  congelado_em: '2026-12-20T13:30:00.000Z',
  bilhetes: '/v1/apuracoes/12/bilhetes.csv',
  regra: [...REGRA_APURACAO],
  reagendamentos: [],
  apurada_em: null,
  premios: null,
  serie_inicial: null,
  numero_inicial: null,
  ganhadores: [],
  ...extra,
});

export const ganhador = (premio: number, extra: Partial<GanhadorApuracao> = {}): GanhadorApuracao => ({
  premio,
  serie_numero: `000-0000${premio}`,
  titular: `t${premio}`,
  participante: `M***** L**** ${premio}`,
  id_estabelecimento: 5,
  nom_estabelecimento: 'Padaria Bella Vista',
  id_sorteado: 30 + premio,
  anulado: false,
  motivo_anulacao: null,
  entregue: false,
  prescrito: false,
  ...extra,
});

export const itemApuracao = (extra: Partial<ItemSorteioPublico> = {}): ItemSorteioPublico => ({
  tipo: 'apuracao',
  id_apuracao: 12,
  id_registro: null,
  status: 'agendada',
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  concurso: 5930,
  data: '2026-12-23',
  hash: HASH,
  qtd_bilhetes: 1500,
  ganhadores: [],
  ...extra,
});

export const itemInstantaneo = (extra: Partial<ItemSorteioPublico> = {}): ItemSorteioPublico => ({
  tipo: 'instantaneo',
  id_apuracao: null,
  id_registro: 77,
  status: 'realizado',
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  concurso: null,
  data: '2026-12-24T15:00:00.000Z',
  hash: null,
  qtd_bilhetes: 900,
  ganhadores: [
    {
      serie_numero: '001-04321',
      participante: 'M***** L****',
      nom_estabelecimento: 'Padaria Bella Vista',
      anulado: false,
      motivo_anulacao: null,
    },
  ],
  ...extra,
});
