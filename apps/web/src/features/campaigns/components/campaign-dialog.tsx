import { useCallback, useState } from 'react';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { DateInput } from '@/components/date-input';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { pictureField, URL_FIELD } from '@/components/editor/fields';
import { useEditor, type CityEditorProps, type EditorTexts } from '@/components/editor/use-editor';
import { ImageUpload } from '@/components/image-upload';
import { MoneyInput } from '@/components/money-input';
import { useCreateCampanha } from '../api/create-campanha';
import { useDeleteCampanha } from '../api/delete-campanha';
import { useCampanhaAdm } from '../api/get-campanha-adm';
import { useCampanhaLojas } from '../api/get-campanha-lojas';
import { useUpdateCampanha } from '../api/update-campanha';
import {
  campaignValues,
  newCampaignValues,
  setParticipa,
  toCampanhaBody,
  type CampaignFormValues,
} from './campaign-form';
import { CampaignShops, type ShopChange } from './campaign-shops';

/** The banner's box (the image service resizes into it). */
const BANNER = pictureField('imgban', [1024, 512], [320, 160], ', exibida no início e no painel');

const TEXTS: EditorTexts = {
  saved: 'Campanha salva',
  deleted: 'Campanha excluída',
  loading: 'Carregando campanha…',
  loadError: 'Não foi possível carregar a campanha.',
};
/** A new campaign lists every shop of the city: their error. */
const SHOPS_LOAD_ERROR = 'Não foi possível carregar os estabelecimentos da cidade.';

/**
 * Create or edit a campaign in the general editor dialog (spec §2, §4 Editors): description,
 * validity, link, banner and every shop of the city with 'Participa' and its factors. The
 * contract's schema and the date order are checked before any call; the server's `erro`
 * shows in the same red alert.
 */
export function CampaignDialog({ record: campanha, codCidade, onClose }: CityEditorProps<CampanhaAdmin>) {
  const idCampanha = campanha?.id_campanha ?? 0;
  const detalhe = useCampanhaAdm(idCampanha);
  const novas = useCampanhaLojas(0, codCidade, idCampanha === 0);
  const [filter, setFilter] = useState('');
  const editor = useEditor({
    id: idCampanha,
    query: idCampanha > 0 ? detalhe : novas,
    initial:
      idCampanha > 0
        ? detalhe.data && campaignValues(detalhe.data)
        : novas.data && newCampaignValues(novas.data),
    check: (values: CampaignFormValues) =>
      toCampanhaBody(values, { idCampanha, codCidade: campanha?.cod_cidade ?? codCidade }),
    // A refused shop hidden by the filter comes back into view.
    onRefused: (campo) => {
      if (campo?.startsWith('loja:')) setFilter('');
    },
    api: { create: useCreateCampanha(), update: useUpdateCampanha(), remove: useDeleteCampanha() },
    updateVars: (body) => ({ idCampanha, body }),
    texts: idCampanha > 0 ? TEXTS : { ...TEXTS, loadError: SHOPS_LOAD_ERROR },
    onClose,
  });
  const { values, text, control, mark, invalid, busy, update, clearMark, setField } = editor;

  const onShopChange = useCallback<ShopChange>(
    (id, change) => {
      update((v) => ({
        ...v,
        lojas: v.lojas.map((l) => {
          if (l.id_estabelecimento !== id) return l;
          return 'participa' in change ? setParticipa(l, change.participa) : { ...l, ...change };
        }),
      }));
      clearMark(`loja:${id}:fator_sorteio`);
      clearMark(`loja:${id}:fator_cashback`);
    },
    [update, clearMark],
  );

  return (
    <EditorDialog title={campanha ? campanha.den_campanha : 'Nova campanha'} {...editor.dialog} size="xl">
      <TextInput label="Descrição" withAsterisk maxLength={120} {...text('den_campanha')} data-autofocus />
      <SimpleGrid cols={2} spacing="md">
        <DateInput label="Início" withAsterisk {...control('validade_ini')} error={mark('validade_ini')} />
        <DateInput label="Fim" withAsterisk {...control('validade_fim')} error={mark('validade_fim')} />
      </SimpleGrid>
      <TextInput
        label="Link"
        description="Opcional: página com o regulamento ou mais detalhes"
        {...URL_FIELD}
        {...text('link')}
      />
      <ImageUpload label="Banner" {...BANNER} {...control('banner')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Vendas por dia na mesma loja"
          description="Por pessoa; vazio = sem limite"
          inputMode="numeric"
          {...text('limite_vendas_dia_loja')}
        />
        <TextInput
          label="Cupons por mês"
          description="Por pessoa; vazio = sem limite"
          inputMode="numeric"
          {...text('limite_cupons_mes')}
        />
        <MoneyInput
          label="Valor por dia"
          description="Por pessoa; vazio = sem limite"
          {...control('limite_valor_dia')}
          error={mark('limite_valor_dia')}
        />
      </SimpleGrid>
      <TextInput
        label="Cupons para a entidade escolhida (%)"
        description="Parte dos cupons de cada venda que vai para a entidade social escolhida pelo morador; 0 = nenhuma. Só muda antes da primeira venda."
        inputMode="numeric"
        maw={360}
        {...text('pct_entidade')}
      />
      <Checkbox
        label="Exige nota fiscal (NFC-e)"
        description="Cada venda da campanha precisa da chave da nota fiscal do cliente; cada loja participante precisa ter o CNPJ da nota cadastrado."
        checked={values?.exige_nfce ?? false}
        onChange={(e) => setField('exige_nfce', e.currentTarget.checked)}
        disabled={busy}
      />
      <CampaignShops
        lojas={values?.lojas ?? []}
        filter={filter}
        onFilter={setFilter}
        invalid={invalid}
        disabled={busy}
        onChange={onShopChange}
      />
    </EditorDialog>
  );
}
