import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  type TextareaProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  AgendarApuracaoBody,
  ConcursoNaoRealizadoBody,
  MSG_APURACAO,
  PublicacaoBody,
  QTD_PREMIOS_MAX,
  ReagendarApuracaoBody,
  ResultadoApuracaoBody,
  type AgendamentoApuracao,
  type CampanhaAdmin,
  type ResultadoApuracao,
} from '@praca/contract';
import { DateInput } from '@/components/date-input';
import { FormAlert } from '@/components/form-alert';
import { ApiError, describeError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import {
  useAgendarApuracao,
  useConcursoNaoRealizado,
  useLancarResultado,
  useProximoConcurso,
  useReagendarApuracao,
  useRegistrarPublicacao,
  type LancamentoResultado,
} from '../api/admin-apuracoes';

/** A refusal shown next to the dialog's buttons; `seq` makes a repeated text a new show. */
interface Shown {
  message: string;
  seq: number;
}

export function useShown() {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = (message: string) => setShown((prev) => ({ message, seq: (prev?.seq ?? 0) + 1 }));
  return { shown, show, clear: () => setShown(null) };
}

/**
 * A form checked with the contract: the form's own fields (strings and switches, as typed)
 * become the request's body with `toBody`, and the contract's schema checks that body; its
 * refusals come back on the form's fields of the same name, with the contract's Portuguese.
 */
function contractForm<F extends z.ZodRawShape, B extends z.ZodType>(
  fields: F,
  body: B,
  toBody: (form: z.output<z.ZodObject<F>>) => unknown,
) {
  return z.object(fields).transform((form, ctx): z.output<B> => {
    const parsed = body.safeParse(toBody(form));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** An optional text: '' (or spaces) is not sent. */
const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

/** Whether the API refused the contest's number for its day (the calendar exception is asked). */
const isConcursoNaoConfere = (e: unknown) =>
  e instanceof ApiError && e.status === 400 && e.message === MSG_APURACAO.concursoNaoConfere;

interface FormModalProps {
  title: string;
  submitText: string;
  busy: boolean;
  shown: Shown | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  /** The submit button's colour (red for what cannot be undone). */
  danger?: boolean;
}

/** A dialog holding one form: full screen on a phone, the API's refusal next to its buttons. */
export function FormModal({
  title,
  submitText,
  busy,
  shown,
  onClose,
  onSubmit,
  children,
  danger,
}: FormModalProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <FormAlert message={shown?.message ?? null} seq={shown?.seq} />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy} color={danger ? 'red.9' : undefined}>
              {submitText}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The calendar exception: asked once the API said the contest's number does not match its day
 * (400). The refusal is marked on the field, which takes the focus.
 */
function revealExcecao<T extends FieldValues & { excecao_motivo: string }>(
  setError: UseFormSetError<T>,
  setExcecao: (v: boolean) => void,
) {
  setExcecao(true);
  setError('excecao_motivo' as Parameters<UseFormSetError<T>>[0], {
    type: 'server',
    message: MSG_APURACAO.concursoNaoConfere,
  });
}

function ExcecaoField(props: TextareaProps) {
  return (
    <Textarea
      label="Motivo da exceção ao calendário"
      description="Por que o número do concurso não corresponde à data pelo calendário da Loteria Federal (de 10 a 500 caracteres). Fica público no edital e na ata."
      maxLength={500}
      autosize
      minRows={2}
      {...props}
    />
  );
}

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
    resolver: zodResolver(AgendarForm),
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
          render={({ field }) => (
            <DateInput
              label="Data do concurso"
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={errors.data_concurso?.message}
            />
          )}
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

// ── Resultado ───────────────────────────────────────────────────────────────

/** What a row dialog needs to know of its apuração. */
export interface ApuracaoAlvo {
  idApuracao: number;
  concurso: number;
  data: string;
  /** The result is for the substitutes waiting on this later contest (the apuração is apurada). */
  suplentes?: boolean;
}

const ORDINAIS = ['1º', '2º', '3º', '4º', '5º'] as const;

const ResultadoForm = contractForm(
  { premios: z.array(z.string()) },
  ResultadoApuracaoBody.pick({ premios: true }),
  (f) => ({ premios: f.premios.map((p) => p.trim()) }),
);
type ResultadoIn = z.input<typeof ResultadoForm>;
type ResultadoOut = z.output<typeof ResultadoForm>;

/**
 * 'Lançar resultado': the contest's five prizes, 5 digits each, all different. Two people
 * enter them: the first entry waits (202, nothing published); a second person's same prizes
 * publish the winners the rule gives (200), shown here.
 */
export function ResultadoDialog({ alvo, onClose }: { alvo: ApuracaoAlvo; onClose: () => void }) {
  const lancar = useLancarResultado();
  const { shown, show, clear } = useShown();
  const [lancado, setLancado] = useState<LancamentoResultado | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResultadoIn, unknown, ResultadoOut>({
    resolver: zodResolver(ResultadoForm),
    defaultValues: { premios: ['', '', '', '', ''] },
  });

  const onSubmit = handleSubmit(
    async ({ premios }) => {
      clear();
      try {
        setLancado(
          await lancar.mutateAsync({
            idApuracao: alvo.idApuracao,
            premios,
            ...(alvo.suplentes ? { concurso: alvo.concurso } : {}),
          }),
        );
      } catch (e) {
        show(describeError(e, 'Não foi possível lançar o resultado.'));
      }
    },
    // One message for the five small fields, next to the button; the fields are marked.
    (refused) => {
      // The contract's refusal of the five together (all different) is the array's root.
      const first = refused.premios?.root?.message ?? refused.premios?.find?.((p) => p?.message)?.message;
      show(first ?? MSG_APURACAO.premiosInvalidos);
    },
  );

  const title = alvo.suplentes
    ? `Lançar resultado do concurso ${alvo.concurso} (suplentes)`
    : `Lançar resultado do concurso ${alvo.concurso}`;
  if (lancado) {
    return (
      <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack gap="md">
          {lancado.tipo === 'pendente' ? (
            <Alert
              color="sol"
              role="status"
              title="Resultado lançado; aguardando a confirmação de outra pessoa"
            >
              Lançado por {lancado.pendente.lancado_por} em {formatDateTime(lancado.pendente.lancado_em)}.
              Nada foi publicado ainda: outra pessoa (outro administrador da cidade ou um superadministrador)
              precisa lançar os mesmos 5 prêmios para os ganhadores saírem.
            </Alert>
          ) : (
            <Vencedores resultado={lancado.resultado} />
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Fechar
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const marked = (i: number) => Boolean(errors.premios?.[i] ?? errors.premios?.root);
  return (
    <FormModal
      title={title}
      submitText="Lançar resultado"
      busy={lancar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <Text size="sm">
        Os 5 primeiros prêmios do concurso {alvo.concurso} da Loteria Federal, de {formatDate(alvo.data)},
        como publicados pela Caixa. Outra pessoa precisa lançar os mesmos prêmios para confirmar o resultado.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="sm">
        {ORDINAIS.map((ordinal, i) => (
          <TextInput
            key={ordinal}
            label={`${ordinal} prêmio`}
            inputMode="numeric"
            maxLength={5}
            error={marked(i)}
            styles={{ input: { fontFamily: 'monospace' } }}
            autoComplete="off"
            data-autofocus={i === 0 ? true : undefined}
            {...register(`premios.${i}`)}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  );
}

/** The published result: the winners (or substitutes) in prize order. */
function Vencedores({ resultado }: { resultado: ResultadoApuracao }) {
  return (
    <>
      <Text role="status" fw={700}>
        Resultado confirmado e publicado.{' '}
        {resultado.ganhadores.length === 0
          ? 'Nenhum ganhador.'
          : resultado.ganhadores.some((g) => g.suplente)
            ? 'Suplentes, na ordem dos prêmios:'
            : 'Ganhadores, na ordem dos prêmios:'}
      </Text>
      {resultado.ganhadores.length > 0 ? (
        <Table fz="sm" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Prêmio</Table.Th>
              <Table.Th scope="col">Número</Table.Th>
              <Table.Th scope="col">Participante e loja</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resultado.ganhadores.map((g) => (
              <Table.Tr key={`${g.premio}-${g.serie_numero}`}>
                <Table.Td>{g.premio}º</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {g.serie_numero}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {g.participante} · {g.nom_estabelecimento}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </>
  );
}

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
    resolver: zodResolver(ReagendarForm),
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
          render={({ field }) => (
            <DateInput
              label="Data do concurso"
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={errors.data_concurso?.message}
            />
          )}
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
    resolver: zodResolver(ConcursoNaoRealizadoBody),
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
    resolver: zodResolver(PublicacaoBody),
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
        render={({ field }) => (
          <DateInput
            label="Data da publicação"
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={errors.data_publicacao?.message}
          />
        )}
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
