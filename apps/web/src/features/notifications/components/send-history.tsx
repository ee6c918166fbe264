import { Alert, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useEnvios } from '../api/get-envios';

const DESTINO: Record<string, string> = { N: 'Todos', P: 'Parceiros', I: 'Só eu' };

/**
 * The admin's latest notifications and their push fan-out (issue 38): sent, failed and pending of
 * the total, refreshed every 1.5 s while one is still sending.
 */
export function SendHistory({ codCidade }: { codCidade: number }) {
  const { data, isPending, isError } = useEnvios(codCidade);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Envios recentes
      </Title>
      {isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Carregando os envios…</Text>
        </Group>
      ) : isError ? (
        <Alert color="red">Não foi possível carregar os envios.</Alert>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma notificação enviada nesta cidade.
        </Text>
      ) : (
        data.map((n) => {
          const done = n.enviadas + n.falhas;
          const pct = n.total > 0 ? Math.round((done / n.total) * 100) : 100;
          return (
            <Paper key={n.id_notificacao} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.criado_em)} · {DESTINO[n.destino] ?? n.destino}
                  </Text>
                </Group>
                {n.total > 0 && (
                  <Progress
                    value={pct}
                    color={n.falhas > 0 ? 'yellow' : 'praca'}
                    aria-label={`Envio de ${n.title}: ${pct}%`}
                  />
                )}
                <Text size="sm">
                  {n.total === 0
                    ? 'Sem aparelhos inscritos para o push.'
                    : `${n.enviadas} de ${n.total} push enviados · ${n.falhas} com falha · ${n.pendentes} pendentes`}
                </Text>
              </Stack>
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
