/**
 * The add/edit dialog of a record, on react-hook-form: the dialog shell, a form with title, the
 * server's refusal above the fields, Cancel and Save; saving goes through `useSaveRecord` (toast,
 * list refreshed, `onSaved`, dialog closed).
 *
 * The fields are a component of their own under `children`: they read the form with
 * `useFormContext<Values>()` (and may use hooks, e.g. the uniqueness checks).
 *
 * ```tsx
 * <RecordFormDialog open={open} onOpenChange={onOpenChange} testId="position-form" listPath={POSITION_LIST_PATH}
 *   title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
 *   defaultValues={() => defaults(record)}
 *   save={(values) => (record ? editPosition({ ...body(values), id: record.id }) : addPosition(body(values)))}>
 *   <PositionFields record={record} />
 * </RecordFormDialog>
 * ```
 */
import { Button, CloseButton, Dialog, Portal, Stack, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { useRevalidateOnLanguageChange } from '../../hooks/useRevalidateOnLanguageChange';
import { ErrorAlert } from '../ErrorAlert';
import { useSaveRecord } from '../list/useRecordActions';

export interface RecordFormDialogProps<V extends FieldValues, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `data-testid` of the dialog; the error banner and Save get `-error` and `-submit`. */
  testId: string;
  title: ReactNode;
  /** The form's values when it opens (read once per opening). */
  defaultValues: () => DefaultValues<V>;
  /** The add or edit call of the values. */
  save: (values: V) => Promise<Envelope<R>>;
  /** The list to refresh after a save. */
  listPath?: string;
  onSaved?: (saved: R | undefined) => void;
  /** Fields a refusal may name: its message shows under that field instead of above the form. */
  serverFields?: readonly Path<V>[] | ((field: string) => Path<V> | undefined);
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  /** The fields (a component reading `useFormContext`). */
  children: ReactNode;
}

export function RecordFormDialog<V extends FieldValues, R = unknown>(props: RecordFormDialogProps<V, R>) {
  const { open, onOpenChange, testId, size = { base: 'full', sm: 'md' }, scrollBehavior } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={size} lazyMount unmountOnExit scrollBehavior={scrollBehavior}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <RecordForm {...props} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RecordForm<V extends FieldValues, R>({ testId, title, defaultValues, save, listPath, onSaved, onOpenChange, serverFields, children }: RecordFormDialogProps<V, R>) {
  const { t } = useTranslation('dataTable');
  const form = useForm<V>({ mode: 'onTouched', defaultValues: defaultValues() });
  useRevalidateOnLanguageChange(form);
  const { save: run, formError } = useSaveRecord<V, R>({ listPath, onSaved, serverFields, setError: form.setError });

  const submit = form.handleSubmit(async (values) => {
    if (await run(() => save(values))) onOpenChange(false);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert message={formError} testId={`${testId}-error`} />
            {children}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" size="sm">
              {t('action.cancel')}
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" size="sm" loading={form.formState.isSubmitting} data-testid={`${testId}-submit`}>
            {t('action.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}
