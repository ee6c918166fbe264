import { useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CampanhaAdmin, PainelSeriesResposta } from '@praca/contract';
import { addDays, daysBetween } from '@praca/contract/plain';
import { DateInput } from '@/components/date-input';
import { ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { saveBlob } from '@/lib/download';
import { formatMoney, formatNumber } from '@/lib/format';
import { todayIso } from '@/lib/today';
import { useDashboardCampanhas } from '../api/get-dashboard-campanhas';
import { useDashboardSeries, type SeriesParams } from '../api/get-dashboard-series';
import {
  axisName,
  brDay,
  formatMoneyTick,
  peopleTable,
  progressTable,
  salesTable,
  topShopsTable,
  toCsv,
  type ChartTable,
} from './chart-data';

/**
 * The dashboard's charts (issue 39), in a chunk of their own (recharts stays out of every other
 * page): a period and a campaign, then sales and coupons per day, new people per week, the top
 * 10 shops and the campaign's progress. Each chart has its table (read by screen readers, shown
 * on demand) and its 'Baixar CSV'.
 */

export type Periodo = 'campanha' | '30d' | '12m' | 'personalizado';

const PERIODOS: { value: Periodo; label: string }[] = [
  { value: 'campanha', label: 'Esta campanha' },
  { value: '30d', label: 'Últimos 30 dias' },
  { value: '12m', label: 'Últimos 12 meses' },
  { value: 'personalizado', label: 'Personalizado' },
];

const COLORS = {
  vendas: 'var(--mantine-color-praca-6)',
  cupons: 'var(--mantine-color-orange-7)',
  pessoas: 'var(--mantine-color-teal-7)',
};

/** What to ask for: `null` while a custom period is incomplete or inverted. */
export function seriesParams(
  codCidade: number,
  periodo: Periodo,
  idCampanha: number,
  running: number,
  custom: { de: string; ate: string },
  today: string,
): SeriesParams | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  const chosen = idCampanha > 0 ? idCampanha : undefined;
  switch (periodo) {
    case 'campanha': {
      const campaign = chosen ?? (running > 0 ? running : undefined);
      return campaign ? { codCidade, idCampanha: campaign } : null;
    }
    case '30d':
      return { codCidade, de: addDays(today, -29), ate: today, idCampanha: chosen };
    case '12m':
      return { codCidade, de: addDays(today, -364), ate: today, idCampanha: chosen };
    default:
      if (!iso.test(custom.de) || !iso.test(custom.ate) || custom.de > custom.ate) return null;
      return { codCidade, de: custom.de, ate: custom.ate, idCampanha: chosen };
  }
}

export function DashboardCharts({ codCidade, campanhas }: { codCidade: number; campanhas: CampanhaAdmin[] }) {
  const today = todayIso();
  const running = campanhas.find((c) => c.validade_ini <= today && c.validade_fim >= today)?.id_campanha ?? 0;
  const [periodo, setPeriodo] = useState<Periodo>(running ? 'campanha' : '30d');
  const [idCampanha, setIdCampanha] = useState(0);
  const [custom, setCustom] = useState({ de: addDays(today, -29), ate: today });
  const list = useDashboardCampanhas(codCidade);
  const params = seriesParams(codCidade, periodo, idCampanha, running, custom, today);
  const query = useDashboardSeries(params ?? { codCidade }, params !== null);

  let body: ReactNode;
  if (params === null) {
    body = (
      <Text c="dimmed" role="status">
        {periodo === 'campanha'
          ? 'Nenhuma campanha em andamento: escolha uma campanha ou outro período.'
          : 'Escolha as datas do período (a inicial antes da final).'}
      </Text>
    );
  } else if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" role="status">
        <VisuallyHidden>Carregando os gráficos…</VisuallyHidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={300} />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Não foi possível carregar os gráficos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = <Charts data={query.data} />;
  }

  return (
    <Box component="section" aria-labelledby="painel-graficos">
      <Title order={2} id="painel-graficos" fz={{ base: 'h3', sm: 'h2' }} mb="sm">
        Gráficos
      </Title>
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <NativeSelect
          label="Período"
          value={periodo}
          onChange={(e) => setPeriodo(e.currentTarget.value as Periodo)}
          data={PERIODOS}
          w={{ base: '100%', xs: 200 }}
        />
        <NativeSelect
          label="Campanha"
          value={String(idCampanha)}
          onChange={(e) => setIdCampanha(Number(e.currentTarget.value))}
          data={[
            { value: '0', label: 'Todas as campanhas' },
            ...(list.data ?? []).map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
          ]}
          w={{ base: '100%', xs: 260 }}
        />
        {periodo === 'personalizado' ? (
          <>
            <DateInput
              label="De"
              value={custom.de}
              onChange={(de) => setCustom((c) => ({ ...c, de }))}
              w={{ base: '100%', xs: 180 }}
            />
            <DateInput
              label="Até"
              value={custom.ate}
              onChange={(ate) => setCustom((c) => ({ ...c, ate }))}
              w={{ base: '100%', xs: 180 }}
            />
          </>
        ) : null}
      </Group>
      {body}
    </Box>
  );
}

function Charts({ data }: { data: PainelSeriesResposta }) {
  const days = daysBetween(data.de, data.ate) + 1;
  const noSales = data.vendas_por_dia.every((d) => d.num_vendas === 0);
  const sales = salesTable(data);
  const people = peopleTable(data);
  const top = topShopsTable(data);
  const progress = progressTable(data);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        De {brDay(data.de)} a {brDay(data.ate)} ({formatNumber(days)} {days === 1 ? 'dia' : 'dias'})
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Vendas e cupons por dia"
          table={sales}
          empty={noSales ? 'Nenhuma venda no período' : null}
        >
          <ResponsiveContainer width="100%" height={260}>
            <ComposedChart
              accessibilityLayer={false}
              data={data.vendas_por_dia}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="dia"
                tickFormatter={(d: string) => brDay(d).slice(0, 5)}
                minTickGap={16}
                fontSize={12}
              />
              <YAxis
                allowDecimals={false}
                width={48}
                fontSize={12}
                tickFormatter={(v: number) => formatNumber(v)}
              />
              <Tooltip
                labelFormatter={(d) => brDay(String(d))}
                formatter={(v, name) => [formatNumber(Number(v)), name]}
              />
              <Legend />
              <Bar dataKey="num_vendas" name="Vendas" fill={COLORS.vendas} isAnimationActive={false} />
              <Line
                dataKey="num_cupons"
                name="Cupons"
                stroke={COLORS.cupons}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Novos participantes por semana"
          table={people}
          empty={
            data.participantes_por_semana.every((w) => w.num_participantes === 0)
              ? 'Nenhum cadastro no período'
              : null
          }
        >
          <ResponsiveContainer width="100%" height={260}>
            <BarChart
              accessibilityLayer={false}
              data={data.participantes_por_semana}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="semana"
                tickFormatter={(d: string) => brDay(d).slice(0, 5)}
                minTickGap={16}
                fontSize={12}
              />
              <YAxis
                allowDecimals={false}
                width={48}
                fontSize={12}
                tickFormatter={(v: number) => formatNumber(v)}
              />
              <Tooltip
                labelFormatter={(d) => `Semana de ${brDay(String(d))}`}
                formatter={(v) => [formatNumber(Number(v)), 'Novos participantes']}
              />
              <Bar
                dataKey="num_participantes"
                name="Novos participantes"
                fill={COLORS.pessoas}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Estabelecimentos que mais venderam"
          table={top}
          empty={data.top_estabelecimentos.length === 0 ? 'Nenhuma venda no período' : null}
        >
          <ResponsiveContainer
            width="100%"
            height={Math.max(120, data.top_estabelecimentos.length * 30 + 40)}
          >
            <BarChart
              accessibilityLayer={false}
              layout="vertical"
              data={data.top_estabelecimentos.map((e) => ({
                ...e,
                nome: axisName(e.nom_estabelecimento),
              }))}
              margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" fontSize={12} tickFormatter={formatMoneyTick} />
              <YAxis type="category" dataKey="nome" width={130} fontSize={12} interval={0} />
              <Tooltip
                formatter={(v) => [formatMoney(Number(v)), 'Total']}
                labelFormatter={(label, payload) =>
                  (payload?.[0]?.payload as { nom_estabelecimento?: string } | undefined)
                    ?.nom_estabelecimento ?? label
                }
              />
              <Bar dataKey="sum_vendas" name="Total (R$)" fill={COLORS.vendas} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        {progress && data.progresso_campanha ? (
          <ChartCard title="Andamento da campanha" table={progress} empty={null}>
            <Progresso p={data.progresso_campanha} />
          </ChartCard>
        ) : (
          <Paper withBorder radius="md" p="md">
            <Title order={3} fz="h4" mb="xs">
              Andamento da campanha
            </Title>
            <Text c="dimmed">Nenhuma campanha em andamento.</Text>
          </Paper>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function Progresso({ p }: { p: NonNullable<PainelSeriesResposta['progresso_campanha']> }) {
  const today = todayIso();
  const total = daysBetween(p.validade_ini, p.validade_fim) + 1;
  const passed = Math.min(total, Math.max(0, daysBetween(p.validade_ini, today) + 1));
  const apuracoes = p.apuracoes_agendadas + p.apuracoes_apuradas;
  return (
    <Stack gap="md">
      <Text fw={700}>{p.den_campanha}</Text>
      <div>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Dias da campanha</Text>
          <Text size="sm" fw={600}>
            {formatNumber(passed)} de {formatNumber(total)}
          </Text>
        </Group>
        <Progress value={(passed / total) * 100} color="praca" size="lg" aria-hidden="true" />
        <Text size="xs" c="dimmed">
          {brDay(p.validade_ini)} a {brDay(p.validade_fim)}
        </Text>
      </div>
      <div>
        <Text size="sm">Cupons emitidos</Text>
        <Text fz={28} fw={800}>
          {formatNumber(p.cupons_emitidos)}
        </Text>
      </div>
      <div>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Apurações realizadas</Text>
          <Text size="sm" fw={600}>
            {formatNumber(p.apuracoes_apuradas)} de {formatNumber(apuracoes)}
          </Text>
        </Group>
        <Progress
          value={apuracoes > 0 ? (p.apuracoes_apuradas / apuracoes) * 100 : 0}
          color="orange"
          size="lg"
          aria-hidden="true"
        />
      </div>
    </Stack>
  );
}

/** A table's cell as the screen shows it. */
function shown(value: string | number, kind: ChartTable['columns'][number]['kind']): string {
  if (kind === 'day') return brDay(String(value));
  if (kind === 'money') return formatMoney(Number(value));
  if (kind === 'int') return formatNumber(Number(value));
  return String(value);
}

function DataTable({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <Table striped withTableBorder fz="sm">
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((c) => (
            <Table.Th key={c.label} scope="col" ta={c.kind === 'text' || c.kind === 'day' ? 'left' : 'right'}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((v, j) => {
              const kind = table.columns[j]!.kind;
              return j === 0 ? (
                <Table.Th key={j} scope="row" fw={400}>
                  {shown(v, kind)}
                </Table.Th>
              ) : (
                <Table.Td key={j} ta={kind === 'text' || kind === 'day' ? 'left' : 'right'}>
                  {shown(v, kind)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A chart with its title, its table and its CSV. The drawing is hidden from screen readers,
 * which read the table instead: visually hidden until 'Mostrar tabela' shows it in the
 * chart's place.
 */
function ChartCard({
  title,
  table,
  empty,
  children,
}: {
  title: string;
  table: ChartTable;
  empty: string | null;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const download = () =>
    saveBlob(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${table.file}.csv`);
  const caption = `${title} (tabela)`;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="grafico">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={3} id={titleId} fz="h4">
          {title}
        </Title>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Mostrar gráfico' : 'Mostrar tabela'}
          </Button>
          <Button size="compact-sm" variant="light" onClick={download} aria-label={`Baixar CSV: ${title}`}>
            Baixar CSV
          </Button>
        </Group>
      </Group>
      {asTable ? (
        <ScrollTable label={caption} minWidth={300}>
          <DataTable table={table} caption={caption} />
        </ScrollTable>
      ) : (
        <>
          <div aria-hidden="true">
            {empty ? (
              <Text c="dimmed" ta="center" py="xl">
                {empty}
              </Text>
            ) : (
              children
            )}
          </div>
          <VisuallyHidden>
            <DataTable table={table} caption={caption} />
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
