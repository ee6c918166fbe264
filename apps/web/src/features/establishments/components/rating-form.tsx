import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea, Title } from '@mantine/core';
import { notifySuccess } from '@/lib/notify';
import { FormAlert } from '@/components/form-alert';
import { StarsInput } from '@/components/stars';
import { describeError } from '@/lib/api-client';
import { ratingFormError, useCreateAvaliacao } from '../api/create-avaliacao';

export const RATING_SENT = 'Avaliação enviada! Ela aparece depois de aprovada.';

interface RatingFormProps {
  idEstabelecimento: number;
  /** Called after Cancelar or a successful send: the form closes (and so resets). */
  onDone: () => void;
}

/**
 * The rating form (spec §2, §4, §5): stars are 0 until chosen; the stars are checked before
 * the text and nothing is sent while either is missing; 202 shows a toast, resets and closes.
 */
export function RatingForm({ idEstabelecimento, onDone }: RatingFormProps) {
  const [estrelas, setEstrelas] = useState(0);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<{ field: 'stars' | 'text' | 'server'; message: string } | null>(null);
  const create = useCreateAvaliacao();
  const errorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const reset = () => {
    setEstrelas(0);
    setTexto('');
    setError(null);
    create.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = { id_estabelecimento: idEstabelecimento, nro_estrelas: estrelas, den_avaliacao: texto };
    const message = ratingFormError(input);
    if (message) {
      setError({ field: estrelas < 1 ? 'stars' : 'text', message });
      return;
    }
    setError(null);
    create.mutate(input, {
      onSuccess: () => {
        notifySuccess(RATING_SENT);
        reset();
        onDone();
      },
      onError: (e) =>
        setError({ field: 'server', message: describeError(e, 'Não foi possível enviar sua avaliação.') }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={3} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Avaliar
        </Title>
        <StarsInput
          label="Sua nota"
          value={estrelas}
          onChange={(n) => {
            setEstrelas(n);
            if (error?.field === 'stars') setError(null);
          }}
          errorId={error?.field === 'stars' ? errorId : undefined}
        />
        <Textarea
          label="Sua opinião"
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            if (error?.field === 'text') setError(null);
          }}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          error={error?.field === 'text' ? true : undefined}
          aria-describedby={error?.field === 'text' ? errorId : undefined}
        />
        <FormAlert id={errorId} message={error?.message ?? null} variant="light" p="xs" />
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
