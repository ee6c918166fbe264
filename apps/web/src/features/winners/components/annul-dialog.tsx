import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AnulacaoBody, ROTULO_TIPO_ANULACAO, TipoAnulacao } from '@praca/contract';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { describeError } from '@/lib/api-client';
import { useAnularContemplado } from '../api/anular-contemplado';

interface AnnulDialogProps {
  idSorteado: number;
  nome: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The form as typed: the type starts unchosen ('') so that it is a decision, never the contract's default. */
interface AnulacaoForm {
  motivo: string;
  tipo: string;
}

const FIELDS = ['motivo', 'tipo'] as const;

/** The body, checked with the contract's schema: every refusal under its field. */
const checkAnulacao = (form: AnulacaoForm) => checkWithContract(AnulacaoBody, form, FIELDS);

const TIPOS = [
  { value: '', label: 'Escolha o tipo' },
  ...TipoAnulacao.options.map((t) => ({ value: t, label: ROTULO_TIPO_ANULACAO[t] })),
];

/**
 * 'Anular' a winner (issues 36, 49): only with its type (not located, holder ineligible, sale
 * voided) and a written reason (10 to 500 characters; the API checks both too), audited and
 * shown publicly next to the draw. An apuração's winner gets a substitute from a later contest.
 */
export function AnnulDialog({ idSorteado, nome, onClose, onDone }: AnnulDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const anular = useAnularContemplado();
  const [error, setError] = useState<{ message: string; seq: number } | null>(null);
  const show = (message: string) => setError((prev) => ({ message, seq: (prev?.seq ?? 0) + 1 }));
  const { text, save } = useContractForm({
    initial: { motivo: '', tipo: '' },
    check: checkAnulacao,
    show,
    busy: anular.isPending,
    onValid: (body) => {
      setError(null);
      anular.mutate(
        { idSorteado, body },
        {
          onSuccess: () => onDone(`${nome} foi anulado.`),
          onError: (e) => show(describeError(e, 'Não foi possível anular o contemplado.')),
        },
      );
    },
  });

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
          if (!anular.isPending) save();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            O contemplado deixa de valer e o tipo e o motivo ficam públicos no registro do sorteio. Não há
            como desfazer. Num sorteio pela Loteria Federal, um suplente sai do próximo concurso.
          </Text>
          <NativeSelect label="Tipo da anulação" data={TIPOS} data-autofocus {...text('tipo')} />
          <Textarea
            label="Motivo da anulação"
            description="De 10 a 500 caracteres"
            maxLength={500}
            autosize
            minRows={3}
            {...text('motivo')}
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
