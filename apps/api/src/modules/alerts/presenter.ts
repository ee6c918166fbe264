import { mascararChave, type Alerta } from '@praca/contract';
import type { AlertThresholds, Finding } from './rules.js';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** `R$ 49.990,00` (the narrow space Intl puts after R$ made plain). */
const money = (centavos: number): string => brl.format(centavos / 100).replace(/\s/g, ' ');
const decimal = (n: number): string => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The evidence of a finding, in Portuguese, for the admin reading the alert. */
export function evidenceOf(
  f: Finding,
  day: string,
  t: Pick<AlertThresholds, 'picoFator' | 'vendasPessoa' | 'recibosDias' | 'recibosNaoInformados'>,
): string {
  const dia = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  // Issue 53: the receipts' rules look at the days up to the one asked.
  const janela = `nos ${plural(t.recibosDias, 'dia', 'dias')} até ${dia}`;
  switch (f.regra) {
    case 'chave_varias_pessoas': {
      const loja =
        f.nome_estabelecimento === null
          ? 'de um CNPJ que não é de nenhuma loja'
          : `da loja ${f.nome_estabelecimento}`;
      return `A nota ${mascararChave(f.chave)} ${loja} foi enviada por ${f.ids_usuario.length} pessoas diferentes ${janela}.`;
    }
    case 'doacoes_concentradas': {
      const n = f.ids_recibo.length;
      const pct = Math.round((n * 100) / f.total);
      return `${f.nome_entidade}: ${plural(n, 'nota sem comprador doada', 'notas sem comprador doadas')} ${janela}, ${pct}% das ${f.total} doações de notas da cidade no período.`;
    }
    default:
  }
  const loja = f.nome_estabelecimento;
  const n = f.ids_venda.length;
  switch (f.regra) {
    case 'pico_loja':
      return f.mediana > 0
        ? `${loja}: ${plural(n, 'venda', 'vendas')} em ${dia}, mais de ${decimal(t.picoFator)}× a mediana diária de ${decimal(f.mediana)} nos 30 dias anteriores.`
        : `${loja}: ${plural(n, 'venda', 'vendas')} em ${dia}, sem vendas na maioria dos 30 dias anteriores (mediana diária 0).`;
    case 'vendas_repetidas_pessoa':
      return `${loja}: ${n} vendas para a mesma pessoa em ${dia} (mais de ${t.vendasPessoa}).`;
    case 'valor_abaixo_limite': {
      const valores =
        f.min_centavos === f.max_centavos
          ? `de ${money(f.min_centavos)}`
          : `entre ${money(f.min_centavos)} e ${money(f.max_centavos)}`;
      const limite = {
        venda: `do valor máximo de uma venda (${money(f.limite_centavos)})`,
        dia: `do limite de valor por pessoa por dia da campanha ${f.den_campanha} (${money(f.limite_centavos)})`,
        cupom: `de ${money(f.limite_centavos)}, o valor que daria mais um cupom na campanha ${f.den_campanha}`,
      }[f.tipo];
      return `${loja}: ${n} vendas ${valores} em ${dia}, logo abaixo ${limite}.`;
    }
    case 'madrugada':
      return `${loja}: ${plural(n, 'venda registrada', 'vendas registradas')} de madrugada (${f.horas.join(', ')}, horário de Brasília).`;
    case 'venda_acima_da_nota': {
      const pares = f.valores
        .slice(0, 3)
        .map((v) => `venda de ${money(v.venda)}, nota de ${money(v.nota)}`)
        .join('; ');
      const mais = f.valores.length > 3 ? `; e mais ${f.valores.length - 3}` : '';
      return `${loja}: ${plural(n, 'venda com valor acima do total da nota fiscal autorizada pela SEFAZ', 'vendas com valor acima do total da nota fiscal autorizada pela SEFAZ')} ${janela} (${pares}${mais}).`;
    }
    case 'recibos_nao_informados':
      return `${loja}: ${f.ids_recibo.length} notas fiscais enviadas por moradores ${janela} que a loja não informou (${f.pendentes} aguardando, ${f.expirados} expiradas; mais de ${t.recibosNaoInformados}).`;
  }
}

export function presentAlert(f: Finding, evidencia: string): Alerta {
  switch (f.regra) {
    case 'chave_varias_pessoas':
      return {
        regra: f.regra,
        ...(f.id_estabelecimento !== null ? { id_estabelecimento: f.id_estabelecimento } : {}),
        evidencia,
        ids_venda: f.ids_venda,
        ids_recibo: f.ids_recibo,
        chave: f.chave,
        ids_usuario: f.ids_usuario,
      };
    case 'doacoes_concentradas':
      return {
        regra: f.regra,
        evidencia,
        ids_venda: f.ids_venda,
        ids_recibo: f.ids_recibo,
        id_entidade: f.id_entidade,
      };
    case 'recibos_nao_informados':
    case 'venda_acima_da_nota':
      return {
        regra: f.regra,
        id_estabelecimento: f.id_estabelecimento,
        evidencia,
        ids_venda: f.ids_venda,
        ids_recibo: f.ids_recibo,
      };
    default:
      return {
        regra: f.regra,
        id_estabelecimento: f.id_estabelecimento,
        ...(f.regra === 'vendas_repetidas_pessoa' ? { id_usuario: f.id_usuario } : {}),
        evidencia,
        ids_venda: f.ids_venda,
      };
  }
}
