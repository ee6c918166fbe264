import { useId, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatCnpj, PromotorBody, type PromotorCidade } from '@praca/contract';
import { notifySuccess } from '@/lib/notify';
import { contractResolver } from '@/components/editor/contract-check';
import { ErrorState } from '@/components/query-states';
import { describeError } from '@/lib/api-client';
import { usePromotor, useSalvarPromotor } from '../api/promotor';
import { FormModal, useShown } from './dialog-form';

interface PromotorSectionProps {
  codCidade: number;
  /** The super-admin: may change the promoter (everyone else reads it). */
  canEdit: boolean;
}

/** Both fields set: the promoter the edital and the ata name. */
const configurado = (p: PromotorCidade) => Boolean(p.promotor_nome && p.promotor_cnpj);

/**
 * 'Promotor das apurações' (issue 49): the city's promoter, named with its CNPJ in the edital
 * and the ata; the super-admin edits it here.
 */
export function PromotorSection({ codCidade, canEdit }: PromotorSectionProps) {
  const titleId = useId();
  const promotor = usePromotor(codCidade);
  const [editing, setEditing] = useState(false);

  let content;
  if (promotor.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar o promotor das apurações."
        error={promotor.error}
        onRetry={() => void promotor.refetch()}
        retrying={promotor.isFetching}
      />
    );
  } else if (promotor.isPending) {
    content = (
      <Stack gap={4} role="status">
        <VisuallyHidden>Carregando o promotor…</VisuallyHidden>
        <Skeleton h={20} radius="sm" maw={420} />
      </Stack>
    );
  } else if (configurado(promotor.data)) {
    content = (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {`Promotor: ${promotor.data.promotor_nome} — CNPJ ${promotor.data.promotor_cnpj}`}
      </Text>
    );
  } else {
    content = (
      <Text size="sm" c="sol.9" fw={600}>
        Promotor ainda não configurado: o edital e a ata sairão sem ele.
      </Text>
    );
  }

  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="center">
          <Title order={2} fz="h5" id={titleId}>
            Promotor das apurações
          </Title>
          {canEdit && promotor.isSuccess ? (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Editar promotor
            </Button>
          ) : null}
        </Group>
        {content}
      </Stack>
      {editing && promotor.data ? (
        <PromotorDialog
          promotor={promotor.data}
          onClose={() => setEditing(false)}
          onDone={(message) => {
            setEditing(false);
            notifySuccess(message);
          }}
        />
      ) : null}
    </Paper>
  );
}

type PromotorIn = z.input<typeof PromotorBody>;
type PromotorOut = z.output<typeof PromotorBody>;

interface PromotorDialogProps {
  promotor: PromotorCidade;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * 'Editar promotor': the name and the CNPJ (numeric or alphanumeric), checked with the
 * contract; full screen on a phone, the API's refusal next to its buttons.
 */
function PromotorDialog({ promotor, onClose, onDone }: PromotorDialogProps) {
  const salvar = useSalvarPromotor();
  const { shown, show, clear } = useShown();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<PromotorIn, unknown, PromotorOut>({
    resolver: contractResolver(PromotorBody),
    defaultValues: {
      promotor_nome: promotor.promotor_nome ?? '',
      promotor_cnpj: promotor.promotor_cnpj ?? '',
    },
  });
  const cidade = `${promotor.cidade}/${promotor.uf}`;

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      const salvo = await salvar.mutateAsync({ codCidade: promotor.cod_cidade, body });
      onDone(`Promotor das apurações de ${cidade} salvo: ${salvo.promotor_nome ?? body.promotor_nome}.`);
    } catch (e) {
      show(describeError(e, 'Não foi possível salvar o promotor.'));
    }
  });

  return (
    <FormModal
      title="Editar promotor"
      submitText="Salvar"
      busy={salvar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <Text size="sm">
        O promotor das apurações de {cidade} sai com o CNPJ no edital e na ata de cada apuração.
      </Text>
      <TextInput
        label="Nome do promotor"
        aria-required
        withAsterisk
        maxLength={200}
        autoComplete="off"
        data-autofocus
        error={errors.promotor_nome?.message}
        {...register('promotor_nome')}
      />
      <TextInput
        label="CNPJ do promotor"
        description="Numérico ou alfanumérico"
        aria-required
        withAsterisk
        placeholder="00.000.000/0000-00"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={18}
        error={errors.promotor_cnpj?.message}
        {...register('promotor_cnpj', {
          // Masked as it is printed, once typed (letters upper-cased).
          onBlur: (e: { target: HTMLInputElement }) => setValue('promotor_cnpj', formatCnpj(e.target.value)),
        })}
      />
    </FormModal>
  );
}
