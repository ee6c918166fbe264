import { useState } from 'react';
import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { REGRAS_ALERTA, type Alerta, type RegraAlerta } from '@praca/contract';
import { AdminCityPrompt, AdminListStates } from '@/components/admin-list/admin-list';
import { DATA_DIGITADA_INVALIDA, DateInput, isIsoDay } from '@/components/date-input';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
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
  recibos_nao_informados: 'Notas fiscais que a loja não informou',
  chave_varias_pessoas: 'Nota fiscal enviada por várias pessoas',
  doacoes_concentradas: 'Doações de notas concentradas numa entidade',
  venda_acima_da_nota: 'Vendas acima do valor da nota fiscal',
};

/** `Venda nº 41` or `Vendas nº 21, 22`. */
const numbered = (one: string, many: string, ids: number[]) =>
  `${ids.length === 1 ? one : many} nº ${ids.join(', ')}`;

/**
 * One alert: its evidence, the person (or people, or entity) when the rule names one, and the
 * sales and receipts behind it.
 */
function AlertCard({ alerta }: { alerta: Alerta }) {
  const details = [
    alerta.id_usuario !== undefined ? `Pessoa nº ${alerta.id_usuario}` : null,
    alerta.ids_usuario?.length ? numbered('Pessoa', 'Pessoas', alerta.ids_usuario) : null,
    alerta.id_entidade !== undefined ? `Entidade nº ${alerta.id_entidade}` : null,
    alerta.ids_recibo?.length ? numbered('Nota', 'Notas', alerta.ids_recibo) : null,
    alerta.ids_venda.length > 0 ? numbered('Venda', 'Vendas', alerta.ids_venda) : null,
  ].filter((d) => d !== null);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {alerta.evidencia}
        </Text>
        {details.map((d) => (
          <Text key={d} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {d}
          </Text>
        ))}
        {alerta.ids_venda.length > 0 ? (
          <Anchor component={Link} to={paths.admin.vender} size="sm" w="fit-content">
            Ver vendas
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * 'Alertas' (issue 37): the rules of docs/security.md over the admin city's sales of one day
 * (today unless another is picked), and (issue 53) over its fiscal receipts of the days up to it,
 * grouped by rule, each alert with its evidence and its sales' and receipts' numbers (the sales
 * screen has no filter a link could carry, so the card lists them).
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
  } else {
    content = (
      <AdminListStates
        query={alertas}
        noun={{ article: 'os', plural: 'alertas' }}
        skeletons={2}
        skeletonHeight={96}
        isEmpty={(d) => d.length === 0}
        illustration="sino"
        empty={NO_ALERTS}
      >
        {(data) => {
          const groups = REGRAS_ALERTA.map((regra) => ({
            regra,
            itens: data.filter((a) => a.regra === regra),
          })).filter((g) => g.itens.length > 0);
          return groups.map((g) => (
            <Stack component="section" key={g.regra} gap="xs" aria-labelledby={`alertas-${g.regra}`}>
              <Title order={2} fz="h4" id={`alertas-${g.regra}`}>
                {RULE_TITLES[g.regra]}{' '}
                <Badge
                  variant="light"
                  color="red.9"
                  component="span"
                  aria-label={`${g.itens.length} alertas`}
                >
                  {g.itens.length}
                </Badge>
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {g.itens.map((a) => (
                  <li
                    key={`${a.id_estabelecimento ?? ''}-${a.id_usuario ?? a.id_entidade ?? a.chave ?? ''}-${a.ids_venda[0] ?? a.ids_recibo?.[0] ?? ''}`}
                  >
                    <AlertCard alerta={a} />
                  </li>
                ))}
              </Stack>
            </Stack>
          ));
        }}
      </AdminListStates>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Alertas</PageTitle>
      <Text size="sm" maw={720}>
        O que parece errado nas vendas do dia: picos de uma loja, muitas vendas para a mesma pessoa, valores
        repetidos logo abaixo de um limite e vendas registradas de madrugada. E nas notas fiscais enviadas
        pelos moradores nos dias até ele: notas que a loja não informou, uma nota enviada por várias pessoas,
        doações concentradas numa entidade e vendas acima do total que a SEFAZ autorizou na nota.
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
