import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AnulacaoBody } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { describeError } from '@/lib/api-client';
import { useAnularContemplado } from '../api/anular-contemplado';

interface AnnulDialogProps {
  idSorteado: number;
  nome: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * 'Anular' a winner (issue 36): only with a written reason (10 to 500 characters, the API
 * checks it too), which is audited and shown publicly next to the draw.
 */
export function AnnulDialog({ idSorteado, nome, onClose, onDone }: AnnulDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const anular = useAnularContemplado();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<{ message: string; seq: number; field: boolean } | null>(null);
  const show = (message: string, field: boolean) =>
    setError((prev) => ({ message, field, seq: (prev?.seq ?? 0) + 1 }));

  async function submit() {
    const parsed = AnulacaoBody.safeParse({ motivo });
    if (!parsed.success) {
      show(parsed.error.issues[0]?.message ?? 'Motivo inválido', true);
      return;
    }
    setError(null);
    try {
      await anular.mutateAsync({ idSorteado, motivo: parsed.data.motivo });
      onDone(`${nome} foi anulado.`);
    } catch (e) {
      show(describeError(e), false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!anular.isPending) onClose();
      }}
      title={`Anular ${nome}`}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!anular.isPending) void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            O contemplado deixa de valer e o motivo fica público no registro do sorteio. Não há como desfazer.
          </Text>
          <Textarea
            label="Motivo da anulação"
            description="De 10 a 500 caracteres"
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={error?.field === true}
            maxLength={500}
            autosize
            minRows={3}
            data-autofocus
          />
          <FormAlert message={error?.message ?? null} seq={error?.seq} />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose} disabled={anular.isPending}>
              Cancelar
            </Button>
            <Button type="submit" color="red.9" loading={anular.isPending}>
              Anular
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
