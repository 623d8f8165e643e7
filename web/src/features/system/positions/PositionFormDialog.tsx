import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { textValues } from '../../../components/form/values';
import { orNull } from '../../../components/form/serverError';
import { addPosition, editPosition, POSITION_LIST_PATH, POST_RANKS, type PositionRecord } from './api';

type Values = Record<'code' | 'name' | 'nameEn' | 'postRank', string>;

const defaults = (record: PositionRecord | undefined): Values => ({ ...textValues(record, ['code', 'name', 'nameEn']), postRank: record?.postRank || POST_RANKS[0] });
const body = (values: Values) => ({ code: values.code.trim(), name: values.name.trim(), nameEn: orNull(values.nameEn), postRank: values.postRank });

/** Add or edit a position: the code follows the `position_code` rule and is unique in the tenant. */
export function PositionFormDialog({ record, ...dialog }: RecordFormOpenProps<PositionRecord>) {
  const { t } = useTranslation('sysPosition');
  return (
    <RecordFormDialog<Values, PositionRecord>
      {...dialog} testId="position-form" listPath={POSITION_LIST_PATH}
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editPosition({ ...body(values), id: record.id }) : addPosition(body(values)))}
    >
      <PositionFields recordId={record?.id} />
    </RecordFormDialog>
  );
}

function PositionFields({ recordId }: { recordId: string | undefined }) {
  const { t } = useTranslation('sysPosition');
  const codeUnique = useDuplicateCheck('sys_position', 'code', recordId);
  const codeRule = useRuleCheck('position_code');

  return (
    <>
      <TextField<Values> name="code" label={t('field.code')} required fontFamily="mono" autoComplete="off" testId="position-code"
        rules={{ validate: { required: requiredText(t('form.codeRequired')), rule: codeRule, unique: codeUnique } }} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="name" label={t('field.name')} required testId="position-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
        <TextField<Values> name="nameEn" label={t('field.nameEn')} testId="position-name-en" />
      </SimpleGrid>
      <SelectField<Values> name="postRank" label={t('field.postRank')} required testId="position-rank" options={POST_RANKS.map((rank) => ({ value: rank, label: t(`rank.${rank}`) }))} />
    </>
  );
}
