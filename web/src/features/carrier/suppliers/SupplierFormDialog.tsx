import { Button, CloseButton, Dialog, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { validateEmail } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { FormField } from '../shared/FormField';
import { FormSwitch } from '../shared/FormSwitch';
import { CODE_PATTERN, orNull, serverError } from '../shared/serverError';
import { addSupplier, API_TYPES, editSupplier, type SupplierRecord } from './api';

interface Values {
  code: string;
  name: string;
  nameEn: string;
  contact: string;
  phone: string;
  email: string;
  apiType: string;
  enabled: boolean;
  remark: string;
}

const FIELDS: (keyof Values)[] = ['code', 'name', 'nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'];

const defaults = (record: SupplierRecord | undefined): Values => ({
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  contact: record?.contact ?? '',
  phone: record?.phone ?? '',
  email: record?.email ?? '',
  apiType: record?.apiType ?? '',
  enabled: record ? Number(record.status) === 1 : true,
  remark: record?.remark ?? '',
});

interface SupplierFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The supplier to edit; a new one when undefined. */
  record: SupplierRecord | undefined;
  onSaved: () => void;
}

/** Add or edit a supplier (`POST /logistics/supplier/add`, `PUT /logistics/supplier/edit`). */
export function SupplierFormDialog({ open, onOpenChange, record, onSaved }: SupplierFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'lg' }} lazyMount unmountOnExit scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="supplier-form">
            <SupplierForm record={record} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SupplierForm({ record, onSaved, onClose }: { record: SupplierRecord | undefined; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('carrierSupplier');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record) });
  const { register, handleSubmit, formState, setError, control } = form;
  const [formError, setFormError] = useState<string>();
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      code: values.code.trim().toUpperCase(),
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
      contact: orNull(values.contact),
      phone: orNull(values.phone),
      email: orNull(values.email),
      apiType: orNull(values.apiType),
      status: values.enabled ? 1 : 0,
      remark: orNull(values.remark),
    };
    try {
      const envelope = record ? await editSupplier({ ...body, id: record.id }) : await addSupplier(body);
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
        <Dialog.Title>{record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={formError} testId="supplier-form-error" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('field.code')} required error={err.code?.message} helper={t('form.codeHint')} testId="supplier-code">
              <Input
                size="sm"
                fontFamily="mono"
                textTransform="uppercase"
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                data-testid="supplier-code"
                {...register('code', {
                  validate: {
                    required: (v) => (v.trim() ? true : t('form.codeRequired')),
                    pattern: (v) => (CODE_PATTERN.test(v.trim()) ? true : t('form.codeInvalid')),
                  },
                })}
              />
            </FormField>
            <FormField label={t('field.apiType')} helper={t('form.apiTypeHint')}>
              <Input size="sm" list="supplier-api-types" autoComplete="off" maxLength={50} data-testid="supplier-api-type" {...register('apiType')} />
              <datalist id="supplier-api-types">
                {API_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`apiType.${type}`)}
                  </option>
                ))}
              </datalist>
            </FormField>
            <FormField label={t('field.name')} required error={err.name?.message} testId="supplier-name">
              <Input size="sm" maxLength={100} data-testid="supplier-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
            </FormField>
            <FormField label={t('field.nameEn')} error={err.nameEn?.message}>
              <Input size="sm" maxLength={100} data-testid="supplier-name-en" {...register('nameEn')} />
            </FormField>
            <FormField label={t('field.contact')} error={err.contact?.message}>
              <Input size="sm" maxLength={100} autoComplete="off" data-testid="supplier-contact" {...register('contact')} />
            </FormField>
            <FormField label={t('field.phone')} error={err.phone?.message}>
              <Input size="sm" type="tel" inputMode="tel" maxLength={50} autoComplete="off" data-testid="supplier-phone" {...register('phone')} />
            </FormField>
            <FormField label={t('field.email')} error={err.email?.message} testId="supplier-email">
              <Input
                size="sm"
                type="email"
                autoComplete="off"
                data-testid="supplier-email"
                {...register('email', { validate: (v) => (v.trim() === '' ? true : (validateEmail(v.trim(), currentLanguage()) ?? true)) })}
              />
            </FormField>
            <FormSwitch control={control} name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="supplier-enabled" />
          </SimpleGrid>
          <FormField label={t('field.remark')} error={err.remark?.message}>
            <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="supplier-remark" {...register('remark')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="supplier-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
