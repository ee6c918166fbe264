import { notifySuccess } from '@/lib/notify';
import type { FieldValues } from 'react-hook-form';
import { describeError } from '@/lib/api-client';
import { useEditorError, type EditorDialogProps, type EditorRecordQuery } from './editor-dialog';
import { useContractForm, type ContractFormOptions } from './use-contract-form';

/** A success toast; its close button is named (axe button-name). */
function toastSuccess(message: string) {
  notifySuccess(message);
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

/** The texts of an editor: its toasts, and what shows while its record loads. */
export interface EditorTexts {
  /** The toast after a save, e.g. 'Aviso salvo'. */
  saved: string;
  /** The toast after a delete, e.g. 'Aviso excluído'. */
  deleted: string;
  /** What a screen reader hears while the record loads, e.g. 'Carregando aviso…'. */
  loading: string;
  /** The title of the error when the record cannot be read. */
  loadError: string;
}

/** The props of an editor of the city's content: the record (null: a new one) and the admin city. */
export interface CityEditorProps<TRecord> {
  record: TRecord | null;
  /** The admin city, where a new record goes. */
  codCidade: number;
  onClose: () => void;
}

export interface EditorOptions<TValues extends FieldValues, TBody, TUpdate> extends Pick<
  ContractFormOptions<TValues, TBody>,
  'initial' | 'check' | 'onRefused'
> {
  /** 0: a new record (create); above 0: the record being edited (update, delete). */
  id: number;
  /** The query that reads the record; the fields wait for `initial`. */
  query: EditorRecordQuery;
  api: { create: EditorMutation<TBody>; update: EditorMutation<TUpdate>; remove: EditorMutation<number> };
  /** The update's variables for a checked body, e.g. `(body) => ({ idAviso, body })`. */
  updateVars: (body: TBody) => TUpdate;
  /** Whether this record may be deleted (default: any existing record). */
  canDelete?: boolean;
  texts: EditorTexts;
  onClose: () => void;
}

/**
 * One editor of a record: the red alert, the form checked with the contract's schema
 * (useContractForm), and save and delete. Saving a form the schema accepts clears the alert
 * and creates (id 0) or updates the record; deleting needs an existing record. Success toasts
 * and closes; the server's error goes to the red alert. `dialog` is what {@link EditorDialog}
 * takes besides its title and fields.
 */
export function useEditor<TValues extends FieldValues, TBody, TUpdate>({
  id,
  initial,
  check,
  onRefused,
  query,
  api: { create, update, remove },
  updateVars,
  canDelete = id > 0,
  texts,
  onClose,
}: EditorOptions<TValues, TBody, TUpdate>) {
  const { error, show, clear } = useEditorError();
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
    if (id > 0) update.mutate(updateVars(body), finish(texts.saved));
    else create.mutate(body, finish(texts.saved));
  }

  function destroy() {
    clear();
    remove.mutate(id, finish(texts.deleted));
  }

  const form = useContractForm({ initial, check, show, onValid: submit, onRefused, busy });
  const dialog = {
    opened: true,
    recordId: id,
    onClose,
    onSave: form.save,
    onDelete: id > 0 && canDelete ? destroy : undefined,
    busy,
    error,
    onErrorClose: clear,
    load: { ready: form.values !== null, query, loadingText: texts.loading, errorTitle: texts.loadError },
  } satisfies Partial<EditorDialogProps>;
  return { ...form, busy, show, dialog };
}
