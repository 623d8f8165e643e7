import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { CODE_PATTERN, orNull } from '../../../components/form/serverError';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import { addChannel, CHANNEL_LIST_PATH, type ChannelRecord, editChannel, TRANS_TYPES } from './api';

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
  onSaved?: () => void;
}

/** Add or edit a channel (`POST /logistics/channel/add`, `PUT /logistics/channel/edit`). */
export function ChannelFormDialog({ open, onOpenChange, record, supplierId = '', onSaved }: ChannelFormDialogProps) {
  const { t } = useTranslation('carrierChannel');
  const save = (values: Values) => {
    const body = {
      supplierId: values.supplierId,
      code: values.code.trim().toUpperCase(),
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
      transType: orNull(values.transType),
      status: values.enabled ? 1 : 0,
      remark: orNull(values.remark),
    };
    return record ? editChannel({ ...body, id: record.id }) : addChannel(body);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      onOpenChange={onOpenChange}
      testId="channel-form"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record, supplierId)}
      save={save}
      listPath={CHANNEL_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <ChannelFields />
    </RecordFormDialog>
  );
}

function ChannelFields() {
  const { t } = useTranslation('carrierChannel');
  const form = useFormContext<Values>();
  const { register, formState, control } = form;
  const suppliers = useSupplierOptions();

  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));

  const err = formState.errors;

  return (
    <>
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
      <FormSwitch colorPalette="green" control={control} name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="channel-enabled" />
      <FormField label={t('field.remark')} error={err.remark?.message}>
        <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="channel-remark" {...register('remark')} />
      </FormField>
    </>
  );
}
