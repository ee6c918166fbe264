import { Checkbox, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { PromocaoAdmin } from '@praca/contract';
import { PROMOTION_RULE_MAX } from '@praca/contract/plain';
import { DateInput } from '@/components/date-input';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { pictureField, URL_FIELD } from '@/components/editor/fields';
import { useEditor, type CityEditorProps, type EditorTexts } from '@/components/editor/use-editor';
import { ImageUpload } from '@/components/image-upload';
import { DecimalInput, MoneyInput } from '@/components/money-input';
import { describeError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCreatePromocao } from '../api/create-promocao';
import { useDeletePromocao } from '../api/delete-promocao';
import { useLojasOpcoesAdm } from '@/lib/api/get-lojas-opcoes-adm';
import { usePromocaoAdm } from '../api/get-promocao-adm';
import { useUpdatePromocao } from '../api/update-promocao';
import {
  PLAN_OPTIONS,
  newPromotionValues,
  promotionEndOf,
  promotionValues,
  toPromocaoBody,
  type PromotionFormValues,
} from './promotion-form';

export const PAID_NOTE = 'Somente o super-administrador marca a promoção como paga';
/** The promotion image's box (spec §9). */
const PROMOTION_PICTURE = pictureField('imgprom', [512, 512], [160, 160]);

const TEXTS: EditorTexts = {
  saved: 'Promoção salva',
  deleted: 'Promoção excluída',
  loading: 'Carregando promoção…',
  loadError: 'Não foi possível carregar a promoção.',
};

/**
 * Create or edit a promotion in the general editor dialog (spec §2, §3 Promotion, §4): shop,
 * start, exposure plan (days and price), the read-only end (start + plan − 1), paid (the
 * super-admin only), image 512 × 512, product link, discounts, minimum, product code and rule.
 * Saving sends the plan and the start; the server computes the end.
 */
export function PromotionDialog({ record: promocao, codCidade, onClose }: CityEditorProps<PromocaoAdmin>) {
  const idPromocao = promocao?.id_promocao ?? 0;
  const session = useSession();
  const superadmin = Boolean(session?.superadmin);
  const detalhe = usePromocaoAdm(idPromocao);
  const lojas = useLojasOpcoesAdm(codCidade);
  const editor = useEditor({
    id: idPromocao,
    query: detalhe,
    initial: idPromocao > 0 ? detalhe.data && promotionValues(detalhe.data) : newPromotionValues(),
    check: (values: PromotionFormValues) => toPromocaoBody(values, { superadmin }),
    api: { create: useCreatePromocao(), update: useUpdatePromocao(), remove: useDeletePromocao() },
    updateVars: (body) => ({ idPromocao, body }),
    texts: TEXTS,
    onClose,
  });
  const { values, text, control, mark, setField, busy } = editor;

  // The promotion's own shop stays selectable even beyond the first 100 of the city.
  const shopOptions = (lojas.data ?? []).map((l) => ({ value: String(l.id_estabelecimento), label: l.nome }));
  const own = detalhe.data ?? promocao;
  if (own && !shopOptions.some((o) => o.value === String(own.id_estabelecimento))) {
    shopOptions.unshift({ value: String(own.id_estabelecimento), label: own.nomeestabelecimento });
  }
  const plano = values?.plano_dias ?? null;

  return (
    <EditorDialog title={promocao ? `Promoção ${idPromocao}` : 'Nova promoção'} {...editor.dialog} size="xl">
      <NativeSelect
        label="Estabelecimento"
        withAsterisk
        data={[
          { value: '', label: lojas.isPending ? 'Carregando…' : 'Escolha o estabelecimento' },
          ...shopOptions,
        ]}
        {...text('id_estabelecimento')}
        error={mark('id_estabelecimento') || (lojas.isError ? describeError(lojas.error) : undefined)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <DateInput label="Início" withAsterisk {...control('dat_inicio')} error={mark('dat_inicio')} />
        <NativeSelect
          label="Plano de exposição"
          withAsterisk
          data={[...(plano === null ? [{ value: '', label: 'Escolha o plano' }] : []), ...PLAN_OPTIONS]}
          value={plano === null ? '' : String(plano)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setField('plano_dias', v ? Number(v) : null);
          }}
          error={mark('plano_dias')}
          disabled={busy}
        />
        <TextInput
          label="Fim"
          description="Início + dias do plano − 1"
          value={values ? formatDate(promotionEndOf(values)) : ''}
          readOnly
          tabIndex={-1}
        />
      </SimpleGrid>
      <Checkbox
        label="Pago"
        description={superadmin ? undefined : PAID_NOTE}
        checked={values?.pago ?? false}
        onChange={(e) => setField('pago', e.currentTarget.checked)}
        disabled={busy || !superadmin}
      />
      <ImageUpload label="Imagem" {...PROMOTION_PICTURE} {...control('imagem')} />
      <TextInput label="Link do produto" {...URL_FIELD} {...text('linkproduto')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <DecimalInput label="Valor do desconto" {...control('val_desconto')} error={mark('val_desconto')} />
        <DecimalInput
          label="Percentual de desconto"
          {...control('porc_desconto')}
          rightSection={<span aria-hidden="true">%</span>}
          error={mark('porc_desconto')}
        />
        <MoneyInput label="Valor mínimo" {...control('val_minimo')} error={mark('val_minimo')} />
      </SimpleGrid>
      <TextInput label="Código do produto" maxLength={60} {...text('cod_produto')} />
      <Textarea
        label="Regra"
        description={`${values?.regra.length ?? 0}/${PROMOTION_RULE_MAX} caracteres`}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={PROMOTION_RULE_MAX}
        {...text('regra')}
      />
    </EditorDialog>
  );
}
