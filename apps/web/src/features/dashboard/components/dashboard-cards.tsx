import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardResposta, DashboardVenda } from '@praca/contract';
import { formatMoney, formatNumber } from '@/lib/format';
import { cutName } from './dashboard-data';

type Estatisticas = DashboardResposta['estatisticas'];

/** The eight figures of spec §2, labelled to the letter; Total is money, the rest counts. */
function statCards(e: Estatisticas): { label: string; value: string }[] {
  return [
    { label: 'Online', value: formatNumber(e.online) },
    { label: 'Empresas', value: formatNumber(e.num_empresa) },
    { label: 'Ativos', value: formatNumber(e.num_ativos) },
    { label: 'Participantes', value: formatNumber(e.num_participantes) },
    { label: 'Usuarios', value: formatNumber(e.num_usuarios) },
    { label: 'Vendas', value: formatNumber(e.num_vendas) },
    { label: 'Campanha', value: formatNumber(e.num_campanha) },
    { label: 'Total', value: formatMoney(e.sum_vendas) },
  ];
}

/** The figures as a description list: one card per term and value. */
export function StatCards({ estatisticas }: { estatisticas: Estatisticas }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
      {statCards(estatisticas).map(({ label, value }) => (
        <Paper
          key={label}
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          shadow="xs"
          bg={label === 'Total' ? 'praca.0' : undefined}
          data-testid={`card-${label}`}
        >
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={{ base: 20, sm: 28 }}
            fw={800}
            c={label === 'Total' ? 'praca.8' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A shop's year: its name (first 25 characters; the whole name on hover and for screen readers). */
export function ShopSalesCard({ venda }: { venda: DashboardVenda }) {
  const full = venda.nom_estabelecimento.trim();
  const short = cutName(full);
  const rows = [
    { label: 'Cupons', value: formatNumber(venda.nro_cupons) },
    { label: 'Vendas', value: formatNumber(venda.nro_vendas) },
    { label: 'Total R$', value: formatNumber(venda.total_venda, 2) },
    { label: 'Ticket médio R$', value: formatNumber(venda.ticket_medio, 2) },
  ];
  return (
    <Paper component="article" withBorder radius="md" p="md" data-testid="shop-card">
      <Text component="h4" fw={700} m={0} mb="xs" title={full} data-testid="shop-name">
        {short === full ? (
          full
        ) : (
          <>
            <span aria-hidden="true">{short}</span>
            <VisuallyHidden>{full}</VisuallyHidden>
          </>
        )}
      </Text>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} m={0}>
        {rows.map(({ label, value }) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
