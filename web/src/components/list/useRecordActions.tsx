/**
 * One hook per list operation, each ending the same way: the server's message as a success toast
 * (it answers in the language the request was sent in), the list asked again
 * (`['list', path]`), and, after a batch, nothing selected.
 *
 * - {@link useSaveRecord}: add or edit from a form.
 * - {@link useDeleteRecords}: delete one row or the selection, after confirmation.
 * - {@link useListCommand}: any other action on rows (freeze, release …).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Envelope } from '../../api/client';
import { useRequireSelection } from '../../hooks/useRequireSelection';
import type { ServerList } from '../../hooks/useServerList';
import { useConfirm, type ConfirmOptions } from '../ConfirmDialog';
import { serverError } from '../form/serverError';
import { toaster } from '../ui/toaster';

/** The success toast of a write: the server's message (or a title and the server's message under it). */
export function toastSuccess(message: string, description?: string): void {
  toaster.create({ type: 'success', title: message, description, duration: 3000 });
}

/** Asks the list of `path` again (every page, filter and sort of it). */
export function useInvalidateList(path: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(() => (path ? queryClient.invalidateQueries({ queryKey: ['list', path] }) : Promise.resolve()), [queryClient, path]);
}

export interface SaveRecordOptions<V extends FieldValues, R> {
  /** The list the record shows in (asked again after a save). */
  listPath?: string;
  /** After the save (and the toast), with the saved record when the server sends it. */
  onSaved?: (saved: R | undefined) => void;
  /**
   * Fields a refusal may name (`result.field`): the message shows under that field. A function
   * maps the server's name to the form's (rows of a list: `rules[2].max`).
   */
  serverFields?: readonly Path<V>[] | ((field: string) => Path<V> | undefined);
  setError?: UseFormSetError<V>;
  /** A line under the success toast's title. */
  successDescription?: string;
}

/**
 * Saves a form: `save(() => addX(body))` or `save(() => editX(body))`. Success toasts the server's
 * message, refreshes the list and calls `onSaved`; a refusal shows under the field the server
 * named (one of `serverFields`) or as `formError` above the form. Resolves true when saved.
 */
export function useSaveRecord<V extends FieldValues, R = unknown>({ listPath, onSaved, serverFields, setError, successDescription }: SaveRecordOptions<V, R>) {
  const invalidate = useInvalidateList(listPath);
  const [formError, setFormError] = useState<string>();
  const save = useCallback(
    async (call: () => Promise<Envelope<R>>): Promise<boolean> => {
      setFormError(undefined);
      try {
        const envelope = await call();
        toastSuccess(envelope.message, successDescription);
        void invalidate();
        onSaved?.(envelope.result ?? undefined);
        return true;
      } catch (failure) {
        const { message, field } = serverError(failure);
        const path = field === undefined ? undefined : typeof serverFields === 'function' ? serverFields(field) : serverFields?.includes(field as Path<V>) ? (field as Path<V>) : undefined;
        if (path && setError) setError(path, { type: 'server', message }, { shouldFocus: true });
        else setFormError(message);
        return false;
      }
    },
    [invalidate, onSaved, serverFields, setError, successDescription],
  );
  return { save, formError, setFormError };
}

/**
 * Runs a row action that answers with a message: toast, clear the selection when asked, ask the
 * list again. `run(freezeUsers(ids, 2), { clearSelection: true })`.
 */
export function useListCommand(list: Pick<ServerList<unknown>, 'path' | 'clearSelection'>, afterwards?: () => unknown) {
  const invalidate = useInvalidateList(list.path);
  const { clearSelection } = list;
  return useCallback(
    async (action: Promise<Envelope<unknown>>, options: { clearSelection?: boolean } = {}) => {
      const envelope = await action;
      toastSuccess(envelope.message);
      if (options.clearSelection) clearSelection();
      await invalidate();
      await afterwards?.();
    },
    [invalidate, clearSelection, afterwards],
  );
}

/** What a delete needs of a list (a paged one, a tree, or none: give only what there is). */
export type DeletableList = Partial<Pick<ServerList<unknown>, 'path' | 'selection' | 'setSelection' | 'clearSelection'>>;

export interface DeleteRecordsOptions<T> {
  /** The list the rows are in (asked again, its selection kept right); none for a single record. */
  list?: DeletableList;
  /** Deletes the given ids (the selection; also a row's delete button without `removeOne`). */
  remove?: (ids: string[]) => Promise<Envelope<unknown>>;
  /** Deletes one row, where the server has a call for one (`undefined`: refused and said so; the dialog closes). */
  removeOne?: (row: T) => Promise<Envelope<unknown> | undefined>;
  /** The row's id as the selection holds it (default `row.id`). */
  getId?: (row: T) => string;
  /** Confirmation title (both dialogs). */
  title: string;
  /** The single delete's question, naming the row. */
  describe: (row: T) => string;
  /** The batch delete's question. */
  describeBatch?: (count: number) => string;
  confirmLabel?: string;
  /** `data-testid` of the confirmation dialog. */
  testId?: string;
  /** More to refresh after a delete (option lists, a tree …). */
  afterDelete?: (ids: string[]) => unknown;
  /** Use this confirmation instead of one of the hook's own (then `dialog` is null). */
  confirm?: (options: ConfirmOptions) => void;
}

const idOf = (row: unknown) => String((row as { id?: unknown }).id ?? '');

/**
 * Single and batch delete with confirmation: `askDelete(row)` and `askBatchDelete()` (which first
 * asks for a selection). Render `dialog` once.
 */
export function useDeleteRecords<T>({ list, remove, removeOne, getId = idOf, title, describe, describeBatch, confirmLabel, testId, afterDelete, confirm: outerConfirm }: DeleteRecordsOptions<T>) {
  const own = useConfirm();
  const confirm = outerConfirm ?? own.confirm;
  const requireSelection = useRequireSelection();
  const invalidate = useInvalidateList(list?.path);
  const selection = list?.selection ?? [];

  const finish = async (envelope: Envelope<unknown>, ids: string[]) => {
    toastSuccess(envelope.message);
    await invalidate();
    await afterDelete?.(ids);
  };

  const askDelete = (row: T) => {
    const id = getId(row);
    confirm({
      title,
      description: describe(row),
      confirmLabel,
      testId,
      onConfirm: async () => {
        const envelope = await (removeOne ? removeOne(row) : remove?.([id]));
        if (!envelope) return;
        list?.setSelection?.(selection.filter((selected) => selected !== id));
        await finish(envelope, [id]);
      },
    });
  };

  const askBatchDelete = () => {
    if (!remove || !requireSelection(selection)) return;
    const ids = selection;
    confirm({
      title,
      description: describeBatch?.(ids.length),
      confirmLabel,
      testId,
      onConfirm: async () => {
        const envelope = await remove(ids);
        list?.clearSelection?.();
        await finish(envelope, ids);
      },
    });
  };

  return { askDelete, askBatchDelete, dialog: outerConfirm ? null : own.dialog };
}
