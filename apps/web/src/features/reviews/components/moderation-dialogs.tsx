import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { AprovarAvaliacaoBody, type AvaliacaoPendente } from '@praca/contract';
import { notifySuccess } from '@/lib/notify';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
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
  const [last, setLast] = useState(review);
  const aprovar = useAprovarAvaliacao();
  // Keep the content while the dialog closes.
  if (review && review !== last) setLast(review);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, text, save } = useContractForm({
    initial: { den_resposta: '' },
    // The answer is optional; the contract still bounds it (what the server would refuse).
    check: ({ den_resposta }: { den_resposta: string }) =>
      checkWithContract(AprovarAvaliacaoBody, { ies_aprovacao: 'S', den_resposta }, [
        'den_resposta',
      ] as const),
    show: setRefusal,
    busy: aprovar.isPending,
    onValid: (body) => {
      if (!last) return;
      aprovar.mutate(
        { id: last.id_avaliacao, resposta: body.den_resposta },
        {
          onSuccess: () => {
            notifySuccess(APPROVED_TOAST);
            close();
          },
        },
      );
    },
  });

  const close = () => {
    form.reset({ den_resposta: '' });
    setRefusal(null);
    aprovar.reset();
    onClose();
  };

  const submit = () => {
    if (!last || aprovar.isPending) return;
    setRefusal(null);
    save();
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
              {...text('den_resposta')}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={2000}
              data-autofocus
            />
            <FormAlert
              message={
                refusal ??
                (aprovar.isError
                  ? describeError(aprovar.error, 'Não foi possível aprovar a avaliação.')
                  : null)
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
