import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { serverError } from '../components/serverError';
import { useDuplicateCheck } from '../components/UniqueField';
import { addDict, DICT_CODE_PATTERN, editDict, isSystemDict, type DictRecord } from './api';

interface Values {
  dictName: string;
  dictNameEn: string;
  dictCode: string;
  description: string;
}

const FIELDS: (keyof Values)[] = ['dictName', 'dictNameEn', 'dictCode', 'description'];

const defaults = (record: DictRecord | undefined): Values => ({
  dictName: record?.dictName ?? '',
  dictNameEn: record?.dictNameEn ?? '',
  dictCode: record?.dictCode ?? '',
  description: record?.description ?? '',
});

interface DictFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dictionary to edit; a new one when undefined. */
  record: DictRecord | undefined;
  onSaved: () => void;
}

/** Add or edit a dictionary: the code is checked live for uniqueness (`sys_dict.dict_code`). */
export function DictFormDialog({ open, onOpenChange, record, onSaved }: DictFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dict-form">
            <DictForm record={record} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DictForm({ record, onSaved, onClose }: { record: DictRecord | undefined; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('sysDict');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record) });
  const { register, handleSubmit, formState, setError } = form;
  const [formError, setFormError] = useState<string>();
  const codeUnique = useDuplicateCheck('sys_dict', 'dict_code', record?.id);
  // The app reads seeded dictionaries by their code: it stays as it is.
  const codeLocked = record !== undefined && isSystemDict(record);
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      dictName: values.dictName.trim(),
      dictNameEn: values.dictNameEn.trim() || null,
      dictCode: values.dictCode.trim(),
      description: values.description.trim() || null,
    };
    try {
      const envelope = record ? await editDict({ ...body, id: record.id }) : await addDict(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      if (field && FIELDS.includes(field as keyof Values)) setError(field as keyof Values, { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{record ? t('form.editTitle', { name: record.title || record.dictName }) : t('form.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={formError} testId="dict-form-error" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.dictName} required>
              <Field.Label>
                {t('field.dictName')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" data-testid="dict-name" {...register('dictName', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
              <Field.ErrorText>{err.dictName?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('field.dictNameEn')}</Field.Label>
              <Input size="sm" data-testid="dict-name-en" {...register('dictNameEn')} />
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={!!err.dictCode} required readOnly={codeLocked}>
            <Field.Label>
              {t('field.dictCode')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              size="sm"
              fontFamily="mono"
              autoComplete="off"
              spellCheck={false}
              bg={codeLocked ? 'bg.muted' : undefined}
              data-testid="dict-code"
              {...register('dictCode', {
                validate: codeLocked
                  ? undefined
                  : {
                      required: (v) => (v.trim() ? true : t('form.codeRequired')),
                      pattern: (v) => (DICT_CODE_PATTERN.test(v.trim()) ? true : t('form.codePattern')),
                      unique: codeUnique,
                    },
              })}
            />
            {err.dictCode ? (
              <Field.ErrorText>{err.dictCode.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>{codeLocked ? t('form.codeLocked') : t('form.codeHint')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('field.description')}</Field.Label>
            <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="dict-description" {...register('description')} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="dict-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
