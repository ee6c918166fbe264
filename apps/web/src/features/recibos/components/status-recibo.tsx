import { Badge } from '@mantine/core';
import { ROTULO_STATUS_RECIBO, type StatusRecibo } from '@praca/contract';

/**
 * Each status's colour, in the house's readable shades (the theme's resolver darkens a colour
 * until its text reads at 4.5:1; status-recibo.test.tsx measures each). Never by colour alone:
 * the badge says the status in words.
 */
export const STATUS_RECIBO_STYLE: Record<StatusRecibo, { color: string; variant: 'light' | 'filled' }> = {
  pendente: { color: 'sol.9', variant: 'light' },
  creditado: { color: 'praca', variant: 'filled' },
  expirado: { color: 'gray.9', variant: 'light' },
  doado: { color: 'blue.9', variant: 'light' },
  contestado: { color: 'red.9', variant: 'light' },
  sem_comprador: { color: 'orange.9', variant: 'light' },
  cancelado: { color: 'red.9', variant: 'filled' },
};

/** A receipt's status as the contract words it (`ROTULO_STATUS_RECIBO`), wrapping on a phone. */
export function StatusReciboBadge({ status }: { status: StatusRecibo }) {
  const style = STATUS_RECIBO_STYLE[status];
  return (
    <Badge
      color={style.color}
      variant={style.variant}
      size="lg"
      radius="sm"
      tt="none"
      h="auto"
      py={4}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
    >
      {ROTULO_STATUS_RECIBO[status]}
    </Badge>
  );
}

/** The receipt's date: 'YYYY-MM' as 'mm/aaaa', 'YYYY-MM-DD' as 'dd/mm/aaaa'. */
export function dataEmissao(dat: string): string {
  const [ano, mes, dia] = dat.split('-');
  return dia ? `${dia.slice(0, 2)}/${mes}/${ano}` : `${mes}/${ano}`;
}
