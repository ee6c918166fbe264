import {
  AVALIACOES,
  BAIRROS,
  CATEGORIAS,
  CIDADE_1,
  CIDADE_2,
  CIDADES_DEMO,
  CORES,
  MOTIVO,
  LOJAS,
  OUTRAS_CIDADES,
  USUARIOS,
  type CidadeNo,
  type LojaDemo,
  type UsuarioDemo,
} from './data.js';
import { TITULO_CUPOM_COMPLETADO, formatCouponCode, textoCupomCompletado } from '@praca/contract';
import { MemoryBalances, SalesBatch, type BatchSaleRows } from '../../modules/sales/batch.js';
import { imagePath, type DemoImage } from './images.js';
import type { Motif } from './svg-parts.js';
import { addDays, brDate, daysBetween, demoCnpj, hash32, instantAt, prng, slug } from './util.js';

/**
 * The whole demo as plain rows that refer to each other by key (shop key, user key, campaign
 * key, sale index). Pure and deterministic for a given day, so it can be checked without a
 * database; index.ts turns keys into generated ids while inserting.
 */

interface PlanLoja extends Omit<LojaDemo, 'site'> {
  cod_cidade: number;
  cidade: string;
  uf: string;
  cep: string;
  telefone: string;
  whatsup: string;
  site: string;
  url_foto: string;
  url_logo: string;
  cnpj: string;
  latitude: number;
  longitude: number;
  soma_estrelas: number;
  qtd_avaliacao: number;
  /** Running campaign it takes part in (ies_campanha/id_campanha_def), if any. */
  campanhaAtual: string | null;
  criado_em: string;
}

interface PlanCampanha {
  key: string;
  den_campanha: string;
  banner: string;
  validade_ini: string;
  validade_fim: string;
  link: string;
  cidade: CidadeNo;
  participantes: { loja: string; fator_cashback_e4: number; fator_sorteio_e4: number }[];
  proximo_cupom: number;
  criado_em: string;
}

interface PlanVenda {
  campanha: string;
  loja: string;
  usuario: string;
  vendedor: string | null;
  dat_venda: string;
  numero_venda: string;
  valor_centavos: number;
  pontos_e6: number;
  cashback_e6: number;
  criadoPor: string | null;
  criado_em: string;
}

interface PlanCupom {
  campanha: string;
  numero: number;
  usuario: string;
  /** Index into `vendas` of the sale that completed it. */
  venda: number;
  loja: string;
  dat_emissao: string;
  sorteado_em: string | null;
}

interface PlanContemplado {
  campanha: string;
  /** Coupon number within the campaign. */
  cupom: number;
  usuario: string;
  venda: number;
  loja: string;
  vendedor: string | null;
  nome_sorteado: string;
  data_sorteio: string;
  instante: string;
  fotos: string[];
  qtd_elegiveis: number;
  posicao: number;
  criadoPor: string;
}

interface PlanAvaliacao {
  loja: string;
  usuario: string;
  nro_estrelas: number;
  den_avaliacao: string;
  den_resposta: string;
  aprovado: 'S' | 'N';
  datahora: string;
  aprovado_em: string | null;
  aprovadoPor: string | null;
}

interface PlanAviso {
  cidade: CidadeNo;
  title: string;
  body: string;
  image: string;
  validade: string;
  criado_em: string;
}

interface PlanPromocao {
  loja: string;
  dat_inicio: string;
  dat_final: string;
  plano_dias: number;
  ies_pago: 'S' | 'N';
  imagem: string;
  linkproduto: string;
  val_desconto_e4: number;
  porc_desconto_e4: number;
  val_minimo_centavos: number;
  cod_produto: string;
  regra: string;
  criado_em: string;
}

interface PlanTurismo {
  cidade: CidadeNo;
  tipo: 0 | 1 | 2 | 3 | 4;
  descricao: string;
  url_foto: string;
  url_site: string;
  ind_ativo: 'S' | 'N';
  latitude: number;
  longitude: number;
  validade_ate: string | null;
}

interface PlanNotificacao {
  cidade: CidadeNo;
  title: string;
  body: string;
  image: string;
  enviadoPor: string;
  criado_em: string;
  /** Users it reached, with when they read it (null: unread). */
  destinatarios: { usuario: string; lida_em: string | null }[];
}

interface PlanUsuarioNotificacao {
  usuario: string;
  title: string;
  body: string;
  image: string;
  dat_recece: string;
  lida_em: string | null;
}

interface PlanContestacao {
  tipo: 'nao_reconheco' | 'nao_registrada';
  usuario: string;
  loja: string;
  /** Index into `vendas` of the disputed sale ('nao_reconheco'). */
  venda: number | null;
  dat_venda: string;
  valor_centavos: number;
  numero_venda: string;
  criada_em: string;
}

interface PlanUsuario extends UsuarioDemo {
  cod_cidade: number;
  cidadeNome: string;
  uf: string;
  visto_em: string | null;
  criado_em: string;
}

export interface DemoPlan {
  today: string;
  cidades: { cod_cidade: number; cidade: string; uf: string }[];
  categorias: string[];
  usuarios: PlanUsuario[];
  lojas: PlanLoja[];
  campanhas: PlanCampanha[];
  vendas: PlanVenda[];
  saldos: { usuario: string; campanha: string; pontos_e6: number; cupons: number }[];
  cupons: PlanCupom[];
  contemplados: PlanContemplado[];
  avaliacoes: PlanAvaliacao[];
  avisos: PlanAviso[];
  promocoes: PlanPromocao[];
  turismo: PlanTurismo[];
  notificacoes: PlanNotificacao[];
  usuarioNotificacoes: PlanUsuarioNotificacao[];
  contestacoes: PlanContestacao[];
  images: DemoImage[];
}

/** Campaign keys, for callers and tests. */
const CAMPANHA_ATUAL = 'santos-2';
const CAMPANHA_PASSADA = 'santos-1';
const CAMPANHA_GUARUJA = 'guaruja-1';

const site = (key: string) => `https://${key}.example.com`;

/** Phone digits (DDD 13) derived from the shop key, following its `fones` pattern. */
function fonesDe(loja: LojaDemo): { telefone: string; whatsup: string } {
  const h = hash32(`fone:${loja.key}`);
  const fixo = `133${String(2000000 + (h % 7_999_999)).padStart(7, '0')}`;
  const celular = `139${String(81000000 + (h % 18_999_999)).padStart(8, '0')}`;
  switch (loja.fones) {
    case 'igual':
      return { telefone: celular, whatsup: celular };
    case 'ambos':
      return { telefone: fixo, whatsup: celular };
    case 'fixo':
      return { telefone: fixo, whatsup: '' };
    case 'zap':
      return { telefone: '', whatsup: celular };
  }
}

/** What every step shares: the day the demo is built for, and the pictures it draws. */
interface Ctx {
  today: string;
  /** Adds a picture to draw (in call order) and answers its stored path. */
  img: (spec: DemoImage) => string;
  /** The instant `daysFromToday` days from today at a São Paulo wall-clock time. */
  at: (daysFromToday: number, hour: number, minute?: number) => string;
}

type CampanhaBase = Omit<PlanCampanha, 'proximo_cupom'>;

const LOJA_DEMO = new Map(LOJAS.map((l) => [l.key, l]));

/** A finder by key that fails loudly on an unknown one. */
function byKey<T extends { key: string }>(rows: readonly T[], unknown: string): (key: string) => T {
  const map = new Map(rows.map((r) => [r.key, r]));
  return (key) => {
    const row = map.get(key);
    if (!row) throw new Error(`${unknown}: ${key}`);
    return row;
  };
}

/**
 * The whole demo for `today`, step by step. The steps run in this order because the pictures
 * are listed in the order they are drawn, and the sales draw from one repeatable PRNG.
 */
export function buildPlan(today: string): DemoPlan {
  const images: DemoImage[] = [];
  const ctx: Ctx = {
    today,
    img: (spec) => {
      images.push(spec);
      return imagePath(spec);
    },
    at: (daysFromToday, hour, minute = 0) => instantAt(addDays(today, daysFromToday), hour, minute),
  };
  const usuarios = planPeople(ctx);
  const user = byKey(usuarios, 'usuário de demonstração desconhecido');
  const campanhasBase = planCampaigns(ctx);
  const campanha = byKey(campanhasBase, 'campanha de demonstração desconhecida');
  const { avaliacoes, soma } = planReviews(ctx, user);
  const lojas = planShops(ctx, campanhasBase, soma);
  const loja = byKey(lojas, 'loja de demonstração desconhecida');
  const { fixas, vendas, ledger } = planSales(ctx, campanhasBase, usuarios);
  const { campanhas, cupons, saldos } = planLedger(campanhasBase, vendas, ledger);
  const contemplados = planWinners(ctx, campanha(CAMPANHA_PASSADA), fixas, vendas, cupons, user, loja);
  const campAtual = campanha(CAMPANHA_ATUAL);
  const avisos = planNotices(ctx, campAtual);
  const promocoes = planPromotions(ctx, loja);
  const turismo = planTourism(ctx);
  const { notificacoes, usuarioNotificacoes } = planNotifications(
    ctx,
    campAtual,
    usuarios,
    cupons,
    user,
    loja,
  );
  const contestacoes = planComplaints(ctx, vendas);
  return {
    today,
    cidades: [CIDADE_1, CIDADE_2, ...OUTRAS_CIDADES].map((c) => ({ ...c })),
    categorias: [...CATEGORIAS],
    usuarios,
    lojas,
    campanhas,
    vendas,
    saldos,
    cupons,
    contemplados,
    avaliacoes,
    avisos,
    promocoes,
    turismo,
    notificacoes,
    usuarioNotificacoes,
    contestacoes,
    images,
  };
}

/** The demo people, one per `USUARIOS` entry, with their city and when they signed up. */
function planPeople({ at }: Ctx): PlanUsuario[] {
  const usuarios: PlanUsuario[] = USUARIOS.map((u, i) => ({
    ...u,
    cod_cidade: CIDADES_DEMO[u.cidade].cod_cidade,
    cidadeNome: CIDADES_DEMO[u.cidade].cidade,
    uf: CIDADES_DEMO[u.cidade].uf,
    visto_em: u.key.startsWith('cliente') ? at(-1 - (i % 9), 19, 5 * i) : null,
    criado_em: at(-330 + i * 7, 10, i),
  }));
  return usuarios;
}

/** The three campaigns: Santos' running and past ones, Guarujá's running one. */
function planCampaigns({ today, img, at }: Ctx): CampanhaBase[] {
  const part = (lojas: [string, number, number][]) =>
    lojas.map(([loja, fator_cashback_e4, fator_sorteio_e4]) => ({
      loja,
      fator_cashback_e4,
      fator_sorteio_e4,
    }));
  return [
    {
      key: CAMPANHA_ATUAL,
      den_campanha: 'Santos Premiada — 2ª edição',
      banner: img({
        dir: 'imgban',
        name: 'demo-campanha-santos-premiada-2',
        width: 1024,
        height: 400,
        title: 'Santos Premiada — 2ª edição',
        subtitle: 'A cada R$ 100 em compras nas lojas participantes, um cupom para o sorteio',
        colors: ['#ff512f', '#dd2476'],
        kind: 'banner',
      }),
      validade_ini: addDays(today, -45),
      validade_fim: addDays(today, 75),
      link: '',
      cidade: 1,
      participantes: part([
        ['padaria-bella-vista', 500, 100],
        ['emporio-bella-vista', 500, 100],
        ['drogaria-vida-saude', 300, 100],
        ['boutique-mare-alta', 800, 100],
        ['calcados-passo-certo', 500, 100],
        ['salao-beleza-pura', 1000, 100],
        ['pet-shop-amigo-fiel', 500, 100],
        ['porto-forte-materiais', 200, 100],
        ['eletrosantos-informatica', 300, 100],
        ['pizzaria-forno-do-porto', 500, 200],
        ['quitanda-do-mercado', 500, 100],
        ['otica-visao-clara', 700, 100],
        ['auto-center-canal-3', 300, 100],
      ]),
      criado_em: at(-52, 9),
    },
    {
      key: CAMPANHA_PASSADA,
      den_campanha: 'Santos Premiada — 1ª edição',
      banner: img({
        dir: 'imgban',
        name: 'demo-campanha-santos-premiada-1',
        width: 1024,
        height: 400,
        title: 'Santos Premiada — 1ª edição',
        subtitle: 'Obrigado a todos que participaram! Confira os contemplados',
        colors: ['#1d976c', '#2c3e50'],
        kind: 'banner',
      }),
      validade_ini: addDays(today, -300),
      validade_fim: addDays(today, -120),
      link: '',
      cidade: 1,
      participantes: part([
        ['padaria-bella-vista', 500, 100],
        ['emporio-bella-vista', 500, 100],
        ['drogaria-vida-saude', 500, 100],
        ['calcados-passo-certo', 500, 100],
        ['salao-beleza-pura', 500, 100],
        ['pet-shop-amigo-fiel', 500, 100],
        ['casa-e-cor-tintas', 500, 100],
        ['cell-center-gonzaga', 500, 100],
        ['pizzaria-forno-do-porto', 500, 100],
        ['gelato-da-orla', 500, 100],
      ]),
      criado_em: at(-310, 9),
    },
    {
      key: CAMPANHA_GUARUJA,
      den_campanha: 'Guarujá Premia Você',
      banner: img({
        dir: 'imgban',
        name: 'demo-campanha-guaruja-premia-voce',
        width: 1024,
        height: 400,
        title: 'Guarujá Premia Você',
        subtitle: 'Compre no comércio da cidade e concorra a prêmios',
        colors: ['#00c6ff', '#0072ff'],
        kind: 'banner',
      }),
      validade_ini: addDays(today, -30),
      validade_fim: addDays(today, 90),
      link: '',
      cidade: 2,
      participantes: part([
        ['restaurante-sabor-do-mar', 500, 100],
        ['enseada-surf-shop', 500, 100],
        ['drogaria-pitangueiras', 300, 100],
        ['padaria-asturias', 500, 100],
      ]),
      criado_em: at(-35, 9),
    },
  ];
}

/** Reviews, and each shop's approved totals (the shop row carries them). */
function planReviews(
  { today }: Ctx,
  user: (key: string) => PlanUsuario,
): { avaliacoes: PlanAvaliacao[]; soma: Map<string, { soma: number; qtd: number }> } {
  const soma = new Map<string, { soma: number; qtd: number }>();
  const avaliacoes: PlanAvaliacao[] = AVALIACOES.map((a) => {
    const loja = LOJA_DEMO.get(a.loja);
    if (!loja) throw new Error(`loja de demonstração desconhecida: ${a.loja}`);
    user(a.usuario);
    const dia = addDays(today, -a.diasAtras);
    const datahora = instantAt(dia, 9 + (hash32(a.texto) % 11), hash32(a.usuario) % 60);
    if (!a.pendente) {
      const s = soma.get(a.loja) ?? { soma: 0, qtd: 0 };
      soma.set(a.loja, { soma: s.soma + a.estrelas, qtd: s.qtd + 1 });
    }
    const doParceiro = USUARIOS.some((u) => u.lojas?.includes(a.loja));
    const cidade = BAIRROS[loja.bairro].cidade;
    return {
      loja: a.loja,
      usuario: a.usuario,
      nro_estrelas: a.estrelas,
      den_avaliacao: a.texto,
      den_resposta: a.pendente ? '' : (a.resposta ?? ''),
      aprovado: a.pendente ? 'N' : 'S',
      datahora,
      aprovado_em: a.pendente ? null : instantAt(addDays(dia, 1), 10, 15),
      aprovadoPor: a.pendente ? null : doParceiro ? 'parceiro' : cidade === 1 ? 'admin' : 'super',
    };
  });
  return { avaliacoes, soma };
}

/** The shops, with their pictures, review totals and the campaign each runs today. */
function planShops(
  { today, img, at }: Ctx,
  campanhas: readonly CampanhaBase[],
  soma: ReadonlyMap<string, { soma: number; qtd: number }>,
): PlanLoja[] {
  const atual = campanhas.filter((c) => c.validade_ini <= today && today <= c.validade_fim);
  const lojas: PlanLoja[] = LOJAS.map((l, i) => {
    const b = BAIRROS[l.bairro];
    const cidade = CIDADES_DEMO[b.cidade];
    const h = hash32(`geo:${l.key}`);
    const jitter = (n: number) => ((n % 1000) / 1000 - 0.5) * 0.008;
    const s = soma.get(l.key) ?? { soma: 0, qtd: 0 };
    const cores = CORES[l.categoria];
    return {
      ...l,
      cod_cidade: cidade.cod_cidade,
      cidade: cidade.cidade,
      uf: cidade.uf,
      cep: `${b.cep}-${String(hash32(`cep:${l.key}`) % 1000).padStart(3, '0')}`,
      ...fonesDe(l),
      site: l.site ? site(l.key) : '',
      url_foto: img({
        dir: 'imgest',
        name: `demo-${l.key}`,
        width: 300,
        height: 150,
        title: l.nome,
        subtitle: `${l.categoria} · ${l.bairro.replace(/ \(.*\)$/, '')}`,
        colors: cores,
        kind: 'shop',
        motif: MOTIVO[l.categoria],
      }),
      url_logo: img({
        dir: 'imglog',
        name: `demo-${l.key}`,
        width: 100,
        height: 100,
        title: l.nome,
        colors: cores,
        kind: 'logo',
        motif: MOTIVO[l.categoria],
      }),
      cnpj: demoCnpj(l.key),
      latitude: Number((b.lat + jitter(h)).toFixed(8)),
      longitude: Number((b.lng + jitter(h >>> 10)).toFixed(8)),
      soma_estrelas: s.soma,
      qtd_avaliacao: s.qtd,
      campanhaAtual:
        l.ativo === false
          ? null
          : (atual.find((c) => c.participantes.some((p) => p.loja === l.key))?.key ?? null),
      criado_em: at(-420 + i * 3, 11),
    };
  });
  return lojas;
}

type Fixa = {
  campanha: string;
  loja: string;
  usuario: string;
  valor: number;
  dia: number;
  vendedor: string | null;
};

/**
 * The sales, in the order they were made: the hand-picked ones (`fixas`: the demo consumer's
 * coupons and the winners') and random ones from one repeatable PRNG.
 */
function planSales(
  { today }: Ctx,
  campanhas: readonly CampanhaBase[],
  usuarios: readonly PlanUsuario[],
): { fixas: Fixa[]; vendas: PlanVenda[]; ledger: SalesLedger } {
  const campanhaDe = new Map(campanhas.map((c) => [c.key, c]));
  const rnd = prng(20_261_122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  // Hand-picked sales: the demo consumer's 3 coupons + 0.45 of the next, and the two winners.
  const fixas: Fixa[] = [
    {
      campanha: CAMPANHA_ATUAL,
      loja: 'padaria-bella-vista',
      usuario: 'consumidor',
      valor: 12850,
      dia: 5,
      vendedor: 'Carla Nunes',
    },
    {
      campanha: CAMPANHA_ATUAL,
      loja: 'drogaria-vida-saude',
      usuario: 'consumidor',
      valor: 8990,
      dia: 18,
      vendedor: null,
    },
    {
      campanha: CAMPANHA_ATUAL,
      loja: 'emporio-bella-vista',
      usuario: 'consumidor',
      valor: 12660,
      dia: 33,
      vendedor: 'Renata Alves',
    },
    {
      campanha: CAMPANHA_PASSADA,
      loja: 'salao-beleza-pura',
      usuario: 'cliente3',
      valor: 18500,
      dia: 40,
      vendedor: 'Aline Moraes',
    },
    {
      campanha: CAMPANHA_PASSADA,
      loja: 'pet-shop-amigo-fiel',
      usuario: 'cliente6',
      valor: 24990,
      dia: 95,
      vendedor: 'Tatiane Reis',
    },
  ];
  const rascunho: (Fixa & { hora: number; minuto: number })[] = fixas.map((f, i) => ({
    ...f,
    hora: 10 + i,
    minuto: 17 + i,
  }));
  for (const c of campanhas) {
    const fim = c.validade_fim < today ? c.validade_fim : addDays(today, -1);
    const span = daysBetween(c.validade_ini, fim);
    const clientes = usuarios.filter((u) => u.key.startsWith('cliente') && u.cidade === c.cidade);
    // The partner's shops sell more, so the partner's screens have something to page through.
    const pesos = c.participantes.flatMap((p) =>
      USUARIOS.some((u) => u.lojas?.includes(p.loja)) ? [p.loja, p.loja, p.loja] : [p.loja],
    );
    const [min, extra] = c.key === CAMPANHA_ATUAL ? [3, 4] : [2, 3];
    for (const u of clientes) {
      const n = min + Math.floor(rnd() * extra);
      for (let k = 0; k < n; k++) {
        const lojaKey = pick(pesos);
        const faixa = rnd();
        let valor =
          faixa < 0.55
            ? 1500 + Math.floor(rnd() * 7500)
            : faixa < 0.9
              ? 9000 + Math.floor(rnd() * 16000)
              : 25000 + Math.floor(rnd() * 35000);
        valor = rnd() < 0.4 ? Math.floor(valor / 100) * 100 - 10 : Math.floor(valor / 10) * 10;
        const vendedores = LOJA_DEMO.get(lojaKey)?.vendedores ?? [];
        rascunho.push({
          campanha: c.key,
          loja: lojaKey,
          usuario: u.key,
          valor,
          dia: Math.floor(rnd() * (span + 1)),
          vendedor: vendedores.length && rnd() < 0.7 ? pick(vendedores) : null,
          hora: 9 + Math.floor(rnd() * 10),
          minuto: Math.floor(rnd() * 60),
        });
      }
    }
  }
  const parceiroDe = (lojaKey: string) => USUARIOS.find((u) => u.lojas?.includes(lojaKey))?.key ?? null;
  const cronologico = rascunho
    .map((r) => {
      const c = campanhaDe.get(r.campanha);
      if (!c) throw new Error(`campanha desconhecida: ${r.campanha}`);
      const dat = addDays(c.validade_ini, r.dia);
      return { ...r, dat, criado_em: instantAt(dat, r.hora, r.minuto) };
    })
    .sort((a, b) => (a.criado_em < b.criado_em ? -1 : a.criado_em > b.criado_em ? 1 : 0));
  const seqLoja = new Map<string, number>();
  // The sales module's batch form: points, cashback and coupons, one balance per consumer and
  // campaign, numbered in order of first sale.
  const saldoDe = new Map<string, { usuario: string; campanha: string; i: number }>();
  const livro = new MemoryBalances(cronologico.length);
  const batch = new SalesBatch<string>(() => livro);
  const rows: BatchSaleRows[] = [];
  const vendas: PlanVenda[] = cronologico.map((r) => {
    const c = campanhaDe.get(r.campanha);
    const p = c?.participantes.find((x) => x.loja === r.loja);
    if (!c || !p) throw new Error(`loja ${r.loja} não participa de ${r.campanha}`);
    if (r.dat < c.validade_ini || r.dat > c.validade_fim || r.dat >= today)
      throw new Error('venda fora da validade');
    const seq = (seqLoja.get(r.loja) ?? 0) + 1;
    seqLoja.set(r.loja, seq);
    const k = `${r.usuario}|${r.campanha}`;
    const saldo = saldoDe.get(k) ?? { usuario: r.usuario, campanha: r.campanha, i: saldoDe.size };
    saldoDe.set(k, saldo);
    const sale = batch.record({
      campanha: r.campanha,
      balance: saldo.i,
      valor_centavos: r.valor,
      fator_sorteio_e4: p.fator_sorteio_e4,
      fator_cashback_e4: p.fator_cashback_e4,
    });
    rows.push(sale);
    return {
      campanha: r.campanha,
      loja: r.loja,
      usuario: r.usuario,
      vendedor: r.vendedor,
      dat_venda: r.dat,
      numero_venda: `NFC-${String(1000 + seq).padStart(6, '0')}`,
      valor_centavos: r.valor,
      pontos_e6: sale.pontos_e6,
      cashback_e6: sale.cashback_e6,
      criadoPor: parceiroDe(r.loja),
      criado_em: r.criado_em,
    };
  });
  return { fixas, vendas, ledger: { batch, livro, saldos: [...saldoDe.values()], rows } };
}

/** What the batch form derived of the sales: each one's coupons, and the balances. */
interface SalesLedger {
  batch: SalesBatch<string>;
  livro: MemoryBalances;
  saldos: { usuario: string; campanha: string; i: number }[];
  /** Per sale, in the order of `vendas`. */
  rows: BatchSaleRows[];
}

/** Balances and coupons (domain §4) from the sales in issue order, and each campaign's next number. */
function planLedger(
  campanhasBase: readonly CampanhaBase[],
  vendas: readonly PlanVenda[],
  { batch, livro, saldos, rows }: SalesLedger,
): Pick<DemoPlan, 'campanhas' | 'cupons' | 'saldos'> {
  const cupons: PlanCupom[] = [];
  vendas.forEach((v, i) => {
    const { primeiro, emitidos } = rows[i]!;
    for (let numero = primeiro; numero < primeiro + emitidos; numero++) {
      cupons.push({
        campanha: v.campanha,
        numero,
        usuario: v.usuario,
        venda: i,
        loja: v.loja,
        dat_emissao: v.criado_em,
        sorteado_em: null,
      });
    }
  });
  return {
    campanhas: campanhasBase.map((c) => ({ ...c, proximo_cupom: batch.nextCoupon(c.key) })),
    cupons,
    saldos: saldos.map((b) => ({
      usuario: b.usuario,
      campanha: b.campanha,
      pontos_e6: livro.pontosE6[b.i],
      cupons: livro.cupons[b.i],
    })),
  };
}

/** The past campaign's draw: the winners' coupons marked drawn, with their prize photos. */
function planWinners(
  { img }: Ctx,
  passada: CampanhaBase,
  fixas: readonly Fixa[],
  vendas: readonly PlanVenda[],
  cupons: PlanCupom[],
  user: (key: string) => PlanUsuario,
  loja: (key: string) => PlanLoja,
): PlanContemplado[] {
  const dataSorteio = addDays(passada.validade_fim, 7);
  const elegiveis = cupons.filter((c) => c.campanha === CAMPANHA_PASSADA).map((c) => c.numero);
  const contemplados: PlanContemplado[] = [];
  for (const [i, f] of fixas.filter((x) => x.campanha === CAMPANHA_PASSADA).entries()) {
    const venda = vendas.findIndex(
      (v) =>
        v.campanha === f.campanha &&
        v.usuario === f.usuario &&
        v.loja === f.loja &&
        v.valor_centavos === f.valor,
    );
    const cupom = cupons.find((c) => c.venda === venda);
    if (!cupom) throw new Error('venda do contemplado não gerou cupom');
    const instante = instantAt(dataSorteio, 15, 10 * i);
    const posicao = elegiveis.indexOf(cupom.numero) + 1;
    const qtd = elegiveis.length;
    elegiveis.splice(posicao - 1, 1);
    cupom.sorteado_em = instante;
    const u = user(f.usuario);
    const l = loja(f.loja);
    const primeiro = u.nome.split(' ')[0];
    contemplados.push({
      campanha: CAMPANHA_PASSADA,
      cupom: cupom.numero,
      usuario: u.key,
      venda,
      loja: l.key,
      vendedor: f.vendedor,
      nome_sorteado: u.nome,
      data_sorteio: dataSorteio,
      instante,
      qtd_elegiveis: qtd,
      posicao,
      criadoPor: 'admin',
      fotos: (['a', 'b'] as const).map((s, j) =>
        img({
          dir: 'users',
          name: `demo-contemplado-${slug(u.nome)}-${s}`,
          width: 512,
          height: 512,
          title: j === 0 ? `Parabéns, ${primeiro}!` : 'Entrega do prêmio',
          subtitle: j === 0 ? `Cupom sorteado na ${l.nome}` : `${u.nome} · ${passada.den_campanha}`,
          colors: j === 0 ? ['#f7971e', '#ffd200'] : ['#8e2de2', '#4a00e0'],
          kind: 'winner',
          motif: j === 0 ? 'trofeu' : 'presente',
        }),
      ),
    });
  }
  return contemplados;
}

/** The cities' notices. */
function planNotices({ today, img, at }: Ctx, campAtual: CampanhaBase): PlanAviso[] {
  const avisoImg = (name: string, title: string, colors: readonly [string, string], motif: Motif) =>
    img({
      dir: 'imgban',
      name: `demo-aviso-${name}`,
      width: 200,
      height: 200,
      title,
      colors,
      kind: 'notice',
      motif,
    });
  return [
    {
      cidade: 1,
      title: 'Bem-vindo ao Praça Santos!',
      body:
        'Cada R$ 100,00 em compras nas lojas participantes vale <b>1 cupom</b> para o sorteio.\n' +
        'Confira as lojas na página <i>Participantes</i> e acompanhe seus cupons em <b>Minhas conquistas</b>.',
      image: avisoImg('bem-vindo', 'Bem-vindo!', ['#ff512f', '#f09819'], 'megafone'),
      validade: addDays(today, 60),
      criado_em: at(-40, 9),
    },
    {
      cidade: 1,
      title: 'Sorteio da 2ª edição',
      body:
        `O sorteio da campanha <b>${campAtual.den_campanha}</b> acontece após ${brDate(campAtual.validade_fim)}.\n` +
        'Guarde seus comprovantes e boa sorte!',
      image: avisoImg('sorteio', 'Sorteio', ['#8e2de2', '#4a00e0'], 'cupom'),
      validade: campAtual.validade_fim,
      criado_em: at(-20, 14),
    },
    {
      cidade: 1,
      title: 'Horário especial no feriado',
      body: 'No feriado o comércio do Centro funciona das <b>9h às 14h</b>.\nProgramem suas compras!',
      image: avisoImg('feriado', 'Feriado', ['#606c88', '#3f4c6b'], 'calendario'),
      validade: addDays(today, -10),
      criado_em: at(-25, 8),
    },
    {
      cidade: 2,
      title: 'Guarujá Premia Você começou!',
      body: 'Peça seu cupom nas lojas participantes.\nA cada <b>R$ 100,00</b>, um cupom.',
      image: avisoImg('guaruja', 'Guarujá', ['#00c6ff', '#0072ff'], 'guarda-sol'),
      validade: addDays(today, 45),
      criado_em: at(-30, 9),
    },
  ];
}

type Promo = {
  loja: string;
  inicio: number;
  plano: 7 | 15 | 30 | 90 | 180 | 365 | 730;
  pago: boolean;
  titulo: string;
  produto: string;
  codigo: string;
  porc?: number;
  valor?: number;
  minimo?: number;
  regra: string;
  link?: boolean;
};

/** The shops' promotions (dat_final = dat_inicio + plano − 1). */
function planPromotions({ today, img }: Ctx, loja: (key: string) => PlanLoja): PlanPromocao[] {
  const promos: Promo[] = [
    {
      loja: 'padaria-bella-vista',
      inicio: -10,
      plano: 30,
      pago: true,
      titulo: '10% OFF',
      produto: 'Café da manhã completo',
      codigo: 'CAFE-COMPLETO',
      porc: 10,
      minimo: 2000,
      regra: 'Válido de segunda a sexta, até as 10h.',
      link: true,
    },
    {
      loja: 'emporio-bella-vista',
      inicio: -3,
      plano: 15,
      pago: true,
      titulo: 'R$ 20 OFF',
      produto: 'Kit queijos e vinhos',
      codigo: 'KIT-QV',
      valor: 20,
      minimo: 15000,
      regra: 'Nas compras acima de R$ 150,00 em queijos e vinhos.',
    },
    {
      loja: 'salao-beleza-pura',
      inicio: -40,
      plano: 90,
      pago: true,
      titulo: '15% OFF',
      produto: 'Escova + hidratação',
      codigo: 'ESCOVA-HIDRA',
      porc: 15,
      regra: 'Agendamento pelo WhatsApp. Não cumulativo com outras promoções.',
    },
    {
      loja: 'pet-shop-amigo-fiel',
      inicio: -2,
      plano: 7,
      pago: true,
      titulo: 'R$ 10 OFF',
      produto: 'Banho e tosa',
      codigo: 'BANHO-TOSA',
      valor: 10,
      minimo: 6000,
      regra: 'Para cães de pequeno e médio porte.',
    },
    {
      loja: 'pizzaria-forno-do-porto',
      inicio: -100,
      plano: 180,
      pago: true,
      titulo: '2ª pizza 50%',
      produto: 'Terça da pizza',
      codigo: 'TERCA-PIZZA',
      porc: 50,
      regra: 'Às terças, na compra de uma pizza grande a segunda sai pela metade do preço.',
    },
    {
      loja: 'otica-visao-clara',
      inicio: -200,
      plano: 365,
      pago: true,
      titulo: '20% OFF',
      produto: 'Armação + lentes',
      codigo: 'OCULOS-20',
      porc: 20,
      minimo: 30000,
      regra: 'Na compra de armação com lentes multifocais.',
      link: true,
    },
    {
      loja: 'eletrosantos-informatica',
      inicio: -300,
      plano: 730,
      pago: true,
      titulo: 'R$ 30 OFF',
      produto: 'Revisão de notebook',
      codigo: 'REVISAO-NB',
      valor: 30,
      regra: 'Limpeza interna e troca de pasta térmica.',
      link: true,
    },
    {
      loja: 'boutique-mare-alta',
      inicio: 0,
      plano: 30,
      pago: false,
      titulo: 'Coleção verão',
      produto: '20% OFF em vestidos',
      codigo: 'VERAO-20',
      porc: 20,
      regra: 'Aguardando pagamento do plano.',
    },
    {
      loja: 'calcados-passo-certo',
      inicio: -60,
      plano: 15,
      pago: true,
      titulo: 'Liquida',
      produto: 'Sapatos a partir de R$ 79,90',
      codigo: 'LIQUIDA',
      regra: 'Promoção encerrada.',
    },
    {
      loja: 'enseada-surf-shop',
      inicio: -5,
      plano: 30,
      pago: true,
      titulo: '10% OFF',
      produto: 'Pranchas e acessórios',
      codigo: 'SURF-10',
      porc: 10,
      regra: 'Pagamento à vista.',
      link: true,
    },
  ];
  return promos.map((p) => {
    const l = loja(p.loja);
    const inicio = addDays(today, p.inicio);
    return {
      loja: p.loja,
      dat_inicio: inicio,
      dat_final: addDays(inicio, p.plano - 1),
      plano_dias: p.plano,
      ies_pago: p.pago ? 'S' : 'N',
      imagem: img({
        dir: 'imgprom',
        name: `demo-promo-${slug(p.codigo)}`,
        width: 512,
        height: 512,
        title: p.titulo,
        subtitle: `${p.produto} · ${l.nome}`,
        colors: CORES[l.categoria],
        kind: 'promo',
        motif: MOTIVO[l.categoria],
      }),
      linkproduto: p.link && l.site ? `${l.site}/promocoes/${slug(p.codigo)}` : '',
      val_desconto_e4: (p.valor ?? 0) * 10_000,
      porc_desconto_e4: (p.porc ?? 0) * 10_000,
      val_minimo_centavos: p.minimo ?? 0,
      cod_produto: p.codigo,
      regra: p.regra,
      criado_em: instantAt(addDays(inicio, -1), 16),
    };
  });
}

type Tur = {
  tipo: 0 | 1 | 2 | 3 | 4;
  nome: string;
  texto: string;
  lat: number;
  lng: number;
  validade?: number;
  ativo?: boolean;
  cidade?: CidadeNo;
};

/** The tourism guide. */
function planTourism({ today, img }: Ctx): PlanTurismo[] {
  const tipos = ['Locais', 'Hotéis', 'Alimentação', 'Eventos', 'Úteis'];
  const corTipo: readonly (readonly [string, string])[] = [
    ['#134e5e', '#71b280'],
    ['#614385', '#516395'],
    ['#e65c00', '#f9d423'],
    ['#cc2b5e', '#753a88'],
    ['#2193b0', '#6dd5ed'],
  ];
  const turs: Tur[] = [
    {
      tipo: 0,
      nome: 'Museu do Café',
      texto: 'No antigo prédio da Bolsa Oficial de Café, no Centro Histórico. Cafeteria com grãos especiais.',
      lat: -23.93446,
      lng: -46.32567,
    },
    {
      tipo: 0,
      nome: 'Jardim da Orla',
      texto: 'Mais de 5 km de jardins à beira-mar, do José Menino à Ponta da Praia.',
      lat: -23.96937,
      lng: -46.32941,
    },
    {
      tipo: 0,
      nome: 'Monte Serrat',
      texto: 'Vista panorâmica da cidade e do porto, com subida de funicular.',
      lat: -23.93846,
      lng: -46.33182,
    },
    {
      tipo: 0,
      nome: 'Aquário Municipal',
      texto: 'Um dos aquários mais antigos do país, na Ponta da Praia.',
      lat: -23.98612,
      lng: -46.30151,
    },
    {
      tipo: 0,
      nome: 'Bonde turístico',
      texto: 'Passeio de bonde pelo Centro Histórico. Temporariamente fora de operação.',
      lat: -23.93352,
      lng: -46.32898,
      ativo: false,
    },
    {
      tipo: 1,
      nome: 'Hotel Maré Serena',
      texto: 'Frente ao mar no Gonzaga, café da manhã incluso e estacionamento.',
      lat: -23.96814,
      lng: -46.33402,
    },
    {
      tipo: 1,
      nome: 'Pousada Canal 4',
      texto: 'Ambiente familiar a duas quadras da praia do Boqueirão.',
      lat: -23.96552,
      lng: -46.32071,
    },
    {
      tipo: 2,
      nome: 'Restaurante Porto Velho',
      texto: 'Frutos do mar em casarão restaurado no Centro Histórico.',
      lat: -23.93391,
      lng: -46.32782,
    },
    {
      tipo: 2,
      nome: 'Feira gastronômica da Ponta da Praia',
      texto: 'Sábados, das 16h às 22h, com food trucks e música ao vivo.',
      lat: -23.98391,
      lng: -46.29902,
    },
    {
      tipo: 3,
      nome: 'Festival de Jazz na Orla',
      texto: 'Shows gratuitos no Gonzaga, sexta a domingo, a partir das 18h.',
      lat: -23.96901,
      lng: -46.33251,
      validade: 20,
    },
    {
      tipo: 3,
      nome: 'Feira de Artesanato',
      texto: 'Domingos na praça, com artesãos da Baixada Santista.',
      lat: -23.96702,
      lng: -46.33412,
      validade: 90,
    },
    {
      tipo: 3,
      nome: 'Corrida de Verão',
      texto: 'Corrida de rua de 5 e 10 km pela orla. Evento encerrado.',
      lat: -23.97211,
      lng: -46.31588,
      validade: -5,
    },
    {
      tipo: 4,
      nome: 'Balsa Santos–Guarujá',
      texto: 'Travessia de pedestres e veículos a partir da Ponta da Praia, 24 horas.',
      lat: -23.98642,
      lng: -46.29651,
    },
    {
      tipo: 4,
      nome: 'VLT da Baixada Santista',
      texto: 'Linhas entre Santos e São Vicente, com integração aos ônibus.',
      lat: -23.95623,
      lng: -46.33891,
    },
    {
      tipo: 4,
      nome: 'Posto de informações turísticas',
      texto: 'Mapas gratuitos e orientação aos visitantes, todos os dias das 9h às 17h.',
      lat: -23.96455,
      lng: -46.33102,
    },
    {
      tipo: 0,
      nome: 'Praia de Pitangueiras',
      texto: 'A praia mais movimentada do Guarujá, com calçadão e quiosques.',
      lat: -23.99801,
      lng: -46.25512,
      cidade: 2,
    },
  ];
  return turs.map((t) => ({
    cidade: t.cidade ?? 1,
    tipo: t.tipo,
    descricao: `${t.nome} — ${t.texto}`,
    url_foto: img({
      dir: 'imgtur',
      name: `demo-turismo-${slug(t.nome)}`,
      width: 640,
      height: 480,
      title: t.nome,
      subtitle: tipos[t.tipo],
      colors: corTipo[t.tipo],
      kind: 'place',
      scene: t.tipo,
    }),
    url_site: `https://${slug(t.nome)}.example.com`,
    ind_ativo: t.ativo === false ? 'N' : 'S',
    latitude: t.lat,
    longitude: t.lng,
    validade_ate: t.validade === undefined ? null : addDays(today, t.validade),
  }));
}

/** The city's notification and the demo consumer's own ones. */
function planNotifications(
  { img, at }: Ctx,
  campAtual: CampanhaBase,
  usuarios: readonly PlanUsuario[],
  cupons: readonly PlanCupom[],
  user: (key: string) => PlanUsuario,
  loja: (key: string) => PlanLoja,
): Pick<DemoPlan, 'notificacoes' | 'usuarioNotificacoes'> {
  const enviada = instantAt(campAtual.validade_ini, 10);
  const notificacoes: PlanNotificacao[] = [
    {
      cidade: 1,
      title: `Começou a ${campAtual.den_campanha}!`,
      body: 'Compre nas lojas participantes e ganhe cupons para o sorteio.',
      image: img({
        dir: 'imgban',
        name: 'demo-notificacao-campanha',
        width: 200,
        height: 200,
        title: 'Nova campanha',
        colors: ['#ff512f', '#dd2476'],
        kind: 'notice',
        motif: 'sino',
      }),
      enviadoPor: 'admin',
      criado_em: enviada,
      destinatarios: usuarios
        .filter((u) => u.cidade === 1)
        .map((u, i) => ({
          usuario: u.key,
          // The demo staff have read it, so an admin's bell starts at 0 (issue 8's walk-through).
          lida_em:
            u.key === 'consumidor' || (i % 3 === 2 && !u.admin && !u.superadmin) ? null : at(-44, 12, i),
        })),
    },
  ];
  const ultimoCupom = cupons
    .filter((c) => c.campanha === CAMPANHA_ATUAL && c.usuario === 'consumidor')
    .at(-1);
  if (!ultimoCupom) throw new Error('a consumidora de demonstração deveria ter cupons');
  const consumidor = user('consumidor');
  const usuarioNotificacoes: PlanUsuarioNotificacao[] = [
    {
      usuario: 'consumidor',
      title: 'Bem-vinda ao Praça!',
      body: 'Compre nas lojas participantes, informe seu nome no caixa e acompanhe seus cupons em Minhas conquistas.',
      image: '',
      dat_recece: consumidor.criado_em,
      lida_em: instantAt(addDays(consumidor.criado_em.slice(0, 10), 0), 20),
    },
    {
      usuario: 'consumidor',
      title: TITULO_CUPOM_COMPLETADO,
      body: textoCupomCompletado({
        loja: loja(ultimoCupom.loja).nome,
        codigo: formatCouponCode(ultimoCupom.numero),
        campanha: campAtual.den_campanha,
      }),
      image: '',
      dat_recece: ultimoCupom.dat_emissao,
      lida_em: null,
    },
  ];
  return { notificacoes, usuarioNotificacoes };
}

/**
 * Two open complaints for the city's admin to decide (issue 37): the demo resident says a
 * purchase was never credited, and another resident does not recognise a sale of the current
 * campaign in their statement.
 */
function planComplaints({ today, at }: Ctx, vendas: readonly PlanVenda[]): PlanContestacao[] {
  const alheia = vendas.findLastIndex(
    (v) => v.campanha === CAMPANHA_ATUAL && v.usuario !== 'consumidor' && v.usuario.startsWith('cliente'),
  );
  if (alheia < 0) throw new Error('a campanha atual deveria ter vendas de outros moradores');
  const v = vendas[alheia]!;
  return [
    {
      tipo: 'nao_registrada',
      usuario: 'consumidor',
      loja: 'padaria-bella-vista',
      venda: null,
      dat_venda: addDays(today, -2),
      valor_centavos: 8_750,
      numero_venda: 'NFC-002231',
      criada_em: at(-1, 19, 12),
    },
    {
      tipo: 'nao_reconheco',
      usuario: v.usuario,
      loja: v.loja,
      venda: alheia,
      dat_venda: v.dat_venda,
      valor_centavos: v.valor_centavos,
      numero_venda: v.numero_venda,
      criada_em: at(-1, 8, 40),
    },
  ];
}
