/**
 * The add/edit dialog or drawer of a record, on react-hook-form: the shell, a form with title, the
 * server's refusal above the fields, Cancel and Save (Enter saves, Esc closes); saving goes
 * through `useSaveRecord` (toast, list refreshed, `onSaved`, closed).
 *
 * The fields are a component of their own under `children`: they read the form with
 * `useFormContext<Values>()` (and may use hooks, e.g. the uniqueness checks) and are drawn with
 * the kit's fields (`TextField`, `SelectField`…). The form is made afresh at each opening.
 *
 * ```tsx
 * <RecordFormDialog open={open} onOpenChange={onOpenChange} testId="position-form" listPath={POSITION_LIST_PATH}
 *   title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
 *   defaultValues={() => defaults(record)}
 *   save={(values) => (record ? editPosition({ ...body(values), id: record.id }) : addPosition(body(values)))}>
 *   <PositionFields record={record} />
 * </RecordFormDialog>
 * ```
 *
 * `RecordFormDrawer` is the same in a drawer (longer forms).
 */
import { Stack, type DialogContentProps, type DialogRootProps, type DrawerRootProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import type { Envelope } from '../../api/client';
import { useRevalidateOnLanguageChange } from '../../hooks/useRevalidateOnLanguageChange';
import { ErrorAlert } from '../ErrorAlert';
import type { FormDialogProps } from '../list/useFormTarget';
import { useSaveRecord } from '../list/useRecordActions';
import { FieldSizeProvider, type FieldSize } from './fields';
import { FormFooter, type FormFooterProps } from './FormFooter';
import { DialogShell, DrawerShell, OVERLAY_PARTS, OverlayHeader, type FormOpenProps, type OverlayKind } from '../overlay';

export type { FormOpenProps } from '../overlay';

/** The size of a dialog with many fields (full screen on phones). */
export const WIDE_DIALOG = { base: 'full', sm: 'lg' } as const;
/** The size of a drawer with a long form in parts. */
export const WIDE_DRAWER = { base: 'full', md: 'xl' } as const;

/** What the add/edit dialog of a record is given by its list page (`useFormTarget`'s `dialog`), and what to do after a save. */
export interface RecordFormOpenProps<R> extends FormDialogProps<R> {
  /** After a save (the list refreshes by itself). */
  onSaved?: () => void;
}

export interface RecordFormProps<V extends FieldValues, R> extends FormOpenProps, Pick<FormFooterProps, 'submitLabel' | 'cancelLabel' | 'submitDisabled'> {
  /** `data-testid` of the dialog; the error banner and Save get `-error` and `-submit` unless told. */
  testId: string;
  errorTestId?: string;
  submitTestId?: string;
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The form's values when it opens (read once per opening). */
  defaultValues: () => DefaultValues<V>;
  /** When fields are checked (default: once left, then as they change). */
  mode?: UseFormProps<V>['mode'];
  /** The add or edit call of the values. */
  save: (values: V) => Promise<Envelope<R>>;
  /** The list to refresh after a save. */
  listPath?: string;
  onSaved?: (saved: R | undefined) => void;
  /** Under the success toast's title. */
  successDescription?: string;
  /**
   * Fields a refusal may name: its message shows under that field instead of above the form. A
   * function maps the server's name to the form's (rows of a list: `rules[2].max`).
   */
  serverFields?: readonly Path<V>[] | ((field: string, values: V) => Path<V> | undefined);
  /** The controls' size (default `sm`). */
  fieldSize?: FieldSize;
  /** Space between the parts of the body (default 4). */
  gap?: string;
  /** The fields (a component reading `useFormContext`). */
  children: ReactNode;
}

export interface RecordFormDialogProps<V extends FieldValues, R> extends RecordFormProps<V, R> {
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  /** Props of the dialog's box (a fixed width…). */
  contentProps?: DialogContentProps;
}

export interface RecordFormDrawerProps<V extends FieldValues, R> extends RecordFormProps<V, R> {
  size?: DrawerRootProps['size'];
  placement?: DrawerRootProps['placement'];
  /** A click outside closes the drawer (default true; false where typing much is lost). */
  closeOnInteractOutside?: boolean;
}

export function RecordFormDialog<V extends FieldValues, R = unknown>(props: RecordFormDialogProps<V, R>) {
  return (
    <DialogShell open={props.open} onOpenChange={props.onOpenChange} testId={props.testId} size={props.size} scrollBehavior={props.scrollBehavior} contentProps={props.contentProps}>
      <RecordForm {...props} kind="dialog" />
    </DialogShell>
  );
}

export function RecordFormDrawer<V extends FieldValues, R = unknown>(props: RecordFormDrawerProps<V, R>) {
  return (
    <DrawerShell open={props.open} onOpenChange={props.onOpenChange} testId={props.testId} size={props.size} placement={props.placement} closeOnInteractOutside={props.closeOnInteractOutside}>
      <RecordForm {...props} kind="drawer" />
    </DrawerShell>
  );
}

/**
 * What a dialog opened for `value` shows: the last value given, kept while the dialog closes
 * (its page clears the value at once; the closing dialog still shows what it was about).
 */
export function useKeptWhileClosing<T>(value: T | undefined): T | undefined {
  const [kept, setKept] = useState(value);
  if (value !== undefined && value !== kept) setKept(value);
  return value ?? kept;
}

/** A react-hook-form form whose messages follow a switch of language (the core's messages are localized). */
export function useKitForm<V extends FieldValues>(options: UseFormProps<V>) {
  const form = useForm<V>(options);
  useRevalidateOnLanguageChange(form);
  return form;
}

function RecordForm<V extends FieldValues, R>(props: RecordFormProps<V, R> & { kind: OverlayKind }) {
  const { kind, testId, title, subtitle, defaultValues, mode = 'onTouched', save, listPath, onSaved, successDescription, serverFields, onOpenChange, fieldSize = 'sm', gap = '4', children } = props;
  const form = useKitForm<V>({ mode, defaultValues: defaultValues() });
  const { save: run, formError } = useSaveRecord<V, R>({
    listPath,
    onSaved,
    successDescription,
    serverFields: typeof serverFields === 'function' ? (field) => serverFields(field, form.getValues()) : serverFields,
    setError: form.setError,
  });
  const submit = form.handleSubmit(async (values) => {
    if (await run(() => save(values))) onOpenChange(false);
  });
  const { Body } = OVERLAY_PARTS[kind];
  const drawer = kind === 'drawer';
  return (
    <FormProvider {...form}>
      <FieldSizeProvider value={fieldSize}>
        {/* The form lets header, body and footer lay out as the overlay's own parts (a long form's
            body scrolls between a fixed header and footer). */}
        <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
          <OverlayHeader kind={kind} title={title} subtitle={subtitle} bordered={drawer} />
          <Body>
            <Stack gap={gap} paddingY={drawer ? '2' : undefined}>
              <ErrorAlert message={formError} testId={props.errorTestId ?? `${testId}-error`} />
              {children}
            </Stack>
          </Body>
          <FormFooter
            kind={kind}
            saving={form.formState.isSubmitting}
            submitTestId={props.submitTestId ?? `${testId}-submit`}
            submitLabel={props.submitLabel}
            cancelLabel={props.cancelLabel}
            submitDisabled={props.submitDisabled}
            size={fieldSize}
          />
        </form>
      </FieldSizeProvider>
    </FormProvider>
  );
}
