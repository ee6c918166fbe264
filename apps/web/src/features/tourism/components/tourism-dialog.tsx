import { NativeSelect, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { TOURISM_DESCRIPTION_MAX, TOURISM_TYPES, type TurismoItem } from '@praca/contract';
import { DateInput } from '@/components/date-input';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { pictureField, URL_FIELD } from '@/components/editor/fields';
import { useEditor, type CityEditorProps, type EditorTexts } from '@/components/editor/use-editor';
import { ImageUpload } from '@/components/image-upload';
import { useCreateTurismo } from '../api/create-turismo';
import { useDeleteTurismo } from '../api/delete-turismo';
import { useTurismoItemAdm } from '../api/get-turismo-item-adm';
import { useUpdateTurismo } from '../api/update-turismo';
import { newTourismValues, toTurismoBody, tourismValues, type TourismFormValues } from './tourism-form';

/** Spec §9: the tourism picture's box. */
const TOURISM_PICTURE = pictureField('imgtur', [640, 480]);

const TYPE_OPTIONS = TOURISM_TYPES.map((label, i) => ({ value: String(i), label }));
/** A coordinate is typed as a decimal number. */
const COORDINATE = { inputMode: 'decimal', autoComplete: 'off' } as const;

type TourismDialogProps = CityEditorProps<TurismoItem> & {
  /** The type a new item starts with (the list's filter). */
  tipoInicial?: number;
};

const TEXTS: EditorTexts = {
  saved: 'Item salvo',
  deleted: 'Item excluído',
  loading: 'Carregando item de turismo…',
  loadError: 'Não foi possível carregar o item de turismo.',
};

/**
 * Create or edit a tourism item in the general editor dialog (spec §2, issue 7): description,
 * type, picture (640×480), site, active flag, coordinates (8 decimals) and validity. The
 * contract's TurismoBody checks everything before any call; the first issue or the server's
 * `erro` shows in the red alert.
 */
export function TourismDialog({ record: item, codCidade, tipoInicial = 0, onClose }: TourismDialogProps) {
  const idTurismo = item?.id_turismo ?? 0;
  const detalhe = useTurismoItemAdm(idTurismo);
  const editor = useEditor({
    id: idTurismo,
    query: detalhe,
    initial: idTurismo > 0 ? detalhe.data && tourismValues(detalhe.data) : newTourismValues(tipoInicial),
    check: (values: TourismFormValues) =>
      toTurismoBody(values, { idTurismo, codCidade: item?.cod_cidade ?? codCidade }),
    api: { create: useCreateTurismo(), update: useUpdateTurismo(), remove: useDeleteTurismo() },
    updateVars: (body) => ({ idTurismo, body }),
    texts: TEXTS,
    onClose,
  });
  const { values, text, control, mark, setField, busy } = editor;

  return (
    <EditorDialog title={item ? item.descricao : 'Novo item de turismo'} {...editor.dialog}>
      <TextInput
        label="Descrição"
        withAsterisk
        maxLength={TOURISM_DESCRIPTION_MAX}
        {...text('descricao')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NativeSelect label="Tipo" data={TYPE_OPTIONS} {...text('tipo')} />
        <DateInput
          label="Válido até"
          description="Em branco: sem prazo"
          {...control('validadeate')}
          error={mark('validadeate')}
        />
      </SimpleGrid>
      <ImageUpload label="Imagem" {...TOURISM_PICTURE} {...control('url_foto')} />
      <TextInput
        label="Site"
        description="Opcional: página com mais informações"
        {...URL_FIELD}
        {...text('url_site')}
      />
      <Switch
        label="Ativo"
        checked={values?.ind_ativo === 'S'}
        onChange={(e) => setField('ind_ativo', e.currentTarget.checked ? 'S' : 'N')}
        disabled={busy}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label="Latitude" placeholder="-23.96083000" {...COORDINATE} {...text('latitude')} />
        <TextInput label="Longitude" placeholder="-46.33361000" {...COORDINATE} {...text('longitude')} />
      </SimpleGrid>
    </EditorDialog>
  );
}
