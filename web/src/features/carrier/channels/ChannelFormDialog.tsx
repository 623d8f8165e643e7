import { Button, CloseButton, Dialog, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { FormField } from '../shared/FormField';
import { FormSwitch } from '../shared/FormSwitch';
import { OptionSelect } from '../shared/OptionSelect';
import { CODE_PATTERN, orNull, serverError } from '../shared/serverError';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import { addChannel, editChannel, TRANS_TYPES, type ChannelRecord } from './api';

interface Values {
  supplierId: string;
  code: string;
  name: string;
  nameEn: string;
  transType: string;
  enabled: boolean;
  remark: string;
}

const FIELDS: (keyof Values)[] = ['supplierId', 'code', 'name', 'nameEn', 'transType', 'remark'];

const defaults = (record: ChannelRecord | undefined, supplierId: string): Values => ({
  supplierId: record?.supplierId ?? supplierId,
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  transType: record?.transType ?? '',
  enabled: record ? Number(record.status) === 1 : true,
  remark: record?.remark ?? '',
});

interface ChannelFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channel to edit; a new one when undefined. */
  record: ChannelRecord | undefined;
  /** The supplier a new channel starts with (the list's supplier filter). */
  supplierId?: string;
  onSaved: () => void;
}

/** Add or edit a channel (`POST /logistics/channel/add`, `PUT /logistics/channel/edit`). */
export function ChannelFormDialog({ open, onOpenChange, record, supplierId = '', onSaved }: ChannelFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'lg' }} lazyMount unmountOnExit scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="channel-form">
            <ChannelForm record={record} supplierId={supplierId} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ChannelForm({ record, supplierId, onSaved, onClose }: { record: ChannelRecord | undefined; supplierId: string; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('carrierChannel');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record, supplierId) });
  const { register, handleSubmit, formState, setError, control } = form;
  const [formError, setFormError] = useState<string>();
  const suppliers = useSupplierOptions();
  useRevalidateOnLanguageChange(form);

  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      supplierId: values.supplierId,
      code: values.code.trim().toUpperCase(),
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
      transType: orNull(values.transType),
      status: values.enabled ? 1 : 0,
      remark: orNull(values.remark),
    };
    try {
      const envelope = record ? await editChannel({ ...body, id: record.id }) : await addChannel(body);
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
          <ErrorAlert message={formError} testId="channel-form-error" />
          <FormField label={t('field.supplier')} required error={err.supplierId?.message} testId="channel-supplier">
            <Controller
              control={control}
              name="supplierId"
              rules={{ validate: (v) => (v ? true : t('form.supplierRequired')) }}
              render={({ field }) => (
                <OptionSelect
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  onBlur={field.onBlur}
                  options={supplierChoices}
                  placeholder={t('form.supplierPlaceholder')}
                  emptySelectable={false}
                  loading={suppliers.isPending}
                  invalid={!!err.supplierId}
                  data-testid="channel-supplier"
                />
              )}
            />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('field.code')} required error={err.code?.message} helper={t('form.codeHint')} testId="channel-code">
              <Input
                size="sm"
                fontFamily="mono"
                textTransform="uppercase"
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                data-testid="channel-code"
                {...register('code', {
                  validate: {
                    required: (v) => (v.trim() ? true : t('form.codeRequired')),
                    pattern: (v) => (CODE_PATTERN.test(v.trim()) ? true : t('form.codeInvalid')),
                  },
                })}
              />
            </FormField>
            <FormField label={t('field.transType')} error={err.transType?.message} helper={t('form.transTypeHint')}>
              <Input size="sm" list="channel-trans-types" autoComplete="off" maxLength={50} data-testid="channel-trans-type" {...register('transType')} />
              <datalist id="channel-trans-types">
                {TRANS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`transType.${type}`)}
                  </option>
                ))}
              </datalist>
            </FormField>
            <FormField label={t('field.name')} required error={err.name?.message} testId="channel-name">
              <Input size="sm" maxLength={100} data-testid="channel-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
            </FormField>
            <FormField label={t('field.nameEn')} error={err.nameEn?.message}>
              <Input size="sm" maxLength={100} data-testid="channel-name-en" {...register('nameEn')} />
            </FormField>
          </SimpleGrid>
          <FormSwitch control={control} name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="channel-enabled" />
          <FormField label={t('field.remark')} error={err.remark?.message}>
            <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="channel-remark" {...register('remark')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="channel-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
