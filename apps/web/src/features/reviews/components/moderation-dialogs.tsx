import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifySuccess } from '@/lib/notify';
import type { AvaliacaoPendente } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { Stars, starsLabel } from '@/components/stars';
import { describeError } from '@/lib/api-client';
import { useAprovarAvaliacao, useExcluirAvaliacao } from '../api/moderate-avaliacao';

export const APPROVED_TOAST = 'Avaliação aprovada';
export const DELETED_TOAST = 'Avaliação excluída';

function ReviewSummary({ review }: { review: AvaliacaoPendente }) {
  return (
    <Stack gap={4}>
      <Text fw={700}>{review.nome_estabelecimento}</Text>
      <Group gap="xs">
        <Text size="sm">{review.nomeusuario}</Text>
        <Stars value={review.nro_estrelas} size={14} label={starsLabel(review.nro_estrelas)} />
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {review.den_avaliacao}
      </Text>
    </Stack>
  );
}

/** Approve with an optional answer (spec §2, §4). */
export function ApproveDialog({
  review,
  onClose,
}: {
  review: AvaliacaoPendente | null;
  onClose: () => void;
}) {
  const [resposta, setResposta] = useState('');
  const [last, setLast] = useState(review);
  const aprovar = useAprovarAvaliacao();
  // Keep the content while the dialog closes.
  if (review && review !== last) setLast(review);

  const close = () => {
    setResposta('');
    aprovar.reset();
    onClose();
  };

  const submit = () => {
    if (!last || aprovar.isPending) return;
    aprovar.mutate(
      { id: last.id_avaliacao, resposta },
      {
        onSuccess: () => {
          notifySuccess(APPROVED_TOAST);
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={review !== null}
      onClose={close}
      title="Aprovar avaliação"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {last ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <ReviewSummary review={last} />
            <Textarea
              label="Resposta (opcional)"
              value={resposta}
              onChange={(e) => setResposta(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={2000}
              data-autofocus
            />
            <FormAlert
              message={
                aprovar.isError ? describeError(aprovar.error, 'Não foi possível aprovar a avaliação.') : null
              }
              variant="light"
              p="xs"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={aprovar.isPending}>
                Aprovar
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/** Delete after the confirmation 'Confirma Exclusao' (spec §2). */
export function DeleteDialog({ review, onClose }: { review: AvaliacaoPendente | null; onClose: () => void }) {
  const [last, setLast] = useState(review);
  const excluir = useExcluirAvaliacao();
  if (review && review !== last) setLast(review);

  const close = () => {
    excluir.reset();
    onClose();
  };

  const confirm = () => {
    if (!last || excluir.isPending) return;
    excluir.mutate(last.id_avaliacao, {
      onSuccess: () => {
        notifySuccess(DELETED_TOAST);
        close();
      },
    });
  };

  return (
    <Modal
      opened={review !== null}
      onClose={close}
      title="Excluir avaliação"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {last ? (
        <Stack gap="md">
          <Text fw={700}>Confirma Exclusao</Text>
          <ReviewSummary review={last} />
          <FormAlert
            message={
              excluir.isError ? describeError(excluir.error, 'Não foi possível excluir a avaliação.') : null
            }
            variant="light"
            p="xs"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Cancelar
            </Button>
            <Button color="red.9" onClick={confirm} loading={excluir.isPending}>
              Excluir
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
