/**
 * The add dialogs of out-packages and out-batches: a number left blank is given by the server
 * (`PK…`, `OB…`); a number already taken shows under its field.
 */
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { optionalTexts } from '../../components/form/values';
import { addOutBatch, addOutPackage, OUT_BATCH_LIST_PATH, OUT_PACKAGE_LIST_PATH, useChannelNames, type OutBatchRecord, type OutPackageRecord } from './outboundApi';

const PACKAGE_TEXTS = ['packageNo', 'remark'] as const;
type PackageValues = Record<(typeof PACKAGE_TEXTS)[number], string>;

const upper = (value: string) => value.toUpperCase();

/** A new, empty package (`POST /logistics/outPackage/add`): parcels go in by sort-pack. */
export function OutPackageFormDialog({ open, onOpenChange, onSaved }: RecordFormOpenProps<OutPackageRecord>) {
  const { t } = useTranslation('outPackage');
  return (
    <RecordFormDialog<PackageValues, OutPackageRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="out-package-form"
      listPath={OUT_PACKAGE_LIST_PATH}
      serverFields={PACKAGE_TEXTS}
      title={t('form.addTitle')}
      defaultValues={() => ({ packageNo: '', remark: '' })}
      save={(values) => addOutPackage(optionalTexts(values, PACKAGE_TEXTS))}
      onSaved={onSaved}
    >
      <TextField<PackageValues>
        name="packageNo"
        label={t('field.packageNo')}
        fontFamily="mono"
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        formatInput={upper}
        placeholder={t('form.numberPlaceholder')}
        helper={t('form.numberHint')}
        testId="out-package-form-no"
      />
      <TextareaField<PackageValues> name="remark" label={t('field.remark')} maxLength={500} testId="out-package-form-remark" />
    </RecordFormDialog>
  );
}

const BATCH_TEXTS = ['batchNo', 'channelId', 'remark'] as const;
type BatchValues = Record<(typeof BATCH_TEXTS)[number], string>;

/** A new, open batch (`POST /logistics/outBatch/add`); `onCreated` gets it (the page opens it to scan packages in). */
export function OutBatchFormDialog({ open, onOpenChange, onCreated }: RecordFormOpenProps<OutBatchRecord> & { onCreated?: (batch: OutBatchRecord | undefined) => void }) {
  const { t } = useTranslation('outBatch');
  return (
    <RecordFormDialog<BatchValues, OutBatchRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="out-batch-form"
      listPath={OUT_BATCH_LIST_PATH}
      serverFields={BATCH_TEXTS}
      title={t('form.addTitle')}
      defaultValues={() => ({ batchNo: '', channelId: '', remark: '' })}
      save={(values) => addOutBatch(optionalTexts(values, BATCH_TEXTS))}
      onSaved={onCreated}
    >
      <BatchFields />
    </RecordFormDialog>
  );
}

function BatchFields() {
  const { t } = useTranslation('outBatch');
  const channels = useChannelNames();
  return (
    <>
      <TextField<BatchValues>
        name="batchNo"
        label={t('field.batchNo')}
        fontFamily="mono"
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        formatInput={upper}
        placeholder={t('form.numberPlaceholder')}
        helper={t('form.numberHint')}
        testId="out-batch-form-no"
      />
      <SelectField<BatchValues> name="channelId" label={t('field.channel')} options={channels.options} placeholder={t('form.channelPlaceholder')} emptySelectable helper={t('form.channelHint')} testId="out-batch-form-channel" />
      <TextareaField<BatchValues> name="remark" label={t('field.remark')} maxLength={500} testId="out-batch-form-remark" />
    </>
  );
}
