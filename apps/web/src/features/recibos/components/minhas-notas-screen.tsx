import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_SIZE, RESULTADO_RECIBO, type Recibo } from '@praca/contract';
import { AdminListStates } from '@/components/admin-list/admin-list';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { formatarChave } from '@/lib/chave-nfce';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDoarRecibo } from '../api/doar-recibo';
import { useRecibos } from '../api/get-recibos';
import { DoarEntidade } from './doar-entidade';
import { dataEmissao, StatusReciboBadge } from './status-recibo';

/** The empty list. */
export const SEM_NOTAS = 'Você ainda não registrou nenhuma nota fiscal.';

/**
 * 'Minhas notas' (/meu/notas, issue 53): the fiscal receipts the resident sent, newest first,
 * 20 a page: the shop, the date, the value and what each became; a receipt the shop reported
 * without a buyer offers its donation to a social entity of the city.
 */
export function MinhasNotasScreen() {
  const [pagina, setPagina] = useState(1);
  const query = useRecibos(pagina);
  // The last receipt of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>Minhas notas</PageTitle>
      <Text>
        As notas fiscais que você registrou e o que aconteceu com cada uma. Uma nota é confirmada quando a
        loja também a informa.
      </Text>
      <Group>
        <Button component={Link} to={paths.meu.escanearNota}>
          Escanear nota fiscal
        </Button>
      </Group>
      <AdminListStates
        query={query}
        noun={{ article: 'as', plural: 'notas' }}
        isEmpty={(d) => d.itens.length === 0}
        empty={SEM_NOTAS}
        skeletons={2}
        skeletonHeight={96}
      >
        {({ itens, total }) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {total === 1 ? '1 nota' : `${total} notas`}
            </Text>
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Notas fiscais"
            >
              {itens.map((r) => (
                <li key={r.id_recibo}>
                  <NotaCard recibo={r} />
                </li>
              ))}
            </Stack>
            <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={setPagina} label="notas" />
          </Stack>
        )}
      </AdminListStates>
    </Stack>
  );
}

function NotaCard({ recibo: r }: { recibo: Recibo }) {
  const session = useSession();
  const doar = useDoarRecibo();
  const [doando, setDoando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const tituloId = `nota-${r.id_recibo}`;

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={tituloId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} fz="h5" id={tituloId} style={{ overflowWrap: 'anywhere' }}>
            {r.nome_estabelecimento}
          </Title>
          <StatusReciboBadge status={r.status} />
        </Group>
        <Text size="sm">
          Emitida em {dataEmissao(r.dat_emissao)}
          {r.valor !== null ? ` · ${formatMoney(r.valor)}` : ''} · registrada em {formatDateTime(r.criado_em)}
        </Text>
        {r.status === 'pendente' && r.expira_em ? (
          <Text size="sm">Se a loja não informar a nota até {formatDate(r.expira_em)}, ela expira.</Text>
        ) : null}
        {r.status === 'doado' && r.nome_entidade ? (
          <Text size="sm">Doada para {r.nome_entidade}.</Text>
        ) : null}
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          Chave {formatarChave(r.chave)}
        </Text>
        {r.status === 'sem_comprador' ? (
          doando ? (
            <DoarEntidade
              codCidade={session?.cod_cidade ?? 0}
              busy={doar.isPending}
              erro={erro}
              onErroClose={() => setErro(null)}
              onDoar={(idEntidade) => {
                setErro(null);
                doar.mutate(
                  { idRecibo: r.id_recibo, idEntidade },
                  {
                    onSuccess: () => notifySuccess(RESULTADO_RECIBO.doado),
                    onError: (e) => setErro(describeError(e, 'Não foi possível doar a nota.')),
                  },
                );
              }}
              autoFocus
            />
          ) : (
            <Group>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setDoando(true)}
                aria-label={`Doar a uma entidade: nota de ${r.nome_estabelecimento}`}
              >
                Doar a uma entidade
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
