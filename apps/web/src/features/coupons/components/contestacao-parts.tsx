import { useState } from 'react';
import {
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ContestacaoBody,
  DataSchema,
  IdSchema,
  VendaBody,
  type Contestacao,
  type ExtratoItem,
} from '@praca/contract';
import { DATA_DIGITADA_INVALIDA, DateInput, isIsoDay } from '@/components/date-input';
import { FormAlert } from '@/components/form-alert';
import { MoneyInput } from '@/components/money-input';
import { EmptyState, ErrorState } from '@/components/query-states';
import { describeError } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-client';
import { decimalMessage, MONEY_EXAMPLE, readDecimal } from '@/lib/decimal-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { enviarComprovante, useAbrirContestacao, useMinhasContestacoes } from '../api/contestacoes';
import { StatusContestacaoBadge, TIPO_LABEL } from '@/components/contestacao-status';
import { ComprovanteDialog } from '@/components/comprovante-dialog';
import { ShopSearchSelect } from '@/components/shop-search-select';

/**
 * The resident's side of a complaint (issue 37), on the Extrato: 'Não reconheço esta compra' on
 * each line (after a confirmation), 'Minha compra não foi registrada' (a form), and the list of
 * the resident's complaints with their status.
 */

interface Shown {
  message: string;
  seq: number;
  tone: 'error' | 'success';
}

/** 'Não reconheço esta compra' on a statement line, confirmed in a dialog. */
export function NaoReconhecoButton({
  linha,
  onDone,
}: {
  linha: ExtratoItem;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const abrir = useAbrirContestacao();
  const confirm = () =>
    abrir.mutate(
      { tipo: 'nao_reconheco', id_venda: linha.id_venda },
      {
        onSuccess: () => {
          setOpen(false);
          onDone('Contestação enviada. A administração da cidade vai analisar e você será avisado.');
        },
        onError: (e) =>
          setError((p) => ({
            message: describeError(e, 'Não foi possível enviar a contestação'),
            seq: (p?.seq ?? 0) + 1,
            tone: 'error',
          })),
      },
    );
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        mt="xs"
        onClick={() => setOpen(true)}
        aria-label={`Não reconheço esta compra: venda ${linha.numero_venda} de ${linha.nomeestabelecimento}`}
      >
        Não reconheço esta compra
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Não reconheço esta compra"
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Contestar a venda {linha.numero_venda} de {linha.nomeestabelecimento}, em{' '}
            {formatDate(linha.dat_venda)}, de {formatMoney(linha.valor_venda)}? Se a contestação for aceita, a
            venda e seus cupons saem do seu extrato.
          </Text>
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button color="red.9" onClick={confirm} loading={abrir.isPending}>
              Contestar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The 'não registrada' form's fields as typed, checked with the contract's own field schemas
 * (issue 51): every field is checked at once, so sending it empty marks each required one.
 * An empty field says what to fill; a filled one keeps the contract's message.
 */
const NaoRegistradaForm = z.object({
  id_estabelecimento: z
    .string()
    .min(1, { error: 'Escolha o estabelecimento' })
    .pipe(IdSchema as z.ZodType<number, string>),
  dat_venda: z
    .string()
    .min(1, { error: 'Informe a data da compra' })
    .refine(isIsoDay, { error: DATA_DIGITADA_INVALIDA })
    .pipe(DataSchema),
  valor_venda: z
    .string()
    .transform((text, ctx) => {
      const read = readDecimal(text, 2);
      if (read.ok) return read.value;
      ctx.addIssue({
        code: 'custom',
        message: decimalMessage(read.reason, { label: 'Valor', places: 2, example: MONEY_EXAMPLE }),
      });
      return z.NEVER;
    })
    .pipe(VendaBody.shape.valor_venda),
  numero_venda: z
    .string()
    .trim()
    .min(1, { error: 'Informe o número da venda (do recibo)' })
    .pipe(VendaBody.shape.numero_venda),
});
type NaoRegistradaValues = z.input<typeof NaoRegistradaForm>;
type NaoRegistradaChecked = z.output<typeof NaoRegistradaForm>;

/**
 * 'Minha compra não foi registrada': shop, date, value and receipt number, and optionally a
 * photo of the receipt. The photo is sent first (it stays private: the resident and the city's
 * admins see it), then the complaint names it; a photo already sent is not sent again when the
 * complaint is retried.
 */
export function NaoRegistradaDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const session = useSession();
  const abrir = useAbrirContestacao();
  const phone = useMediaQuery('(max-width: 36em)');
  const { control, handleSubmit } = useForm<NaoRegistradaValues, unknown, NaoRegistradaChecked>({
    resolver: zodResolver(NaoRegistradaForm),
    defaultValues: { id_estabelecimento: '', dat_venda: '', valor_venda: '', numero_venda: '' },
    // The first refused field takes the focus (react-hook-form's default, said here on purpose).
    shouldFocusError: true,
  });
  const [foto, setFoto] = useState<File | null>(null);
  const [enviada, setEnviada] = useState<{ file: File; imagem: string } | null>(null);
  const [enviandoFoto, setEnviandoFoto] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const show = (message: string) => setError((p) => ({ message, seq: (p?.seq ?? 0) + 1, tone: 'error' }));

  /** The photo's stored path: '' without one; null when sending it failed (the error is shown). */
  const fotoEnviada = async (): Promise<string | null> => {
    if (!foto) return '';
    if (enviada?.file === foto) return enviada.imagem;
    setEnviandoFoto(true);
    try {
      const imagem = await enviarComprovante(foto);
      setEnviada({ file: foto, imagem });
      return imagem;
    } catch (e) {
      show(describeError(e, 'Não foi possível enviar a foto do comprovante'));
      return null;
    } finally {
      setEnviandoFoto(false);
    }
  };

  const submit = handleSubmit(async (checked) => {
    setError(null);
    const parsed = ContestacaoBody.safeParse({ tipo: 'nao_registrada', ...checked });
    if (!parsed.success) return show(parsed.error.issues[0]?.message ?? 'Dados inválidos');
    const dados = parsed.data;
    if (dados.tipo !== 'nao_registrada') return;
    const refused = foto ? checkImageFile(foto) : null;
    if (refused) return show(refused);
    const imagem = await fotoEnviada();
    if (imagem === null) return;
    abrir.mutate(imagem ? { ...dados, imagem } : dados, {
      onSuccess: () =>
        onDone('Contestação enviada. A administração da cidade vai analisar e você será avisado.'),
      onError: (e) => show(describeError(e, 'Não foi possível enviar a contestação')),
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title="Minha compra não foi registrada"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Controller
            control={control}
            name="id_estabelecimento"
            render={({ field, fieldState }) => (
              <ShopSearchSelect
                codCidade={session?.cod_cidade ?? 0}
                label="Estabelecimento"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                required
              />
            )}
          />
          <Controller
            control={control}
            name="dat_venda"
            render={({ field, fieldState }) => (
              <DateInput
                label="Data da compra"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                required
              />
            )}
          />
          <Controller
            control={control}
            name="valor_venda"
            render={({ field, fieldState }) => (
              <MoneyInput
                label="Valor"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                required
              />
            )}
          />
          <Controller
            control={control}
            name="numero_venda"
            render={({ field, fieldState }) => (
              <TextInput
                label="Número da venda (do recibo)"
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                maxLength={40}
                required
              />
            )}
          />
          <FileInput
            label="Foto do comprovante (opcional)"
            description="A nota ou o recibo. Só você e a administração da cidade podem ver a foto."
            placeholder="Escolher foto"
            accept="image/*"
            value={foto}
            onChange={setFoto}
            clearable
            clearButtonProps={{ 'aria-label': 'Remover a foto do comprovante' }}
          />
          {enviandoFoto ? (
            <Text size="sm" role="status">
              Enviando a foto do comprovante…
            </Text>
          ) : null}
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={enviandoFoto || abrir.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Minhas contestações': each with its status and the admin's reason once decided. */
export function MinhasContestacoes() {
  const query = useMinhasContestacoes();
  const [comprovante, setComprovante] = useState<Contestacao | null>(null);
  let content;
  if (query.isPending) {
    content = <Skeleton h={80} role="status" aria-label="Carregando contestações…" />;
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar suas contestações."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <EmptyState>Você não tem contestações.</EmptyState>;
  } else {
    content = (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Minhas contestações"
      >
        {query.data.map((c) => (
          <li key={c.id_contestacao}>
            <Card withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{TIPO_LABEL[c.tipo]}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.nome_estabelecimento} · {formatDate(c.dat_venda)} · {formatMoney(c.valor_venda)} ·
                    Venda {c.numero_venda}
                  </Text>
                  {c.motivo ? <Text size="sm">Motivo: {c.motivo}</Text> : null}
                  {c.imagem ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      px={0}
                      w="fit-content"
                      onClick={() => setComprovante(c)}
                      aria-label={`Ver comprovante da compra ${c.numero_venda} em ${c.nome_estabelecimento}`}
                    >
                      Ver comprovante
                    </Button>
                  ) : null}
                </Stack>
                <StatusContestacaoBadge status={c.status} />
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="minhas-contestacoes">
      <Title order={2} fz="h4" id="minhas-contestacoes">
        Minhas contestações
      </Title>
      {content}
      {comprovante ? (
        <ComprovanteDialog
          idContestacao={comprovante.id_contestacao}
          resumo={`Venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}, ${formatDate(comprovante.dat_venda)}, ${formatMoney(comprovante.valor_venda)}.`}
          alt={`Foto do comprovante da venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}`}
          onClose={() => setComprovante(null)}
        />
      ) : null}
    </Stack>
  );
}
