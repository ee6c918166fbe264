import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ContempladoAdmin } from '@praca/contract';
import { notifyError, notifySuccess } from '@/lib/notify';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { describeError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useEntregarContemplado } from '../api/anular-contemplado';
import { useContempladosAdm } from '../api/get-contemplados-adm';
import { AnnulDialog } from './annul-dialog';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { DrawDialog } from './draw-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';
import { WinnerDialog } from './winner-dialog';

const NO_WINNERS = 'Nenhum contemplado ainda';

const NOUN: AdminListNoun = { article: 'os', plural: 'contemplados' };

type Open =
  | { kind: 'sorteio' }
  | { kind: 'contemplado'; id: number; nome?: string }
  | { kind: 'anular'; id: number; nome: string }
  | { kind: 'entregar'; contemplado: ContempladoAdmin }
  | null;

/**
 * Issue 51: marking a prize delivered is final (the winner can no longer be annulled), so it
 * asks first; 'Cancelar' changes nothing.
 */
function DeliverConfirm({
  contemplado,
  onCancel,
  onConfirm,
}: {
  contemplado: ContempladoAdmin;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onCancel}
      title="Marcar prêmio entregue"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Confirma que o prêmio de {contemplado.nome_sorteado} ({contemplado.den_campanha}) foi entregue?
          Depois de marcado, o contemplado não pode mais ser anulado e a entrega não pode ser desfeita.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancelar
          </Button>
          <Button onClick={onConfirm}>Confirmar entrega</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A winner's state (issue 36): annulled with its public reason, or the prize delivered. */
function Situacao({ c }: { c: ContempladoAdmin }) {
  if (c.anulado_em)
    return (
      <Text size="sm" c="red.9">
        Anulado: {c.motivo_anulacao ?? ''}
      </Text>
    );
  if (c.entregue_em) return <Text size="sm">Entregue em {formatDate(c.entregue_em)}</Text>;
  return (
    <Text size="sm" c="dimmed">
      A entregar
    </Text>
  );
}

/**
 * 'Contemplados' (spec §2 Admin lists): the admin city's winners, 20 a page, with the draw
 * date, the campaign and the winner; 'Nova' opens the winner dialog empty, 'Sorteio' the
 * prize-draw dialog, 'Editar' a winner. Issue 36: a winner is annulled with a public reason
 * ('Anular') and its prize marked delivered ('Marcar prêmio entregue', after a confirmation;
 * issue 51: a delivered prize's winner is no longer offered 'Anular').
 */
export function WinnerScreen() {
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useContempladosAdm, {});
  const [open, setOpen] = useState<Open>(null);
  const entregar = useEntregarContemplado();
  const markDelivered = (c: ContempladoAdmin) =>
    entregar.mutate(c.id_sorteado, {
      onSuccess: () => notifySuccess(`Prêmio de ${c.nome_sorteado} marcado como entregue.`),
      onError: (e) => notifyError(describeError(e)),
    });

  if (codCidade <= 0) return <AdminCityPrompt title="Contemplados" canChoose={canChoose} noun={NOUN} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <PageTitle>Contemplados</PageTitle>
        <Group gap="sm" align="flex-start">
          <ExportMenu path="/v1/adm/contemplados" what="contemplados" query={{ cod_cidade: codCidade }} />
          <Button variant="default" onClick={() => setOpen({ kind: 'contemplado', id: 0 })}>
            Nova
          </Button>
          <Button onClick={() => setOpen({ kind: 'sorteio' })}>Sorteio</Button>
        </Group>
      </Group>

      <AdminListTable
        query={query}
        noun={NOUN}
        count={['contemplado', 'contemplados']}
        empty={NO_WINNERS}
        columns={[
          {
            header: 'Data do sorteio',
            cell: (c) => formatDate(c.data_sorteio.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: 'Campanha',
            cell: (c) => c.den_campanha,
            style: { overflowWrap: 'anywhere', minWidth: '6em' },
          },
          {
            header: 'Contemplado',
            cell: (c) => c.nome_sorteado,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '6em' },
          },
          {
            header: 'Situação',
            cell: (c) => <Situacao c={c} />,
            style: { overflowWrap: 'anywhere', minWidth: '6em' },
          },
        ]}
        rowActions={(c) =>
          c.anulado_em ? null : (
            <>
              {c.entregue_em ? null : (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpen({ kind: 'entregar', contemplado: c })}
                  loading={entregar.isPending && entregar.variables === c.id_sorteado}
                  aria-label={`Marcar prêmio entregue a ${c.nome_sorteado}`}
                >
                  Marcar prêmio entregue
                </Button>
              )}
              {/* Issue 51: a delivered prize is final; the API refuses its annulment (409). */}
              {c.entregue_em ? null : (
                <Button
                  size="xs"
                  variant="default"
                  color="red.9"
                  onClick={() => setOpen({ kind: 'anular', id: c.id_sorteado, nome: c.nome_sorteado })}
                  aria-label={`Anular ${c.nome_sorteado}`}
                >
                  Anular
                </Button>
              )}
            </>
          )
        }
        rowKey={(c) => c.id_sorteado}
        editLabel={(c) => `Editar ${c.nome_sorteado}`}
        onEdit={(c) => setOpen({ kind: 'contemplado', id: c.id_sorteado, nome: c.nome_sorteado })}
        pagina={pagina}
        onPage={setPagina}
      />

      {open?.kind === 'anular' ? (
        <AnnulDialog
          idSorteado={open.id}
          nome={open.nome}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            notifySuccess(message);
          }}
        />
      ) : null}
      {open?.kind === 'entregar' ? (
        <DeliverConfirm
          contemplado={open.contemplado}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            markDelivered(open.contemplado);
          }}
        />
      ) : null}
      {open?.kind === 'sorteio' ? <DrawDialog codCidade={codCidade} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'contemplado' ? (
        <WinnerDialog
          key={open.id}
          idSorteado={open.id}
          nome={open.nome}
          codCidade={codCidade}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}
