import { useState } from 'react';
import { Box, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type AvisoAdmin } from '@praca/contract';
import { DateInput, brOfIso } from '@/components/date-input';
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
import { isExpired, newNoticeValues, noticeValues, toAvisoBody, type NoticeFormValues } from './notice-form';

/** The notice image's box (spec §9). */
const NOTICE_PICTURE = pictureField('imgban', [200, 200], [120, 120]);

const TEXTS: EditorTexts = {
  saved: 'Aviso salvo',
  deleted: 'Aviso excluído',
  loading: 'Carregando aviso…',
  loadError: 'Não foi possível carregar o aviso.',
};

const EXPIRED_TITLE = 'Aviso já vencido';

/**
 * Create or edit a notice in the general editor dialog (spec §2 Avisos): id, city, title,
 * message (simple HTML, with a sanitised preview), image 200 × 200 and validity. The
 * contract's schema is checked before any call; the server's `erro` shows in the same alert.
 */
export function NoticeDialog({ record: aviso, codCidade, onClose }: CityEditorProps<AvisoAdmin>) {
  const idAviso = aviso?.id_aviso ?? 0;
  const detalhe = useAvisoAdm(idAviso);
  const cityName = useAdminCityName(aviso?.cod_cidade ?? codCidade);
  const check = (values: NoticeFormValues) =>
    toAvisoBody(values, { codCidade: idAviso > 0 ? undefined : codCidade });
  const editor = useEditor({
    id: idAviso,
    query: detalhe,
    initial: idAviso > 0 ? detalhe.data && noticeValues(detalhe.data) : newNoticeValues(),
    check,
    api: { create: useCreateAviso(), update: useUpdateAviso(), remove: useDeleteAviso() },
    updateVars: (body) => ({ idAviso, body }),
    texts: TEXTS,
    onClose,
  });
  const { values, text, control, mark } = editor;
  const preview = values ? noticeBodyHtml(values.body) : '';
  // A notice that passes every check but whose validity has passed is saved only once confirmed.
  const [askExpired, setAskExpired] = useState<string | null>(null);
  const onSave = () => {
    if (values && isExpired(values.validade) && check(values).ok) setAskExpired(values.validade);
    else editor.save();
  };

  return (
    <>
      <EditorDialog title={aviso ? aviso.title : 'Novo aviso'} {...editor.dialog} onSave={onSave}>
        <SimpleGrid cols={idAviso > 0 ? 2 : 1} spacing="md">
          {idAviso > 0 ? <TextInput label="Id" value={String(idAviso)} readOnly /> : null}
          <TextInput label="Cidade" value={cityName} readOnly />
        </SimpleGrid>
        <TextInput
          label="Título"
          withAsterisk
          maxLength={NOTICE_TITLE_MAX}
          {...text('title')}
          data-autofocus
        />
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
        <DateInput label="Validade" withAsterisk {...control('validade')} error={mark('validade')} />
      </EditorDialog>
      <Modal
        opened={askExpired !== null}
        onClose={() => setAskExpired(null)}
        title={EXPIRED_TITLE}
        size="sm"
        centered
        zIndex={300}
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="md">
          <Text>
            A validade {askExpired ? brOfIso(askExpired) : ''} já passou: ninguém verá este aviso. Salvar
            mesmo assim?
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAskExpired(null)} data-autofocus>
              Voltar
            </Button>
            <Button
              onClick={() => {
                setAskExpired(null);
                editor.save();
              }}
            >
              Salvar mesmo assim
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
