import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AnulacaoBody, ROTULO_TIPO_ANULACAO, TipoAnulacao } from '@praca/contract';
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
 * The form as typed: the type starts unchosen ('') so that it is a decision, never the
 * contract's default; the contract's schema then checks the body.
 */
const AnulacaoForm = z.object({ motivo: z.string(), tipo: z.string() }).transform((form, ctx) => {
  const parsed = AnulacaoBody.safeParse(form);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
type FormIn = z.input<typeof AnulacaoForm>;
type FormOut = z.output<typeof AnulacaoForm>;

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(AnulacaoForm),
    defaultValues: { motivo: '', tipo: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await anular.mutateAsync({ idSorteado, body });
      onDone(`${nome} foi anulado.`);
    } catch (e) {
      setError((prev) => ({
        message: describeError(e, 'Não foi possível anular o contemplado.'),
        seq: (prev?.seq ?? 0) + 1,
      }));
    }
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
          if (!anular.isPending) void onSubmit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            O contemplado deixa de valer e o tipo e o motivo ficam públicos no registro do sorteio. Não há
            como desfazer. Num sorteio pela Loteria Federal, um suplente sai do próximo concurso.
          </Text>
          <NativeSelect
            label="Tipo da anulação"
            data={TIPOS}
            error={errors.tipo?.message}
            data-autofocus
            {...register('tipo')}
          />
          <Textarea
            label="Motivo da anulação"
            description="De 10 a 500 caracteres"
            error={errors.motivo?.message}
            maxLength={500}
            autosize
            minRows={3}
            {...register('motivo')}
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
