import { useState } from 'react';
import { NativeSelect, SimpleGrid, Skeleton, Stack, Switch, TextInput, VisuallyHidden } from '@mantine/core';
import { TOURISM_DESCRIPTION_MAX, TOURISM_TYPES, type TurismoItem } from '@praca/contract';
import { EditorDialog, useEditorError } from '@/components/editor-dialog';
import { ImageUpload } from '@/components/image-upload';
import { ErrorState } from '@/components/query-states';
import { useCreateTurismo } from '../api/create-turismo';
import { useDeleteTurismo } from '../api/delete-turismo';
import { useTurismoItemAdm } from '../api/get-turismo-item-adm';
import { useUpdateTurismo } from '../api/update-turismo';
import {
  newTourismValues,
  toTurismoBody,
  tourismValues,
  type TourismField,
  type TourismFormValues,
} from './tourism-form';
import { useEditorActions } from './use-editor-actions';

export const TOURISM_SAVED = 'Item salvo';
export const TOURISM_DELETED = 'Item excluído';
/** Spec §9: the tourism picture's box. */
export const TOURISM_IMAGE_SIZE = { largura: 640, altura: 480 };

interface TourismDialogProps {
  /** null: a new item. */
  item: TurismoItem | null;
  /** The admin city, where a new item goes. */
  codCidade: number;
  /** The type a new item starts with (the list's filter). */
  tipoInicial?: number;
  onClose: () => void;
}

/**
 * Create or edit a tourism item in the general editor dialog (spec §2, issue 7): description,
 * type, picture (640×480), site, active flag, coordinates (8 decimals) and validity. The
 * contract's TurismoBody checks everything before any call; the first issue or the server's
 * `erro` shows in the red alert.
 */
export function TourismDialog({ item, codCidade, tipoInicial = 0, onClose }: TourismDialogProps) {
  const idTurismo = item?.id_turismo ?? 0;
  const detalhe = useTurismoItemAdm(idTurismo);
  const [values, setValues] = useState<TourismFormValues | null>(() =>
    idTurismo > 0 ? null : newTourismValues(tipoInicial),
  );
  const [invalid, setInvalid] = useState<TourismField | null>(null);
  const { error, show, clear } = useEditorError();
  const create = useCreateTurismo();
  const update = useUpdateTurismo();
  const remove = useDeleteTurismo();
  const { submit, destroy, busy } = useEditorActions({
    id: idTurismo,
    create,
    update,
    remove,
    updateVars: (body) => ({ idTurismo, body }),
    savedText: TOURISM_SAVED,
    deletedText: TOURISM_DELETED,
    onClose,
    show,
    clear,
  });

  // The form starts once from what the server answered; later refetches never overwrite it.
  if (values === null && detalhe.data) setValues(tourismValues(detalhe.data));

  const setField = <K extends TourismField>(key: K, value: TourismFormValues[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setInvalid((f) => (f === key ? null : f));
  };

  function save() {
    if (!values) return;
    const checked = toTurismoBody(values, { idTurismo, codCidade: item?.cod_cidade ?? codCidade });
    if (!checked.ok) {
      setInvalid(checked.campo);
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
          maxLength={TOURISM_DESCRIPTION_MAX}
          value={values.descricao}
          onChange={(e) => setField('descricao', e.currentTarget.value)}
          error={invalid === 'descricao'}
          disabled={busy}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NativeSelect
            label="Tipo"
            value={values.tipo}
            onChange={(e) => setField('tipo', e.currentTarget.value)}
            data={TOURISM_TYPES.map((label, i) => ({ value: String(i), label }))}
            error={invalid === 'tipo'}
            disabled={busy}
          />
          <TextInput
            label="Válido até"
            description="Em branco: sem prazo"
            type="date"
            value={values.validadeate}
            onChange={(e) => setField('validadeate', e.currentTarget.value)}
            error={invalid === 'validadeate'}
            disabled={busy}
          />
        </SimpleGrid>
        <ImageUpload
          label="Imagem"
          dir="imgtur"
          size={TOURISM_IMAGE_SIZE}
          value={values.url_foto}
          onChange={(path) => setField('url_foto', path)}
          description="Imagem de 640 × 480 pixels"
          disabled={busy}
        />
        <TextInput
          label="Site"
          description="Opcional: página com mais informações"
          placeholder="https://"
          type="url"
          inputMode="url"
          maxLength={300}
          value={values.url_site}
          onChange={(e) => setField('url_site', e.currentTarget.value)}
          error={invalid === 'url_site'}
          disabled={busy}
        />
        <Switch
          label="Ativo"
          checked={values.ind_ativo === 'S'}
          onChange={(e) => setField('ind_ativo', e.currentTarget.checked ? 'S' : 'N')}
          disabled={busy}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Latitude"
            placeholder="-23.96083000"
            inputMode="decimal"
            autoComplete="off"
            value={values.latitude}
            onChange={(e) => setField('latitude', e.currentTarget.value)}
            error={invalid === 'latitude'}
            disabled={busy}
          />
          <TextInput
            label="Longitude"
            placeholder="-46.33361000"
            inputMode="decimal"
            autoComplete="off"
            value={values.longitude}
            onChange={(e) => setField('longitude', e.currentTarget.value)}
            error={invalid === 'longitude'}
            disabled={busy}
          />
        </SimpleGrid>
      </>
    );
  } else if (detalhe.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar o item de turismo."
        error={detalhe.error}
        onRetry={() => void detalhe.refetch()}
        retrying={detalhe.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando item de turismo…</VisuallyHidden>
        <Skeleton h={56} />
        <SimpleGrid cols={2} spacing="md">
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
      title={item ? item.descricao : 'Novo item de turismo'}
      recordId={idTurismo}
      onSave={save}
      onDelete={idTurismo > 0 ? destroy : undefined}
      busy={busy}
      error={error}
      onErrorClose={clear}
    >
      {content}
    </EditorDialog>
  );
}
