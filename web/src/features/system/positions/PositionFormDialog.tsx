import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { checkRule } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { addPosition, editPosition, POSITION_LIST_PATH, POST_RANKS, type PositionRecord } from './api';

interface Values {
  code: string;
  name: string;
  nameEn: string;
  postRank: string;
}

const defaults = (record: PositionRecord | undefined): Values => ({
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  postRank: record?.postRank || POST_RANKS[0],
});

interface PositionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The position to edit; a new one when undefined. */
  record: PositionRecord | undefined;
}

/** Add or edit a position: the code follows the `position_code` rule and is unique in the tenant. */
export function PositionFormDialog({ open, onOpenChange, record }: PositionFormDialogProps) {
  const { t } = useTranslation('sysPosition');
  const save = (values: Values) => {
    const body = { code: values.code.trim(), name: values.name.trim(), nameEn: values.nameEn.trim() || null, postRank: values.postRank };
    return record ? editPosition({ ...body, id: record.id }) : addPosition(body);
  };
  return (
    <RecordFormDialog<Values, PositionRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="position-form"
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={POSITION_LIST_PATH}
    >
      <PositionFields recordId={record?.id} />
    </RecordFormDialog>
  );
}

function PositionFields({ recordId }: { recordId: string | undefined }) {
  const { t } = useTranslation('sysPosition');
  const { register, formState } = useFormContext<Values>();
  const codeUnique = useDuplicateCheck('sys_position', 'code', recordId);
  const codeRule = useRuleCheck('position_code');
  const err = formState.errors;

  return (
    <>
      <Field.Root invalid={!!err.code} required>
        <Field.Label>
          {t('field.code')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          size="sm"
          fontFamily="mono"
          autoComplete="off"
          data-testid="position-code"
          {...register('code', {
            validate: {
              required: (v) => (v.trim() ? true : t('form.codeRequired')),
              rule: (v) => checkRule('position_code', v.trim(), currentLanguage()) ?? true,
              ruleServer: codeRule,
              unique: codeUnique,
            },
          })}
        />
        <Field.ErrorText>{err.code?.message}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!err.name} required>
          <Field.Label>
            {t('field.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" data-testid="position-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
          <Field.ErrorText>{err.name?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.nameEn')}</Field.Label>
          <Input size="sm" data-testid="position-name-en" {...register('nameEn')} />
        </Field.Root>
      </SimpleGrid>
      <Field.Root required>
        <Field.Label>
          {t('field.postRank')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field data-testid="position-rank" {...register('postRank')}>
            {POST_RANKS.map((rank) => (
              <option key={rank} value={rank}>
                {t(`rank.${rank}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </>
  );
}
