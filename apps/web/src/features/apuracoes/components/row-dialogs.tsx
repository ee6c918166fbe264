import { useState } from 'react';
import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConcursoNaoRealizadoBody, PublicacaoBody, ReagendarApuracaoBody } from '@praca/contract';
import { controlled } from '@/components/editor/controlled';
import { contractResolver, contractForm } from '@/components/editor/contract-check';
import { DateInput } from '@/components/date-input';
import { describeError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import {
  useConcursoNaoRealizado,
  useReagendarApuracao,
  useRegistrarPublicacao,
} from '../api/admin-apuracoes';
import {
  ExcecaoField,
  FormModal,
  isConcursoNaoConfere,
  optional,
  revealExcecao,
  useShown,
} from './dialog-form';
import type { ApuracaoAlvo } from './resultado-dialog';

// ── Reagendar ───────────────────────────────────────────────────────────────

const ReagendarForm = contractForm(
  { concurso: z.string(), data_concurso: z.string(), motivo: z.string(), excecao_motivo: z.string() },
  ReagendarApuracaoBody,
  (f) => ({
    concurso: f.concurso.trim(),
    data_concurso: f.data_concurso,
    motivo: f.motivo,
    excecao_motivo: optional(f.excecao_motivo),
  }),
);
type ReagendarIn = z.input<typeof ReagendarForm>;
type ReagendarOut = z.output<typeof ReagendarForm>;

interface RowDialogProps {
  alvo: ApuracaoAlvo;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** 'Reagendar': another contest (and day) before the deadline, with a reason that is public. */
export function ReagendarDialog({ alvo, onClose, onDone }: RowDialogProps) {
  const reagendar = useReagendarApuracao();
  const { shown, show, clear } = useShown();
  const [excecao, setExcecao] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReagendarIn, unknown, ReagendarOut>({
    resolver: contractResolver(ReagendarForm),
    defaultValues: {
      concurso: String(alvo.concurso),
      data_concurso: alvo.data,
      motivo: '',
      excecao_motivo: '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      const a = await reagendar.mutateAsync({ idApuracao: alvo.idApuracao, body });
      onDone(`Apuração reagendada para o concurso ${a.concurso}, de ${formatDate(a.data_concurso)}.`);
    } catch (e) {
      if (isConcursoNaoConfere(e)) revealExcecao(setError, setExcecao);
      else show(describeError(e, 'Não foi possível reagendar a apuração.'));
    }
  });

  return (
    <FormModal
      title={`Reagendar a apuração do concurso ${alvo.concurso}`}
      submitText="Reagendar"
      busy={reagendar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Concurso da Loteria Federal"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          error={errors.concurso?.message}
          {...register('concurso')}
        />
        <Controller
          control={control}
          name="data_concurso"
          render={(f) => <DateInput label="Data do concurso" {...controlled(f)} />}
        />
      </SimpleGrid>
      <Textarea
        label="Motivo do reagendamento"
        description="De 10 a 500 caracteres. Fica público no registro da apuração."
        maxLength={500}
        autosize
        minRows={2}
        error={errors.motivo?.message}
        {...register('motivo')}
      />
      {excecao ? (
        <ExcecaoField error={errors.excecao_motivo?.message} {...register('excecao_motivo')} />
      ) : null}
    </FormModal>
  );
}

// ── Concurso não realizado ──────────────────────────────────────────────────

type MotivoIn = z.input<typeof ConcursoNaoRealizadoBody>;
type MotivoOut = z.output<typeof ConcursoNaoRealizadoBody>;

/**
 * 'Concurso não realizado': Caixa did not hold the contest. With a public reason the server
 * moves the apuração to the next contest of the calendar (no choice here).
 */
export function ConcursoNaoRealizadoDialog({ alvo, onClose, onDone }: RowDialogProps) {
  const mover = useConcursoNaoRealizado();
  const { shown, show, clear } = useShown();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MotivoIn, unknown, MotivoOut>({
    resolver: contractResolver(ConcursoNaoRealizadoBody),
    defaultValues: { motivo: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      const a = await mover.mutateAsync({ idApuracao: alvo.idApuracao, body });
      onDone(
        `O concurso ${alvo.concurso} não foi realizado: a apuração passou para o concurso ${a.concurso}, de ${formatDate(a.data_concurso)}.`,
      );
    } catch (e) {
      show(describeError(e, 'Não foi possível registrar o concurso não realizado.'));
    }
  });

  return (
    <FormModal
      title={`Concurso ${alvo.concurso} não realizado`}
      submitText="Registrar"
      busy={mover.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <Text size="sm">
        Se a Caixa não realizou o concurso {alvo.concurso}, de {formatDate(alvo.data)}, a apuração passa para
        o próximo concurso pelo calendário da Loteria Federal. A mudança fica pública no registro da apuração.
      </Text>
      <Textarea
        label="Motivo"
        description="De 10 a 500 caracteres"
        maxLength={500}
        autosize
        minRows={2}
        data-autofocus
        error={errors.motivo?.message}
        {...register('motivo')}
      />
    </FormModal>
  );
}

// ── Registrar publicação ────────────────────────────────────────────────────

type PublicacaoIn = z.input<typeof PublicacaoBody>;
type PublicacaoOut = z.output<typeof PublicacaoBody>;

/** 'Registrar publicação': where and when the edital came out (a newspaper, a site). */
export function PublicacaoDialog({ alvo, onClose, onDone }: RowDialogProps) {
  const registrar = useRegistrarPublicacao();
  const { shown, show, clear } = useShown();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PublicacaoIn, unknown, PublicacaoOut>({
    resolver: contractResolver(PublicacaoBody),
    defaultValues: { veiculo: '', data_publicacao: '', url: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      await registrar.mutateAsync({ idApuracao: alvo.idApuracao, body });
      onDone(`Publicação do edital do concurso ${alvo.concurso} registrada.`);
    } catch (e) {
      show(describeError(e, 'Não foi possível registrar a publicação.'));
    }
  });

  return (
    <FormModal
      title={`Registrar publicação do edital do concurso ${alvo.concurso}`}
      submitText="Registrar"
      busy={registrar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <TextInput
        label="Veículo"
        description="Onde o edital foi publicado: jornal, diário oficial, site"
        maxLength={200}
        autoComplete="off"
        data-autofocus
        error={errors.veiculo?.message}
        {...register('veiculo')}
      />
      <Controller
        control={control}
        name="data_publicacao"
        render={(f) => <DateInput label="Data da publicação" {...controlled(f)} />}
      />
      <TextInput
        label="Endereço (opcional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={500}
        autoComplete="off"
        error={errors.url?.message}
        {...register('url')}
      />
    </FormModal>
  );
}
