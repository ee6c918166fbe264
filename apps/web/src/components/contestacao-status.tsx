import { Badge } from '@mantine/core';
import type { StatusContestacao, TipoContestacao } from '@praca/contract';

export const STATUS_LABEL: Record<StatusContestacao, string> = {
  aberta: 'Aberta',
  aceita: 'Aceita',
  recusada: 'Recusada',
};

// The house's readable shades (as the apuração's status): light yellow and red text fail contrast.
const STATUS_STYLE: Record<StatusContestacao, { color: string; variant: 'light' | 'filled' }> = {
  aberta: { color: 'sol.9', variant: 'light' },
  aceita: { color: 'praca', variant: 'filled' },
  recusada: { color: 'red.9', variant: 'light' },
};

export const TIPO_LABEL: Record<TipoContestacao, string> = {
  nao_reconheco: 'Não reconheço esta compra',
  nao_registrada: 'Compra não registrada',
};

/** A complaint's status, in words (never by colour alone). */
export function StatusContestacaoBadge({ status }: { status: StatusContestacao }) {
  return (
    <Badge color={STATUS_STYLE[status].color} variant={STATUS_STYLE[status].variant}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
