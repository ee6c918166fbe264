import { useState } from 'react';
import {
  Checkbox,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Textarea,
  VisuallyHidden,
  type NumberInputProps,
} from '@mantine/core';
import type { PromocaoAdmin } from '@praca/contract';
import { PROMOTION_RULE_MAX } from '@praca/contract/plain';
import { EditorDialog, useEditorError } from '@/components/editor-dialog';
import { ImageUpload } from '@/components/image-upload';
import { MoneyInput } from '@/components/money-input';
import { ErrorState } from '@/components/query-states';
import { describeError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCreatePromocao } from '../api/create-promocao';
import { useDeletePromocao } from '../api/delete-promocao';
import { useLojasOpcoesAdm } from '../api/get-lojas-opcoes-adm';
import { usePromocaoAdm } from '../api/get-promocao-adm';
import { useUpdatePromocao } from '../api/update-promocao';
import {
  PLAN_OPTIONS,
  newPromotionValues,
  promotionEndOf,
  promotionValues,
  toPromocaoBody,
  type DecimalValue,
  type PromotionField,
  type PromotionFormValues,
} from './promotion-form';
import { useEditorActions } from './use-editor-actions';

export const PROMOTION_SAVED = 'Promoção salva';
export const PROMOTION_DELETED = 'Promoção excluída';
export const PAID_NOTE = 'Somente o super-administrador marca a promoção como paga';
/** The promotion image's box (spec §9). */
export const PROMOTION_IMAGE_SIZE = { largura: 512, altura: 512 };
export const VAL_MINIMO_MAX = 1_000_000;

/** A decimal with 4 places, comma for decimals (spec §5). */
function DecimalInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: DecimalValue;
  onChange: (v: DecimalValue) => void;
}) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={onChange}
      decimalSeparator=","
      thousandSeparator="."
      allowedDecimalSeparators={[',']}
      decimalScale={4}
      allowNegative={false}
      hideControls
      inputMode="decimal"
    />
  );
}

interface PromotionDialogProps {
  /** null: a new promotion. */
  promocao: PromocaoAdmin | null;
  /** The admin city, whose shops the select offers. */
  codCidade: number;
  onClose: () => void;
}

/**
 * Create or edit a promotion in the general editor dialog (spec §2, §3 Promotion, §4): shop,
 * start, exposure plan (days and price), the read-only end (start + plan − 1), paid (the
 * super-admin only), image 512 × 512, product link, discounts, minimum, product code and rule.
 * Saving sends the plan and the start; the server computes the end.
 */
export function PromotionDialog({ promocao, codCidade, onClose }: PromotionDialogProps) {
  const idPromocao = promocao?.id_promocao ?? 0;
  const session = useSession();
  const superadmin = Boolean(session?.superadmin);
  const detalhe = usePromocaoAdm(idPromocao);
  const lojas = useLojasOpcoesAdm(codCidade);

  const [values, setValues] = useState<PromotionFormValues | null>(() =>
    idPromocao > 0 ? null : newPromotionValues(),
  );
  const [invalid, setInvalid] = useState<PromotionField | null>(null);
  const { error, show, clear } = useEditorError();
  const create = useCreatePromocao();
  const update = useUpdatePromocao();
  const remove = useDeletePromocao();
  const { submit, destroy, busy } = useEditorActions({
    id: idPromocao,
    create,
    update,
    remove,
    updateVars: (body) => ({ idPromocao, body }),
    savedText: PROMOTION_SAVED,
    deletedText: PROMOTION_DELETED,
    onClose,
    show,
    clear,
  });

  // The form starts once from what the server answered; later refetches never overwrite it.
  if (values === null && detalhe.data) setValues(promotionValues(detalhe.data));

  const setField = <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setInvalid((f) => (f === key ? null : f));
  };

  function save() {
    if (!values) return;
    const checked = toPromocaoBody(values, { superadmin });
    if (!checked.ok) {
      setInvalid(checked.campo ?? null);
      show(checked.erro);
      return;
    }
    setInvalid(null);
    submit(checked.body);
  }

  // The promotion's own shop stays selectable even beyond the first 100 of the city.
  const shopOptions = (lojas.data ?? []).map((l) => ({ value: String(l.id_estabelecimento), label: l.nome }));
  const own = detalhe.data ?? promocao;
  if (own && !shopOptions.some((o) => o.value === String(own.id_estabelecimento))) {
    shopOptions.unshift({ value: String(own.id_estabelecimento), label: own.nomeestabelecimento });
  }

  let content;
  if (values) {
    const fim = promotionEndOf(values);
    content = (
      <>
        <NativeSelect
          label="Estabelecimento"
          withAsterisk
          data={[
            { value: '', label: lojas.isPending ? 'Carregando…' : 'Escolha o estabelecimento' },
            ...shopOptions,
          ]}
          value={values.id_estabelecimento}
          onChange={(e) => setField('id_estabelecimento', e.currentTarget.value)}
          error={invalid === 'id_estabelecimento' || (lojas.isError ? describeError(lojas.error) : undefined)}
          disabled={busy}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label="Início"
            type="date"
            withAsterisk
            value={values.dat_inicio}
            onChange={(e) => setField('dat_inicio', e.currentTarget.value)}
            error={invalid === 'dat_inicio'}
            disabled={busy}
          />
          <NativeSelect
            label="Plano de exposição"
            withAsterisk
            data={[
              ...(values.plano_dias === null ? [{ value: '', label: 'Escolha o plano' }] : []),
              ...PLAN_OPTIONS,
            ]}
            value={values.plano_dias === null ? '' : String(values.plano_dias)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setField('plano_dias', v ? Number(v) : null);
            }}
            error={invalid === 'plano_dias'}
            disabled={busy}
          />
          <TextInput
            label="Fim"
            description="Início + dias do plano − 1"
            value={formatDate(fim)}
            readOnly
            tabIndex={-1}
          />
        </SimpleGrid>
        <Checkbox
          label="Pago"
          description={superadmin ? undefined : PAID_NOTE}
          checked={values.pago}
          onChange={(e) => setField('pago', e.currentTarget.checked)}
          disabled={busy || !superadmin}
        />
        <ImageUpload
          label="Imagem"
          dir="imgprom"
          size={PROMOTION_IMAGE_SIZE}
          value={values.imagem}
          onChange={(path) => setField('imagem', path)}
          previewWidth={160}
          previewHeight={160}
          description="Imagem de 512 × 512 pixels"
          disabled={busy}
        />
        <TextInput
          label="Link do produto"
          placeholder="https://"
          type="url"
          inputMode="url"
          maxLength={300}
          value={values.linkproduto}
          onChange={(e) => setField('linkproduto', e.currentTarget.value)}
          error={invalid === 'linkproduto'}
          disabled={busy}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <DecimalInput
            label="Valor do desconto"
            value={values.val_desconto}
            onChange={(v) => setField('val_desconto', v)}
            max={1_000_000}
            error={invalid === 'val_desconto'}
            disabled={busy}
          />
          <DecimalInput
            label="Percentual de desconto"
            value={values.porc_desconto}
            onChange={(v) => setField('porc_desconto', v)}
            max={100}
            clampBehavior="strict"
            rightSection={<span aria-hidden="true">%</span>}
            error={invalid === 'porc_desconto'}
            disabled={busy}
          />
          <MoneyInput
            label="Valor mínimo"
            value={values.val_minimo}
            onChange={(v) => setField('val_minimo', v)}
            max={VAL_MINIMO_MAX}
            error={invalid === 'val_minimo'}
            disabled={busy}
          />
        </SimpleGrid>
        <TextInput
          label="Código do produto"
          maxLength={60}
          value={values.cod_produto}
          onChange={(e) => setField('cod_produto', e.currentTarget.value)}
          error={invalid === 'cod_produto'}
          disabled={busy}
        />
        <Textarea
          label="Regra"
          description={`${values.regra.length}/${PROMOTION_RULE_MAX} caracteres`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={PROMOTION_RULE_MAX}
          value={values.regra}
          onChange={(e) => setField('regra', e.currentTarget.value)}
          error={invalid === 'regra'}
          disabled={busy}
        />
      </>
    );
  } else if (detalhe.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar a promoção."
        error={detalhe.error}
        onRetry={() => void detalhe.refetch()}
        retrying={detalhe.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando promoção…</VisuallyHidden>
        <Skeleton h={56} />
        <SimpleGrid cols={3} spacing="md">
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </SimpleGrid>
        <Skeleton h={160} />
      </Stack>
    );
  }

  return (
    <EditorDialog
      opened
      onClose={onClose}
      title={promocao ? `Promoção ${idPromocao}` : 'Nova promoção'}
      recordId={idPromocao}
      onSave={save}
      onDelete={idPromocao > 0 ? destroy : undefined}
      busy={busy}
      error={error}
      onErrorClose={clear}
      size="xl"
    >
      {content}
    </EditorDialog>
  );
}
