import type { Alerta } from '@praca/contract';
import type { Finding } from './rules.js';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** `R$ 49.990,00` (the narrow space Intl puts after R$ made plain). */
const money = (centavos: number): string => brl.format(centavos / 100).replace(/\s/g, ' ');
const decimal = (n: number): string => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The evidence of a finding, in Portuguese, for the admin reading the alert. */
export function evidenceOf(f: Finding, day: string, t: { picoFator: number; vendasPessoa: number }): string {
  const loja = f.nome_estabelecimento;
  const n = f.ids_venda.length;
  const dia = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
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
  }
}

export const presentAlert = (f: Finding, evidencia: string): Alerta => ({
  regra: f.regra,
  id_estabelecimento: f.id_estabelecimento,
  ...(f.regra === 'vendas_repetidas_pessoa' ? { id_usuario: f.id_usuario } : {}),
  evidencia,
  ids_venda: f.ids_venda,
});
