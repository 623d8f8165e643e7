import { Badge, Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { useLanguage } from '../../../i18n';
import { serverError } from '../../../components/form/serverError';
import { addCategory, editCategory, type CategoryRecord } from './api';
import { categoryName } from './categoryName';

/** What the dialog edits: a new root, a new child of `parent`, or `record`. */
export type CategoryFormTarget = { kind: 'add'; parent?: CategoryRecord } | { kind: 'edit'; record: CategoryRecord };

interface Values {
  name: string;
  nameEn: string;
  sortOrder: string;
}

const defaults = (target: CategoryFormTarget | undefined): Values =>
  target?.kind === 'edit'
    ? { name: target.record.name, nameEn: target.record.nameEn ?? '', sortOrder: target.record.sortOrder === null || target.record.sortOrder === undefined ? '' : String(target.record.sortOrder) }
    : { name: '', nameEn: '', sortOrder: '0' };

interface CategoryFormDialogProps {
  target: CategoryFormTarget | undefined;
  onClose: () => void;
  onSaved: (saved: CategoryRecord | undefined, target: CategoryFormTarget) => void;
}

/** Add a root or a child, or edit a category (name, English name, sort order; the code is the server's). */
export function CategoryFormDialog({ target, onClose, onSaved }: CategoryFormDialogProps) {
  return (
    <Dialog.Root open={target !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="category-form">
            {target ? <CategoryForm target={target} onSaved={onSaved} onClose={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CategoryForm({ target, onSaved, onClose }: { target: CategoryFormTarget; onSaved: CategoryFormDialogProps['onSaved']; onClose: () => void }) {
  const { t } = useTranslation('sysCategory');
  const language = useLanguage();
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(target) });
  const { register, handleSubmit, formState, setError } = form;
  const [formError, setFormError] = useState<string>();
  useRevalidateOnLanguageChange(form);
  const record = target.kind === 'edit' ? target.record : undefined;
  const parent = target.kind === 'add' ? target.parent : undefined;

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      name: values.name.trim(),
      nameEn: values.nameEn.trim() || null,
      sortOrder: values.sortOrder.trim() === '' ? null : Number(values.sortOrder),
    };
    try {
      const envelope = record ? await editCategory({ ...body, id: record.id }) : await addCategory({ ...body, ...(parent ? { pid: parent.id } : {}) });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved(envelope.result ?? undefined, target);
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      if (field === 'name' || field === 'nameEn' || field === 'sortOrder') setError(field, { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  const err = formState.errors;
  const title = record ? t('form.editTitle', { name: categoryName(record, language) }) : parent ? t('form.addChildTitle') : t('form.addTitle');

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={formError} testId="category-form-error" />
          {parent ? (
            <HStack gap="2" padding="3" rounded="md" bg="bg.muted" data-testid="category-parent">
              <Text textStyle="sm" color="fg.muted">
                {t('form.parent')}
              </Text>
              <Text textStyle="sm" fontWeight="medium">
                {categoryName(parent, language)}
              </Text>
              <Badge size="sm" variant="outline" fontFamily="mono">
                {parent.code}
              </Badge>
            </HStack>
          ) : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.name} required>
              <Field.Label>
                {t('field.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" data-testid="category-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
              <Field.ErrorText>{err.name?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('field.nameEn')}</Field.Label>
              <Input size="sm" data-testid="category-name-en" {...register('nameEn')} />
            </Field.Root>
            <Field.Root readOnly>
              <Field.Label>{t('field.code')}</Field.Label>
              <Input size="sm" fontFamily="mono" value={record?.code ?? ''} placeholder={t('form.codeAuto')} readOnly tabIndex={-1} bg="bg.muted" data-testid="category-code" />
              <Field.HelperText>{t('form.codeHint')}</Field.HelperText>
            </Field.Root>
            <Field.Root invalid={!!err.sortOrder}>
              <Field.Label>{t('field.sortOrder')}</Field.Label>
              <Input
                size="sm"
                type="number"
                inputMode="numeric"
                data-testid="category-sort"
                {...register('sortOrder', { validate: (v) => (v.trim() === '' || /^-?\d+$/.test(v.trim()) ? true : t('form.sortInvalid')) })}
              />
              <Field.ErrorText>{err.sortOrder?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="category-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
