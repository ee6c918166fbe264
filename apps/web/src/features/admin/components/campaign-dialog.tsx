import { useCallback, useState } from 'react';
import { SimpleGrid, Skeleton, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { EditorDialog, useEditorError } from '@/components/editor-dialog';
import { ImageUpload } from '@/components/image-upload';
import { ErrorState } from '@/components/query-states';
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
  type CampaignField,
  type CampaignFormValues,
} from './campaign-form';
import { CampaignShops, type ShopChange } from './campaign-shops';
import { useEditorActions } from './use-editor-actions';

export const CAMPAIGN_SAVED = 'Campanha salva';
export const CAMPAIGN_DELETED = 'Campanha excluída';
/** The banner's box (the image service resizes into it). */
export const BANNER_SIZE = { largura: 1024, altura: 512 };

interface CampaignDialogProps {
  /** null: a new campaign. */
  campanha: CampanhaAdmin | null;
  /** The admin city, where a new campaign goes. */
  codCidade: number;
  onClose: () => void;
}

/**
 * Create or edit a campaign in the general editor dialog (spec §2, §4 Editors): description,
 * validity, link, banner and every shop of the city with 'Participa' and its factors. The
 * contract's schema and the date order are checked before any call; the server's `erro`
 * shows in the same red alert.
 */
export function CampaignDialog({ campanha, codCidade, onClose }: CampaignDialogProps) {
  const idCampanha = campanha?.id_campanha ?? 0;
  const detalhe = useCampanhaAdm(idCampanha);
  const novas = useCampanhaLojas(0, codCidade, idCampanha === 0);
  const source = idCampanha > 0 ? detalhe : novas;

  const [values, setValues] = useState<CampaignFormValues | null>(null);
  const [invalid, setInvalid] = useState<CampaignField | null>(null);
  const [filter, setFilter] = useState('');
  const { error, show, clear } = useEditorError();
  const create = useCreateCampanha();
  const update = useUpdateCampanha();
  const remove = useDeleteCampanha();
  const { submit, destroy, busy } = useEditorActions({
    id: idCampanha,
    create,
    update,
    remove,
    updateVars: (body) => ({ idCampanha, body }),
    savedText: CAMPAIGN_SAVED,
    deletedText: CAMPAIGN_DELETED,
    onClose,
    show,
    clear,
  });

  // The form starts once from what the server answered; later refetches never overwrite it.
  if (values === null) {
    if (idCampanha > 0 && detalhe.data) setValues(campaignValues(detalhe.data));
    else if (idCampanha === 0 && novas.data) setValues(newCampaignValues(novas.data));
  }

  const setField = <K extends keyof Omit<CampaignFormValues, 'lojas'>>(
    key: K,
    value: CampaignFormValues[K],
  ) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setInvalid((f) => (f === key ? null : f));
  };

  const onShopChange = useCallback<ShopChange>((id, change) => {
    setValues((v) =>
      v
        ? {
            ...v,
            lojas: v.lojas.map((l) => {
              if (l.id_estabelecimento !== id) return l;
              return 'participa' in change ? setParticipa(l, change.participa) : { ...l, ...change };
            }),
          }
        : v,
    );
    setInvalid((f) => (f?.startsWith(`loja:${id}:`) ? null : f));
  }, []);

  function save() {
    if (!values) return;
    const checked = toCampanhaBody(values, {
      idCampanha,
      codCidade: campanha?.cod_cidade ?? codCidade,
    });
    if (!checked.ok) {
      setInvalid(checked.campo ?? null);
      // A refused shop hidden by the filter comes back into view.
      if (checked.campo?.startsWith('loja:')) setFilter('');
      show(checked.erro);
      return;
    }
    setInvalid(null);
    submit(checked.body);
  }

  let content;
  if (values) {
    content = (
      <>
        <TextInput
          label="Descrição"
          withAsterisk
          maxLength={120}
          value={values.den_campanha}
          onChange={(e) => setField('den_campanha', e.currentTarget.value)}
          error={invalid === 'den_campanha'}
          disabled={busy}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Início"
            type="date"
            withAsterisk
            value={values.validade_ini}
            onChange={(e) => setField('validade_ini', e.currentTarget.value)}
            error={invalid === 'validade_ini'}
            disabled={busy}
          />
          <TextInput
            label="Fim"
            type="date"
            withAsterisk
            value={values.validade_fim}
            onChange={(e) => setField('validade_fim', e.currentTarget.value)}
            error={invalid === 'validade_fim'}
            disabled={busy}
          />
        </SimpleGrid>
        <TextInput
          label="Link"
          description="Opcional: página com o regulamento ou mais detalhes"
          placeholder="https://"
          type="url"
          inputMode="url"
          maxLength={300}
          value={values.link}
          onChange={(e) => setField('link', e.currentTarget.value)}
          error={invalid === 'link'}
          disabled={busy}
        />
        <ImageUpload
          label="Banner"
          dir="imgban"
          size={BANNER_SIZE}
          value={values.banner}
          onChange={(path) => setField('banner', path)}
          previewWidth={320}
          previewHeight={160}
          description="Imagem de 1024 × 512 pixels, exibida no início e no painel"
          disabled={busy}
        />
        <CampaignShops
          lojas={values.lojas}
          filter={filter}
          onFilter={setFilter}
          invalid={invalid}
          disabled={busy}
          onChange={onShopChange}
        />
      </>
    );
  } else if (source.isError) {
    content = (
      <ErrorState
        title={
          idCampanha > 0
            ? 'Não foi possível carregar a campanha.'
            : 'Não foi possível carregar os estabelecimentos da cidade.'
        }
        error={source.error}
        onRetry={() => void source.refetch()}
        retrying={source.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando campanha…</VisuallyHidden>
        <Skeleton h={56} />
        <SimpleGrid cols={2} spacing="md">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </SimpleGrid>
        <Skeleton h={56} />
        <Skeleton h={160} />
      </Stack>
    );
  }

  return (
    <EditorDialog
      opened
      onClose={onClose}
      title={campanha ? campanha.den_campanha : 'Nova campanha'}
      recordId={idCampanha}
      onSave={save}
      onDelete={idCampanha > 0 ? destroy : undefined}
      busy={busy}
      error={error}
      onErrorClose={clear}
      size="xl"
    >
      {content}
    </EditorDialog>
  );
}
