import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvaliacaoPendente } from '@praca/contract';
import { MSG, PAGE_SIZE } from '@praca/contract/plain';
import { AdminListStates } from '@/components/admin-list/admin-list';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { ScrollTable } from '@/components/scroll-table';
import { Stars, starsLabel } from '@/components/stars';
import { formatDate } from '@/lib/format';
import { useAvaliacoesPendentes } from '../api/get-avaliacoes-pendentes';
import { ApproveDialog, DeleteDialog } from './moderation-dialogs';

interface RowActionsProps {
  review: AvaliacaoPendente;
  onApprove: (r: AvaliacaoPendente) => void;
  onDelete: (r: AvaliacaoPendente) => void;
}

function RowActions({ review: r, onApprove, onDelete }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => onApprove(r)}
        aria-label={`Aprovar avaliação de ${r.nomeusuario} em ${r.nome_estabelecimento}`}
      >
        Aprovar
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={() => onDelete(r)}
        aria-label={`Excluir avaliação de ${r.nomeusuario} em ${r.nome_estabelecimento}`}
      >
        Excluir
      </Button>
    </Group>
  );
}

/** Phones: a card per pending review, with its actions. */
function ReviewCards({
  itens,
  ...actions
}: Omit<RowActionsProps, 'review'> & { itens: AvaliacaoPendente[] }) {
  return (
    <Stack
      component="ul"
      aria-label="Avaliações pendentes"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {itens.map((r) => (
        <Paper component="li" key={r.id_avaliacao} withBorder p="sm" radius="md">
          <Stack gap={4}>
            <Text fw={700}>
              <VisuallyHidden>Estabelecimento: </VisuallyHidden>
              {r.nome_estabelecimento}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                <VisuallyHidden>Usuário: </VisuallyHidden>
                {r.nomeusuario}
              </Text>
              <Stars value={r.nro_estrelas} size={14} label={starsLabel(r.nro_estrelas)} />
            </Group>
            <Text size="xs" c="dimmed">
              Data: {formatDate(r.datahora)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <VisuallyHidden>Comentário: </VisuallyHidden>
              {r.den_avaliacao}
            </Text>
            <RowActions review={r} {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

interface ReviewsModerationProps {
  /** Admin screens: the admin city ('000000' = the caller's whole reach). Partners: none. */
  codCidade?: string;
}

/**
 * 'Aprova Avaliação' (spec §2) for partners and admins: the pending reviews in reach, each
 * approved with an optional answer or deleted; the list then reloads.
 */
export function ReviewsModeration({ codCidade }: ReviewsModerationProps) {
  const [pagina, setPagina] = useState(1);
  const [city, setCity] = useState(codCidade);
  if (city !== codCidade) {
    setCity(codCidade);
    setPagina(1);
  }
  const query = useAvaliacoesPendentes({ codCidade, pagina });
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [approving, setApproving] = useState<AvaliacaoPendente | null>(null);
  const [deleting, setDeleting] = useState<AvaliacaoPendente | null>(null);

  // The last review of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  const content = (
    <AdminListStates
      query={query}
      noun={{ article: 'as', plural: 'avaliações pendentes' }}
      isEmpty={(d) => d.itens.length === 0}
      empty={MSG.semAvaliacaoPendente}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {data.total === 1 ? '1 avaliação pendente' : `${data.total} avaliações pendentes`}
          </Text>
          {phone ? (
            <ReviewCards itens={data.itens} onApprove={setApproving} onDelete={setDeleting} />
          ) : (
            <ScrollTable label="Avaliações pendentes" minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Estabelecimento</Table.Th>
                    <Table.Th scope="col">Usuário</Table.Th>
                    <Table.Th scope="col">Data</Table.Th>
                    <Table.Th scope="col">Estrelas</Table.Th>
                    <Table.Th scope="col">Comentário</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.itens.map((r) => (
                    <Table.Tr key={r.id_avaliacao}>
                      <Table.Td>{r.nome_estabelecimento}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.nomeusuario}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.datahora)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Stars value={r.nro_estrelas} size={14} label={starsLabel(r.nro_estrelas)} />
                      </Table.Td>
                      <Table.Td style={{ minWidth: 200 }}>{r.den_avaliacao}</Table.Td>
                      <Table.Td>
                        <RowActions review={r} onApprove={setApproving} onDelete={setDeleting} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <Pager
            page={pagina}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPagina}
            label="avaliações pendentes"
          />
        </Stack>
      )}
    </AdminListStates>
  );

  return (
    <Stack gap="lg">
      <PageTitle>Aprova Avaliação</PageTitle>
      {content}
      <ApproveDialog review={approving} onClose={() => setApproving(null)} />
      <DeleteDialog review={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
