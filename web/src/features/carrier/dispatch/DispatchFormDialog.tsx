/**
 * Create or edit a dispatch (`POST /logistics/dispatch/add`, `PUT …/edit`): the carrier, the
 * depot it collects from, the day (today unless changed; blank: the server's today) and an
 * optional window. The day and the window are checked in the browser by core (`pickupIssues`,
 * as the server checks them); a carrier whose dispatch holds orders cannot change.
 */
import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { orNull } from '../../../components/form/serverError';
import { pickupIssues } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { addDispatch, DISPATCH_LIST_PATH, editDispatch, localToday, type DispatchRecord } from './api';
import { CarrierDepotFields } from './CarrierDepotFields';

type Values = { supplierId: string; depotId: string; pickupDate: string; pickupWindow: string; remark: string };
const FIELDS = ['supplierId', 'depotId', 'pickupDate', 'pickupWindow', 'remark'] as const;

/** Windows the browser offers as the user types. */
const WINDOWS = ['09:00-12:00', '12:00-15:00', '14:00-18:00', '09:00-18:00'];

const defaults = (record: DispatchRecord | undefined, supplierId: string, depotId: string): Values => ({
  supplierId: record?.supplierId ?? supplierId,
  depotId: record?.depotId ?? depotId,
  pickupDate: record?.pickupDate ?? localToday(),
  pickupWindow: record?.pickupWindow ?? '',
  remark: record?.remark ?? '',
});

const body = (values: Values) => ({
  supplierId: values.supplierId,
  depotId: values.depotId,
  pickupDate: orNull(values.pickupDate),
  pickupWindow: orNull(values.pickupWindow),
  remark: orNull(values.remark),
});

/** Core's message for the day or the window, when that field is the one at fault (a blank day is the server's today). */
const pickupRule =
  (field: 'pickupDate' | 'pickupWindow') =>
  (_value: string, values: Values): true | string =>
    pickupIssues(values.pickupDate.trim() || localToday(), values.pickupWindow, currentLanguage()).find((issue) => issue.field === field)?.message ?? true;

/**
 * The dispatch form; a new one starts with the list's carrier and depot filters. `onSaved` gets
 * the dispatch saved (the page opens a new one to put orders in).
 */
export function DispatchFormDialog({
  record,
  supplierId = '',
  depotId = '',
  onSaved,
  ...dialog
}: Omit<RecordFormOpenProps<DispatchRecord>, 'onSaved'> & { supplierId?: string; depotId?: string; onSaved?: (saved: DispatchRecord | undefined) => void }) {
  const { t } = useTranslation('dispatch');
  return (
    <RecordFormDialog<Values, DispatchRecord>
      {...dialog}
      testId="dispatch-form"
      listPath={DISPATCH_LIST_PATH}
      serverFields={FIELDS}
      title={record ? t('form.editTitle', { dispatchNo: record.dispatchNo }) : t('form.addTitle')}
      defaultValues={() => defaults(record, supplierId, depotId)}
      save={(values) => (record ? editDispatch({ ...body(values), id: record.id }) : addDispatch(body(values)))}
      onSaved={onSaved}
    >
      <DispatchFields carrierFixed={(record?.shipments ?? 0) > 0} />
    </RecordFormDialog>
  );
}

function DispatchFields({ carrierFixed }: { carrierFixed: boolean }) {
  const { t } = useTranslation('dispatch');
  return (
    <>
      <CarrierDepotFields<Values>
        testId="dispatch-form"
        carrierFixed={carrierFixed}
        texts={{
          carrier: t('field.carrier'),
          carrierPlaceholder: t('form.carrierPlaceholder'),
          carrierRequired: t('form.carrierRequired'),
          carrierHint: carrierFixed ? t('form.carrierFixed') : undefined,
          depot: t('field.depot'),
          depotPlaceholder: t('form.depotPlaceholder'),
          depotRequired: t('form.depotRequired'),
          depotHint: t('form.depotHint'),
        }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="pickupDate" label={t('field.pickupDate')} type="date" helper={t('form.dateHint')} testId="dispatch-form-date" rules={{ validate: pickupRule('pickupDate') }} />
        <TextField<Values>
          name="pickupWindow"
          label={t('field.pickupWindow')}
          placeholder={t('form.windowPlaceholder')}
          helper={t('form.windowHint')}
          fontFamily="mono"
          testId="dispatch-form-window"
          suggestions={{ id: 'dispatch-windows', values: WINDOWS }}
          rules={{ validate: pickupRule('pickupWindow') }}
        />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="dispatch-form-remark" />
    </>
  );
}
