import { notifications } from '@mantine/notifications';
import { describeError } from '@/lib/api-client';

/** A success toast; its close button is named (axe button-name). */
export function toastSuccess(message: string) {
  notifications.show({ color: 'praca', message, closeButtonProps: { 'aria-label': 'Fechar aviso' } });
}

interface MutateCallbacks {
  onSuccess: () => void;
  onError: (e: unknown) => void;
}

/** The part of a react-query mutation the editor uses. */
interface EditorMutation<TVars> {
  mutate: (vars: TVars, callbacks: MutateCallbacks) => void;
  isPending: boolean;
}

interface EditorActionsOptions<TBody, TUpdate> {
  /** 0: a new record (create); above 0: the record being edited (update, delete). */
  id: number;
  create: EditorMutation<TBody>;
  update: EditorMutation<TUpdate>;
  remove: EditorMutation<number>;
  /** The update's variables for a checked body, e.g. `(body) => ({ idAviso, body })`. */
  updateVars: (body: TBody) => TUpdate;
  savedText: string;
  deletedText: string;
  onClose: () => void;
  /** From useEditorError: the red alert. */
  show: (message: string) => void;
  clear: () => void;
}

/**
 * The editor dialogs' save and delete: after the dialog's own check, `submit` clears the alert
 * and creates (id 0) or updates the record; `destroy` deletes it (the dialog offers it only for a record it may delete). Success toasts and closes;
 * the server's error goes to the red alert.
 */
export function useEditorActions<TBody, TUpdate>({
  id,
  create,
  update,
  remove,
  updateVars,
  savedText,
  deletedText,
  onClose,
  show,
  clear,
}: EditorActionsOptions<TBody, TUpdate>) {
  const busy = create.isPending || update.isPending || remove.isPending;
  const finish = (message: string): MutateCallbacks => ({
    onSuccess: () => {
      toastSuccess(message);
      onClose();
    },
    onError: (e) => show(describeError(e)),
  });

  function submit(body: TBody) {
    clear();
    if (id > 0) update.mutate(updateVars(body), finish(savedText));
    else create.mutate(body, finish(savedText));
  }

  function destroy() {
    remove.mutate(id, finish(deletedText));
  }

  return { submit, destroy, busy };
}
