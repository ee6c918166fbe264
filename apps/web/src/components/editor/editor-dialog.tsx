import { useCallback, useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  LoadingOverlay,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormAlert } from '../form-alert';
import { ErrorState } from '../query-states';

/** Spec §9: the dialog's red alert closes itself after 5 seconds. */
const EDITOR_ERROR_MS = 5000;
const CONFIRM_DELETE_TEXT = 'Confirma Exclusao';

/** An error shown in the dialog; `seq` changes on every show, so a repeated text restarts the timer. */
export interface EditorError {
  message: string;
  seq: number;
}

/**
 * The error state of an editor: `show(message)` opens the red alert (and logs it, spec §8),
 * `clear()` closes it. Pass `error` and `clear` to {@link EditorDialog}.
 */
export function useEditorError() {
  const [error, setError] = useState<EditorError | null>(null);
  const show = useCallback((message: string) => {
    console.warn(`[editor] ${message}`);
    setError((prev) => ({ message, seq: (prev?.seq ?? 0) + 1 }));
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}

/**
 * An editor's red alert (spec §9): the message in red, closed 5 seconds after it was first seen
 * or on a click. It sits next to Save, and on each show brings the refused field into focus
 * (or itself into view): {@link FormAlert}. A new `seq` starts it over.
 */
export function EditorErrorAlert({ error, onClose }: { error: EditorError | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <FormAlert
      key={error.seq}
      message={error.message}
      seq={error.seq}
      variant="filled"
      bg="red.9"
      onClose={onClose}
      closeOnClick
      closeAfterMs={EDITOR_ERROR_MS}
    />
  );
}

/** The record an editor reads before its form starts (a react-query result). */
export interface EditorRecordQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** An editor whose form waits for its record: skeletons, then the form or the error with a retry. */
interface EditorLoad {
  /** The form has its values: the fields show. */
  ready: boolean;
  query: EditorRecordQuery;
  /** What a screen reader hears while it loads, e.g. 'Carregando aviso…'. */
  loadingText: string;
  /** The error's title, e.g. 'Não foi possível carregar o aviso.'. */
  errorTitle: string;
}

/** The fields, or while the record loads its skeletons, or the error with a retry. */
function EditorBody({ load, children }: { load?: EditorLoad; children: ReactNode }) {
  if (!load || load.ready) return children;
  const { query } = load;
  if (query.isError) {
    return (
      <ErrorState
        title={load.errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <Stack gap="sm" role="status">
      <VisuallyHidden>{load.loadingText}</VisuallyHidden>
      <Skeleton h={56} />
      <Skeleton h={56} />
      <Skeleton h={160} />
    </Stack>
  );
}

export interface EditorDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The title bar, e.g. 'Nova venda' or 'Venda 123'. */
  title: string;
  /**
   * The record's id (spec §4 Editors): 0 is a new record, which the caller creates with POST;
   * above 0 an existing one, updated with PATCH, which may be deleted.
   */
  recordId: number;
  /** Called when the form is submitted (the Save button or Enter in a field). */
  onSave: () => void;
  /** Enables 'Excluir' for an existing record; called after 'Confirma Exclusao' is confirmed. */
  onDelete?: () => void;
  /** A call is running: the 'Aguarde...' overlay covers the form. */
  busy?: boolean;
  error: EditorError | null;
  onErrorClose: () => void;
  /** Defaults to 'Salvar'. */
  saveLabel?: string;
  /** More buttons beside Save (e.g. 'Gerar QR Code'). */
  extraActions?: ReactNode;
  size?: string;
  /** The record being read: the fields wait for it. */
  load?: EditorLoad;
  children: ReactNode;
}

/**
 * The general edit dialog of spec §2 ('Edit dialogs in general'), used by every editor: a
 * title bar, a red error alert beside Save that closes 5 s after it was seen or on click,
 * Save, Excluir (existing records only, when delete is enabled) behind the confirmation
 * 'Confirma Exclusao', and a wait overlay 'Aguarde...' while a call runs; while the record
 * loads, skeletons (or the error with a retry) instead of the fields. Full screen on phones.
 */
export function EditorDialog({
  opened,
  onClose,
  title,
  recordId,
  onSave,
  onDelete,
  busy = false,
  error,
  onErrorClose,
  saveLabel = 'Salvar',
  extraActions,
  size = 'lg',
  load,
  children,
}: EditorDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [confirming, setConfirming] = useState(false);
  const canDelete = recordId > 0 && onDelete !== undefined;

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => {
          if (!busy) onClose();
        }}
        title={title}
        size={size}
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        closeOnEscape={!busy}
        closeOnClickOutside={!busy}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) onSave();
          }}
          style={{ position: 'relative' }}
          aria-busy={busy}
        >
          <LoadingOverlay
            visible={busy}
            zIndex={5}
            overlayProps={{ blur: 1 }}
            loaderProps={{
              children: (
                <Group gap="xs" role="status">
                  <Loader size="sm" />
                  <Text fw={600}>Aguarde...</Text>
                </Group>
              ),
            }}
          />
          <Stack gap="md">
            <EditorBody load={load}>{children}</EditorBody>
            {/* Next to Save, where the person is when it shows (issue 35). */}
            <EditorErrorAlert error={error} onClose={onErrorClose} />
            <Group justify="space-between" gap="sm" mt="xs">
              <Group gap="sm">
                {canDelete ? (
                  <Button
                    type="button"
                    variant="outline"
                    color="red.9"
                    onClick={() => setConfirming(true)}
                    disabled={busy}
                  >
                    Excluir
                  </Button>
                ) : null}
              </Group>
              <Group gap="sm" justify="flex-end">
                {extraActions}
                <Button type="submit" disabled={busy}>
                  {saveLabel}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={opened && confirming}
        onClose={() => setConfirming(false)}
        title={CONFIRM_DELETE_TEXT}
        size="sm"
        centered
        zIndex={300}
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="md">
          <Text>Deseja excluir este registro? Esta ação não pode ser desfeita.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                setConfirming(false);
                onDelete?.();
              }}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
