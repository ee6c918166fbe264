import { Box, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type AvisoAdmin } from '@praca/contract';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { useEditor, type CityEditorProps, type EditorTexts } from '@/components/editor/use-editor';
import { pictureField } from '@/components/editor/fields';
import { ImageUpload } from '@/components/image-upload';
import { useAdminCityName } from '@/lib/api/get-admin-cidades';
import { noticeBodyHtml } from '@/lib/sanitize-html';
import { useCreateAviso } from '../api/create-aviso';
import { useDeleteAviso } from '../api/delete-aviso';
import { useAvisoAdm } from '../api/get-aviso-adm';
import { useUpdateAviso } from '../api/update-aviso';
import { newNoticeValues, noticeValues, toAvisoBody, type NoticeFormValues } from './notice-form';

/** The notice image's box (spec §9). */
const NOTICE_PICTURE = pictureField('imgban', [200, 200], [120, 120]);

const TEXTS: EditorTexts = {
  saved: 'Aviso salvo',
  deleted: 'Aviso excluído',
  loading: 'Carregando aviso…',
  loadError: 'Não foi possível carregar o aviso.',
};

/**
 * Create or edit a notice in the general editor dialog (spec §2 Avisos): id, city, title,
 * message (simple HTML, with a sanitised preview), image 200 × 200 and validity. The
 * contract's schema is checked before any call; the server's `erro` shows in the same alert.
 */
export function NoticeDialog({ record: aviso, codCidade, onClose }: CityEditorProps<AvisoAdmin>) {
  const idAviso = aviso?.id_aviso ?? 0;
  const detalhe = useAvisoAdm(idAviso);
  const cityName = useAdminCityName(aviso?.cod_cidade ?? codCidade);
  const editor = useEditor({
    id: idAviso,
    query: detalhe,
    initial: idAviso > 0 ? detalhe.data && noticeValues(detalhe.data) : newNoticeValues(),
    check: (values: NoticeFormValues) =>
      toAvisoBody(values, { codCidade: idAviso > 0 ? undefined : codCidade }),
    api: { create: useCreateAviso(), update: useUpdateAviso(), remove: useDeleteAviso() },
    updateVars: (body) => ({ idAviso, body }),
    texts: TEXTS,
    onClose,
  });
  const { values, text, control } = editor;
  const preview = values ? noticeBodyHtml(values.body) : '';

  return (
    <EditorDialog title={aviso ? aviso.title : 'Novo aviso'} {...editor.dialog}>
      <SimpleGrid cols={idAviso > 0 ? 2 : 1} spacing="md">
        {idAviso > 0 ? <TextInput label="Id" value={String(idAviso)} readOnly /> : null}
        <TextInput label="Cidade" value={cityName} readOnly />
      </SimpleGrid>
      <TextInput label="Título" withAsterisk maxLength={NOTICE_TITLE_MAX} {...text('title')} data-autofocus />
      <Textarea
        label="Mensagem"
        description="Texto do aviso; aceita HTML simples (negrito, itálico, links)"
        autosize
        minRows={4}
        maxRows={12}
        maxLength={NOTICE_BODY_MAX}
        {...text('body')}
      />
      {preview.trim() ? (
        <Box>
          <Text size="sm" fw={500} mb={4}>
            Pré-visualização
          </Text>
          <Box
            p="sm"
            fz="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 4,
              overflowWrap: 'anywhere',
            }}
            data-testid="notice-preview"
            // Sanitised right here by DOMPurify (src/lib/sanitize-html.ts).
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </Box>
      ) : null}
      <ImageUpload label="Imagem" {...NOTICE_PICTURE} {...control('image')} />
      <TextInput label="Validade" type="date" withAsterisk {...text('validade')} />
    </EditorDialog>
  );
}
