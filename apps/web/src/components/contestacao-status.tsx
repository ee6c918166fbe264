import { Badge } from '@mantine/core';
import type { StatusContestacao, TipoContestacao } from '@praca/contract';

export const STATUS_LABEL: Record<StatusContestacao, string> = {
  aberta: 'Aberta',
  aceita: 'Aceita',
  recusada: 'Recusada',
};

const STATUS_COLOR: Record<StatusContestacao, string> = {
  aberta: 'yellow',
  aceita: 'green',
  recusada: 'red',
};

export const TIPO_LABEL: Record<TipoContestacao, string> = {
  nao_reconheco: 'Não reconheço esta compra',
  nao_registrada: 'Compra não registrada',
};

/** A complaint's status, in words (never by colour alone). */
export function StatusContestacaoBadge({ status }: { status: StatusContestacao }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
