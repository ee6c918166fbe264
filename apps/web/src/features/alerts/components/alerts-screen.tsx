import { useState } from 'react';
import { Anchor, Badge, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { REGRAS_ALERTA, type Alerta, type RegraAlerta } from '@praca/contract';
import { AdminCityPrompt } from '@/components/admin-list/admin-list';
import { DATA_DIGITADA_INVALIDA, DateInput, isIsoDay } from '@/components/date-input';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { paths } from '@/config/paths';
import { useAdminCity } from '@/lib/admin-city';
import { todayIso } from '@/lib/today';
import { useAlertasAdm } from '../api/get-alertas-adm';

export const NO_ALERTS = 'Nenhum alerta neste dia';

/** Each rule's heading, in the order the groups show. */
const RULE_TITLES: Record<RegraAlerta, string> = {
  pico_loja: 'Pico de vendas da loja',
  vendas_repetidas_pessoa: 'Vendas repetidas para a mesma pessoa',
  valor_abaixo_limite: 'Valores logo abaixo de um limite',
  madrugada: 'Vendas registradas de madrugada',
};

/** One alert: its evidence, the person when the rule names one, and the sales behind it. */
function AlertCard({ alerta }: { alerta: Alerta }) {
  const n = alerta.ids_venda.length;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {alerta.evidencia}
        </Text>
        {alerta.id_usuario !== undefined ? (
          <Text size="xs" c="dimmed">
            Pessoa nº {alerta.id_usuario}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {n === 1 ? 'Venda' : 'Vendas'} nº {alerta.ids_venda.join(', ')}
        </Text>
        <Anchor component={Link} to={paths.admin.vender} size="sm" w="fit-content">
          Ver vendas
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * 'Alertas' (issue 37): the rules of docs/security.md over the admin city's sales of one day
 * (today unless another is picked), grouped by rule, each alert with its evidence and its sales'
 * numbers (the sales screen has no filter a link could carry, so the card lists them).
 */
export function AlertsScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  // What the day field holds: a day, or the text being typed.
  const [dia, setDia] = useState(todayIso);
  const data = isIsoDay(dia) ? dia : '';
  const alertas = useAlertasAdm(codCidade, data);

  if (codCidade <= 0)
    return (
      <AdminCityPrompt title="Alertas" canChoose={canChoose} noun={{ article: 'os', plural: 'alertas' }} />
    );

  let content;
  if (data === '') {
    content = <EmptyState illustration="lupa">Escolha um dia para ver os alertas.</EmptyState>;
  } else if (alertas.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar os alertas."
        error={alertas.error}
        onRetry={() => void alertas.refetch()}
        retrying={alertas.isFetching}
      />
    );
  } else if (alertas.isPending) {
    content = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando alertas…</VisuallyHidden>
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </Stack>
    );
  } else if (alertas.data.length === 0) {
    content = <EmptyState illustration="sino">{NO_ALERTS}</EmptyState>;
  } else {
    const groups = REGRAS_ALERTA.map((regra) => ({
      regra,
      itens: alertas.data.filter((a) => a.regra === regra),
    })).filter((g) => g.itens.length > 0);
    content = groups.map((g) => (
      <Stack component="section" key={g.regra} gap="xs" aria-labelledby={`alertas-${g.regra}`}>
        <Title order={2} fz="h4" id={`alertas-${g.regra}`}>
          {RULE_TITLES[g.regra]}{' '}
          <Badge variant="light" color="red.9" component="span" aria-label={`${g.itens.length} alertas`}>
            {g.itens.length}
          </Badge>
        </Title>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {g.itens.map((a) => (
            <li key={`${a.id_estabelecimento}-${a.id_usuario ?? ''}-${a.ids_venda[0] ?? ''}`}>
              <AlertCard alerta={a} />
            </li>
          ))}
        </Stack>
      </Stack>
    ));
  }

  return (
    <Stack gap="md">
      <PageTitle>Alertas</PageTitle>
      <Text size="sm" maw={720}>
        O que parece errado nas vendas do dia: picos de uma loja, muitas vendas para a mesma pessoa, valores
        repetidos logo abaixo de um limite e vendas registradas de madrugada.
      </Text>
      <DateInput
        label="Dia"
        value={dia}
        onChange={setDia}
        error={dia.length === 10 && !isIsoDay(dia) ? DATA_DIGITADA_INVALIDA : undefined}
        maw={220}
      />
      {content}
    </Stack>
  );
}
