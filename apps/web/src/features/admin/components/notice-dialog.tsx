import { useState } from 'react';
import { Box, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type AvisoAdmin } from '@praca/contract';
import { EditorDialog, useEditorError } from '@/components/editor-dialog';
import { ImageUpload } from '@/components/image-upload';
import { ErrorState } from '@/components/query-states';
import { noticeBodyHtml } from '@/lib/sanitize-html';
import { useSession } from '@/lib/session';
import { useAdminCidades } from '../api/get-admin-cidades';
import { useCreateAviso } from '../api/create-aviso';
import { useDeleteAviso } from '../api/delete-aviso';
import { useAvisoAdm } from '../api/get-aviso-adm';
import { useUpdateAviso } from '../api/update-aviso';
import {
  newNoticeValues,
  noticeValues,
  toAvisoBody,
  type NoticeField,
  type NoticeFormValues,
} from './notice-form';
import { useEditorActions } from './use-editor-actions';

export const NOTICE_SAVED = 'Aviso salvo';
export const NOTICE_DELETED = 'Aviso excluído';
/** The notice image's box (spec §9). */
export const NOTICE_IMAGE_SIZE = { largura: 200, altura: 200 };

/** The name of a city for the read-only field: the super-admin's list, else the session's city. */
function useCityName(codCidade: number): string {
  const session = useSession();
  const cidades = useAdminCidades(Boolean(session?.superadmin));
  const found = cidades.data?.find((c) => c.cod_cidade === codCidade);
  if (found) return `${found.cidade} - ${found.uf}`;
  if (session && session.cod_cidade === codCidade && session.cidade) {
    return session.uf ? `${session.cidade} - ${session.uf}` : session.cidade;
  }
  return String(codCidade);
}

interface NoticeDialogProps {
  /** null: a new notice. */
  aviso: AvisoAdmin | null;
  /** The admin city, where a new notice goes. */
  codCidade: number;
  onClose: () => void;
}

/**
 * Create or edit a notice in the general editor dialog (spec §2 Avisos): id, city, title,
 * message (simple HTML, with a sanitised preview), image 200 × 200 and validity. The
 * contract's schema is checked before any call; the server's `erro` shows in the same alert.
 */
export function NoticeDialog({ aviso, codCidade, onClose }: NoticeDialogProps) {
  const idAviso = aviso?.id_aviso ?? 0;
  const detalhe = useAvisoAdm(idAviso);
  const cityName = useCityName(aviso?.cod_cidade ?? codCidade);

  const [values, setValues] = useState<NoticeFormValues | null>(() =>
    idAviso > 0 ? null : newNoticeValues(),
  );
  const [invalid, setInvalid] = useState<NoticeField | null>(null);
  const { error, show, clear } = useEditorError();
  const create = useCreateAviso();
  const update = useUpdateAviso();
  const remove = useDeleteAviso();
  const { submit, destroy, busy } = useEditorActions({
    id: idAviso,
    create,
    update,
    remove,
    updateVars: (body) => ({ idAviso, body }),
    savedText: NOTICE_SAVED,
    deletedText: NOTICE_DELETED,
    onClose,
    show,
    clear,
  });

  // The form starts once from what the server answered; later refetches never overwrite it.
  if (values === null && detalhe.data) setValues(noticeValues(detalhe.data));

  const setField = <K extends NoticeField>(key: K, value: NoticeFormValues[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setInvalid((f) => (f === key ? null : f));
  };

  function save() {
    if (!values) return;
    const checked = toAvisoBody(values, { codCidade: idAviso > 0 ? undefined : codCidade });
    if (!checked.ok) {
      setInvalid(checked.campo ?? null);
      show(checked.erro);
      return;
    }
    setInvalid(null);
    submit(checked.body);
  }

  let content;
  if (values) {
    const preview = noticeBodyHtml(values.body);
    content = (
      <>
        <SimpleGrid cols={idAviso > 0 ? 2 : 1} spacing="md">
          {idAviso > 0 ? <TextInput label="Id" value={String(idAviso)} readOnly /> : null}
          <TextInput label="Cidade" value={cityName} readOnly />
        </SimpleGrid>
        <TextInput
          label="Título"
          withAsterisk
          maxLength={NOTICE_TITLE_MAX}
          value={values.title}
          onChange={(e) => setField('title', e.currentTarget.value)}
          error={invalid === 'title'}
          disabled={busy}
          data-autofocus
        />
        <Textarea
          label="Mensagem"
          description="Texto do aviso; aceita HTML simples (negrito, itálico, links)"
          autosize
          minRows={4}
          maxRows={12}
          maxLength={NOTICE_BODY_MAX}
          value={values.body}
          onChange={(e) => setField('body', e.currentTarget.value)}
          error={invalid === 'body'}
          disabled={busy}
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
        <ImageUpload
          label="Imagem"
          dir="imgban"
          size={NOTICE_IMAGE_SIZE}
          value={values.image}
          onChange={(path) => setField('image', path)}
          previewWidth={120}
          previewHeight={120}
          description="Imagem de 200 × 200 pixels"
          disabled={busy}
        />
        <TextInput
          label="Validade"
          type="date"
          withAsterisk
          value={values.validade}
          onChange={(e) => setField('validade', e.currentTarget.value)}
          error={invalid === 'validade'}
          disabled={busy}
        />
      </>
    );
  } else if (detalhe.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar o aviso."
        error={detalhe.error}
        onRetry={() => void detalhe.refetch()}
        retrying={detalhe.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando aviso…</VisuallyHidden>
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={120} />
        <Skeleton h={56} />
      </Stack>
    );
  }

  return (
    <EditorDialog
      opened
      onClose={onClose}
      title={aviso ? aviso.title : 'Novo aviso'}
      recordId={idAviso}
      onSave={save}
      onDelete={idAviso > 0 ? destroy : undefined}
      busy={busy}
      error={error}
      onErrorClose={clear}
    >
      {content}
    </EditorDialog>
  );
}
