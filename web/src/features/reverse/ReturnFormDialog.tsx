/**
 * Opens a return (`POST /reverse/return/add`): the order's or the parcel's number (serial, system
 * tracking, tracking or parcel number), why it comes back (a detail required for "other") and the
 * carrier's tracking number of the way back when known. Core checks the form as the server
 * would before anything is sent; the server's refusals (unknown number, an open return already)
 * show under the field they name or above the form.
 */
import { Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog } from '../../components/form/RecordFormDialog';
import { labelled } from '../../components/list';
import type { FormOpenProps } from '../../components/overlay';
import { addReturn, RETURN_LIST_PATH, RETURN_REASONS, textOrNull, type ReturnRecord, type ReturnRequestForm } from './api';
import { assertReturnForm, returnFieldRule } from './rules';

type Values = { number: string; reason: string; reasonDetail: string; returnTrackNo: string };

const EMPTY: Values = { number: '', reason: '', reasonDetail: '', returnTrackNo: '' };
const SERVER_FIELDS = ['number', 'reason', 'reasonDetail', 'returnTrackNo'] as const;
/** The longest detail core takes (`returns::MAX_NOTE`). */
const MAX_NOTE = 500;

/** The body of the values (core upper-cases the numbers; blanks are left out). */
export const requestBody = (values: Values): ReturnRequestForm => ({
  number: values.number.trim(),
  reason: values.reason,
  reasonDetail: textOrNull(values.reasonDetail),
  returnTrackNo: textOrNull(values.returnTrackNo),
});

const rule = (field: keyof Values) => returnFieldRule<Values>('request', field, requestBody);

export interface ReturnFormDialogProps extends FormOpenProps {
  /** After the return is opened, with the server's record. */
  onCreated?: (created: ReturnRecord | undefined) => void;
}

export function ReturnFormDialog({ open, onOpenChange, onCreated }: ReturnFormDialogProps) {
  const { t } = useTranslation('returns');
  return (
    <RecordFormDialog<Values, ReturnRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="return-form"
      listPath={RETURN_LIST_PATH}
      title={t('form.addTitle')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('form.addSubtitle')}
        </Text>
      }
      submitLabel={t('form.submit')}
      defaultValues={() => EMPTY}
      serverFields={SERVER_FIELDS}
      onSaved={onCreated}
      save={(values) => {
        const body = requestBody(values);
        assertReturnForm(body, 'request');
        return addReturn(body);
      }}
    >
      <ReturnFields />
    </RecordFormDialog>
  );
}

function ReturnFields() {
  const { t } = useTranslation('returns');
  const { control } = useFormContext<Values>();
  const reason = useWatch({ control, name: 'reason' });
  return (
    <>
      <TextField<Values>
        name="number"
        label={t('form.number')}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        fontFamily="mono"
        placeholder={t('form.numberPlaceholder')}
        helper={t('form.numberHint')}
        testId="return-form-number"
        rules={{ validate: rule('number') }}
      />
      <SelectField<Values>
        name="reason"
        label={t('field.reason')}
        required
        placeholder={t('form.reasonPlaceholder')}
        options={labelled(RETURN_REASONS, (value) => t(`reason.${value}`))}
        testId="return-form-reason"
        rules={{ validate: rule('reason'), deps: ['reasonDetail'] }}
      />
      <TextareaField<Values>
        name="reasonDetail"
        label={t('field.reasonDetail')}
        required={reason === 'other'}
        maxLength={MAX_NOTE}
        placeholder={t('form.reasonDetailPlaceholder')}
        testId="return-form-reason-detail"
        rules={{ validate: rule('reasonDetail') }}
      />
      <TextField<Values>
        name="returnTrackNo"
        label={t('field.returnTrackNo')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        fontFamily="mono"
        helper={t('form.returnTrackNoHint')}
        testId="return-form-return-track-no"
        rules={{ validate: rule('returnTrackNo') }}
      />
    </>
  );
}
