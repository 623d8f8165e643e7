import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { useDuplicateCheck } from '../../../components/form/uniqueField';
import { addDict, DICT_CODE_PATTERN, DICT_LIST_PATH, type DictRecord, editDict, isSystemDict } from './api';

interface Values {
  dictName: string;
  dictNameEn: string;
  dictCode: string;
  description: string;
}

const FIELDS: (keyof Values)[] = ['dictName', 'dictNameEn', 'dictCode', 'description'];

const defaults = (record: DictRecord | undefined): Values => ({
  dictName: record?.dictName ?? '',
  dictNameEn: record?.dictNameEn ?? '',
  dictCode: record?.dictCode ?? '',
  description: record?.description ?? '',
});

interface DictFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dictionary to edit; a new one when undefined. */
  record: DictRecord | undefined;
  onSaved?: () => void;
}

/** Add or edit a dictionary: the code is checked live for uniqueness (`sys_dict.dict_code`). */
export function DictFormDialog({ open, onOpenChange, record, onSaved }: DictFormDialogProps) {
  const { t } = useTranslation('sysDict');
  const save = (values: Values) => {
    const body = {
      dictName: values.dictName.trim(),
      dictNameEn: values.dictNameEn.trim() || null,
      dictCode: values.dictCode.trim(),
      description: values.description.trim() || null,
    };
    return record ? editDict({ ...body, id: record.id }) : addDict(body);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      onOpenChange={onOpenChange}
      testId="dict-form"
      size={{ base: 'full', sm: 'md' }}
      title={record ? t('form.editTitle', { name: record.title || record.dictName }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={DICT_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <DictFields record={record} />
    </RecordFormDialog>
  );
}

function DictFields({ record }: { record: DictRecord | undefined }) {
  const { t } = useTranslation('sysDict');
  const form = useFormContext<Values>();
  const { register, formState } = form;
  const codeUnique = useDuplicateCheck('sys_dict', 'dict_code', record?.id);
  // The app reads seeded dictionaries by their code: it stays as it is.
  const codeLocked = record !== undefined && isSystemDict(record);

  const err = formState.errors;

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!err.dictName} required>
          <Field.Label>
            {t('field.dictName')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" data-testid="dict-name" {...register('dictName', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
          <Field.ErrorText>{err.dictName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.dictNameEn')}</Field.Label>
          <Input size="sm" data-testid="dict-name-en" {...register('dictNameEn')} />
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={!!err.dictCode} required readOnly={codeLocked}>
        <Field.Label>
          {t('field.dictCode')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          size="sm"
          fontFamily="mono"
          autoComplete="off"
          spellCheck={false}
          bg={codeLocked ? 'bg.muted' : undefined}
          data-testid="dict-code"
          {...register('dictCode', {
            validate: codeLocked
              ? undefined
              : {
                  required: (v) => (v.trim() ? true : t('form.codeRequired')),
                  pattern: (v) => (DICT_CODE_PATTERN.test(v.trim()) ? true : t('form.codePattern')),
                  unique: codeUnique,
                },
          })}
        />
        {err.dictCode ? (
          <Field.ErrorText>{err.dictCode.message}</Field.ErrorText>
        ) : (
          <Field.HelperText>{codeLocked ? t('form.codeLocked') : t('form.codeHint')}</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('field.description')}</Field.Label>
        <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="dict-description" {...register('description')} />
      </Field.Root>
    </>
  );
}
