import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { useDuplicateCheck } from '../../../components/form/uniqueField';
import { optionalTexts, textValues } from '../../../components/form/values';
import { addDict, DICT_LIST_PATH, type DictRecord, dictCodeRule, editDict, isSystemDict } from './api';

const FIELDS = ['dictName', 'dictNameEn', 'dictCode', 'description'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const body = (values: Values) => ({ ...optionalTexts(values, ['dictNameEn', 'description']), dictName: values.dictName.trim(), dictCode: values.dictCode.trim() });

/** Add or edit a dictionary: the code is checked live for uniqueness (`sys_dict.dict_code`). */
export function DictFormDialog({ record, ...dialog }: RecordFormOpenProps<DictRecord>) {
  const { t } = useTranslation('sysDict');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="dict-form" listPath={DICT_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle', { name: record.title || record.dictName }) : t('form.addTitle')}
      defaultValues={() => textValues(record, FIELDS)}
      save={(values) => (record ? editDict({ ...body(values), id: record.id }) : addDict(body(values)))}
    >
      <DictFields record={record} />
    </RecordFormDialog>
  );
}

function DictFields({ record }: { record: DictRecord | undefined }) {
  const { t } = useTranslation('sysDict');
  const codeUnique = useDuplicateCheck('sys_dict', 'dict_code', record?.id);
  // The app reads seeded dictionaries by their code: it stays as it is.
  const codeLocked = record !== undefined && isSystemDict(record);

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="dictName" label={t('field.dictName')} required testId="dict-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
        <TextField<Values> name="dictNameEn" label={t('field.dictNameEn')} testId="dict-name-en" />
      </SimpleGrid>
      <TextField<Values> name="dictCode" label={t('field.dictCode')} required root={{ readOnly: codeLocked }} helper={codeLocked ? t('form.codeLocked') : t('form.codeHint')}
        fontFamily="mono" autoComplete="off" spellCheck={false} bg={codeLocked ? 'bg.muted' : undefined} testId="dict-code"
        rules={{
          validate: codeLocked
            ? undefined
            : {
                required: requiredText(t('form.codeRequired')),
                pattern: dictCodeRule,
                unique: codeUnique,
              },
            }}
          />
      <TextareaField<Values> name="description" label={t('field.description')} maxLength={500} testId="dict-description" />
    </>
  );
}
