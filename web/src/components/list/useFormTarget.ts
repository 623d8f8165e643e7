import { useCallback, useMemo, useState } from 'react';

/** What a form dialog of a list gets: open, its close, and the record it edits (none: add). */
export interface FormDialogProps<R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: R | undefined;
}

/**
 * The record a list's form dialog shows: `add()` opens it empty, `edit(record)` with a record,
 * and `dialog` is what the dialog takes (`<XFormDialog {...form.dialog} />`).
 */
export function useFormTarget<R>() {
  const [target, setTarget] = useState<{ record?: R }>();
  const add = useCallback(() => setTarget({}), []);
  const edit = useCallback((record: R) => setTarget({ record }), []);
  const close = useCallback(() => setTarget(undefined), []);
  const dialog = useMemo<FormDialogProps<R>>(
    () => ({ open: target !== undefined, onOpenChange: (open: boolean) => (open ? undefined : setTarget(undefined)), record: target?.record }),
    [target],
  );
  return { add, edit, close, record: target?.record, open: target !== undefined, dialog };
}
