import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Input, Stack, Textarea, Title } from '@mantine/core';
import { AvaliacaoBody } from '@praca/contract';
import { notifySuccess } from '@/lib/notify';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { StarsInput } from '@/components/stars';
import { describeError } from '@/lib/api-client';
import { useCreateAvaliacao } from '../api/create-avaliacao';

export const RATING_SENT = 'Avaliação enviada! Ela aparece depois de aprovada.';

interface RatingFormProps {
  idEstabelecimento: number;
  /** Called after Cancelar or a successful send: the form closes (and so resets). */
  onDone: () => void;
}

interface RatingValues {
  /** 0 until a star is chosen. */
  nro_estrelas: number;
  den_avaliacao: string;
}

const EMPTY: RatingValues = { nro_estrelas: 0, den_avaliacao: '' };
const FIELDS = ['nro_estrelas', 'den_avaliacao'] as const;

/**
 * The rating, checked with the contract's schema (spec §5): 'Escolha o número de estrelas!'
 * under the stars and 'Descreva sua opinião!' under the text, both at once when both miss.
 */
const checkRating = (idEstabelecimento: number, values: RatingValues) =>
  checkWithContract(AvaliacaoBody, { id_estabelecimento: idEstabelecimento, ...values }, FIELDS);

/**
 * The rating form (spec §2, §4, §5): stars are 0 until chosen; nothing is sent while the stars
 * or the text are missing, each refusal under its field and the first focused; 202 shows a
 * toast, resets and closes. The server's refusal shows above the buttons.
 */
export function RatingForm({ idEstabelecimento, onDone }: RatingFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateAvaliacao();
  const starsErrorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { form, values, text, mark, bind, setField, save } = useContractForm({
    initial: EMPTY,
    check: (v: RatingValues) => checkRating(idEstabelecimento, v),
    show: setServerError,
    busy: create.isPending,
    onValid: (body) =>
      create.mutate(body, {
        onSuccess: () => {
          notifySuccess(RATING_SENT);
          reset();
          onDone();
        },
        onError: (e) => setServerError(describeError(e, 'Não foi possível enviar sua avaliação.')),
      }),
  });

  const reset = () => {
    form.reset(EMPTY);
    setServerError(null);
    create.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setServerError(null);
    save();
  };
  const starsError = mark('nro_estrelas');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={3} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Avaliar
        </Title>
        <div>
          <StarsInput
            label="Sua nota"
            value={values?.nro_estrelas ?? 0}
            onChange={(n) => setField('nro_estrelas', n)}
            errorId={starsError ? starsErrorId : undefined}
            inputRef={bind('nro_estrelas')}
          />
          {starsError ? <Input.Error id={starsErrorId}>{starsError}</Input.Error> : null}
        </div>
        <Textarea
          label="Sua opinião"
          {...text('den_avaliacao')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
        />
        <FormAlert message={serverError} variant="light" p="xs" />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onDone();
            }}
          >
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Enviar Avaliação
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
