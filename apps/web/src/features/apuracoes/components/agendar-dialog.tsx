import { useEffect, useState } from 'react';
import { NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  AgendarApuracaoBody,
  MSG_APURACAO,
  QTD_PREMIOS_MAX,
  type AgendamentoApuracao,
  type CampanhaAdmin,
} from '@praca/contract';
import { controlled } from '@/components/editor/controlled';
import { contractResolver, contractForm } from '@/components/editor/contract-check';
import { DateInput } from '@/components/date-input';
import { describeError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useAgendarApuracao, useProximoConcurso } from '../api/admin-apuracoes';
import {
  ExcecaoField,
  FormModal,
  isConcursoNaoConfere,
  optional,
  revealExcecao,
  useShown,
} from './dialog-form';

// ── Agendar ─────────────────────────────────────────────────────────────────

const AgendarForm = contractForm(
  {
    id_campanha: z.string(),
    concurso: z.string(),
    data_concurso: z.string(),
    qtd_premios: z.string(),
    mloja: z.boolean(),
    musuario: z.boolean(),
    descricao_premios: z.array(z.string()),
    autorizacao: z.string(),
    final: z.boolean(),
    excecao_motivo: z.string(),
  },
  AgendarApuracaoBody,
  (f) => ({
    id_campanha: f.id_campanha,
    concurso: f.concurso.trim(),
    data_concurso: f.data_concurso,
    qtd_premios: f.qtd_premios.trim(),
    mloja: f.mloja ? 'S' : 'N',
    musuario: f.musuario ? 'S' : 'N',
    // One text per prize: as many as the quantity asks (fields left over are not sent).
    descricao_premios: Array.from({ length: qtdOf(f.qtd_premios) }, (_, i) => f.descricao_premios[i] ?? ''),
    autorizacao: optional(f.autorizacao),
    final: f.final,
    excecao_motivo: optional(f.excecao_motivo),
  }),
);
type AgendarIn = z.input<typeof AgendarForm>;
type AgendarOut = z.output<typeof AgendarForm>;

/** How many prize descriptions the typed quantity asks for (none while it is no valid number). */
function qtdOf(text: string): number {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= QTD_PREMIOS_MAX ? n : 0;
}

interface AgendarDialogProps {
  campanhas: CampanhaAdmin[];
  /** The campaign chosen on the screen, preselected. */
  idCampanha: string;
  onClose: () => void;
  onDone: (apuracao: AgendamentoApuracao) => void;
}

/**
 * 'Agendar apuração': the campaign, the Loteria Federal contest and its day, the prizes (how
 * many and what each is), the authorisation, whether it is the campaign's final one and
 * whether a shop or a participant may win more than one. Saving freezes the campaign's
 * eligible tickets at once and publishes the file's hash. When the API finds the contest's
 * number off the calendar, the dialog asks for the exception's reason.
 */
export function AgendarDialog({ campanhas, idCampanha, onClose, onDone }: AgendarDialogProps) {
  const agendar = useAgendarApuracao();
  const { shown, show, clear } = useShown();
  const [excecao, setExcecao] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<AgendarIn, unknown, AgendarOut>({
    resolver: contractResolver(AgendarForm),
    defaultValues: {
      id_campanha: idCampanha,
      concurso: '',
      data_concurso: '',
      qtd_premios: '1',
      mloja: true,
      musuario: true,
      descricao_premios: [''],
      autorizacao: '',
      final: false,
      excecao_motivo: '',
    },
  });
  const qtd = qtdOf(useWatch({ control, name: 'qtd_premios' }));
  // Starts from the next contest that may be scheduled (the calendar's, with the notice period).
  const proximo = useProximoConcurso();
  useEffect(() => {
    const next = proximo.data;
    if (!next || getValues('concurso') !== '' || getValues('data_concurso') !== '') return;
    setValue('concurso', String(next.concurso));
    setValue('data_concurso', next.data_concurso);
  }, [proximo.data, getValues, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      onDone(await agendar.mutateAsync(body));
    } catch (e) {
      if (isConcursoNaoConfere(e)) revealExcecao(setError, setExcecao);
      else show(describeError(e, 'Não foi possível agendar a apuração.'));
    }
  });

  return (
    <FormModal
      title="Agendar apuração"
      submitText="Agendar"
      busy={agendar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <NativeSelect
        label="Campanha"
        data={[
          { value: '', label: MSG_APURACAO.campanhaObrigatoria },
          ...campanhas.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
        ]}
        error={errors.id_campanha?.message}
        data-autofocus
        {...register('id_campanha')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Concurso da Loteria Federal"
          inputMode="numeric"
          autoComplete="off"
          error={errors.concurso?.message}
          {...register('concurso')}
        />
        <Controller
          control={control}
          name="data_concurso"
          render={(f) => <DateInput label="Data do concurso" {...controlled(f)} />}
        />
        <TextInput
          label="Quantidade de prêmios"
          inputMode="numeric"
          autoComplete="off"
          error={errors.qtd_premios?.message}
          {...register('qtd_premios')}
        />
        <TextInput
          label="Autorização (opcional)"
          description="O número da autorização da promoção, como sai na ata"
          maxLength={100}
          autoComplete="off"
          error={errors.autorizacao?.message}
          {...register('autorizacao')}
        />
      </SimpleGrid>
      {qtd > 0 ? (
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0} mb={4}>
            O que é cada prêmio
          </Text>
          {Array.from({ length: qtd }, (_, i) => (
            <TextInput
              key={i}
              label={`${i + 1}º prêmio`}
              maxLength={200}
              autoComplete="off"
              error={errors.descricao_premios?.[i]?.message}
              {...register(`descricao_premios.${i}`)}
            />
          ))}
          {errors.descricao_premios?.root?.message ? (
            <Text size="sm" c="red.9">
              {errors.descricao_premios.root.message}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Controller
        control={control}
        name="mloja"
        render={({ field }) => (
          <Switch
            label="Permitir mais de um prêmio por loja"
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            ref={field.ref}
          />
        )}
      />
      <Controller
        control={control}
        name="musuario"
        render={({ field }) => (
          <Switch
            label="Permitir mais de um prêmio por participante"
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            ref={field.ref}
          />
        )}
      />
      <Controller
        control={control}
        name="final"
        render={({ field }) => (
          <Switch
            label="Apuração final"
            description="A última da campanha: só depois do fim da campanha e do prazo de vendas retroativas"
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            ref={field.ref}
          />
        )}
      />
      {excecao ? (
        <ExcecaoField error={errors.excecao_motivo?.message} {...register('excecao_motivo')} />
      ) : null}
      <Text size="sm" c="dimmed">
        Ao agendar, os cupons elegíveis da campanha são congelados no arquivo de bilhetes e o hash dele é
        publicado no edital. Cupons emitidos depois entram na próxima apuração.
      </Text>
    </FormModal>
  );
}

/** The success notice of a scheduling: what was frozen, and whether the hash is out yet. */
export function agendadaMessage(a: AgendamentoApuracao): string {
  const n = formatNumber(a.qtd_bilhetes);
  return a.status === 'congelando'
    ? `Apuração do concurso ${a.concurso} agendada: congelando ${n} ${
        a.qtd_bilhetes === 1 ? 'bilhete' : 'bilhetes'
      }; o hash é publicado ao terminar.`
    : `Apuração do concurso ${a.concurso} agendada: ${n} ${
        a.qtd_bilhetes === 1 ? 'bilhete congelado' : 'bilhetes congelados'
      } e o hash publicado.`;
}
