import { Badge, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { TextField } from '../../../components/form/fields';
import { RecordFormDialog, useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { optionalInteger, requiredText } from '../../../components/form/rules';
import { numberOrNull } from '../../../components/form/values';
import { orNull } from '../../../components/form/serverError';
import { useLanguage } from '../../../i18n';
import { addCategory, editCategory, type CategoryRecord } from './api';
import { categoryName } from './categoryName';

/** What the dialog edits: a new root, a new child of `parent`, or `record`. */
export type CategoryFormTarget = { kind: 'add'; parent?: CategoryRecord } | { kind: 'edit'; record: CategoryRecord };

interface Values {
  name: string;
  nameEn: string;
  sortOrder: string;
}

const defaults = (target: CategoryFormTarget | undefined): Values =>
  target?.kind === 'edit'
    ? { name: target.record.name, nameEn: target.record.nameEn ?? '', sortOrder: target.record.sortOrder === null || target.record.sortOrder === undefined ? '' : String(target.record.sortOrder) }
    : { name: '', nameEn: '', sortOrder: '0' };

interface CategoryFormDialogProps {
  target: CategoryFormTarget | undefined;
  onClose: () => void;
  onSaved: (saved: CategoryRecord | undefined, target: CategoryFormTarget) => void;
}

const FIELDS: (keyof Values)[] = ['name', 'nameEn', 'sortOrder'];

/** Add a root or a child, or edit a category (name, English name, sort order; the code is the server's). */
export function CategoryFormDialog({ target: next, onClose, onSaved }: CategoryFormDialogProps) {
  const { t } = useTranslation('sysCategory');
  const language = useLanguage();
  const target = useKeptWhileClosing(next);
  const record = target?.kind === 'edit' ? target.record : undefined;
  const parent = target?.kind === 'add' ? target.parent : undefined;
  const title = record ? t('form.editTitle', { name: categoryName(record, language) }) : parent ? t('form.addChildTitle') : t('form.addTitle');
  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
      sortOrder: numberOrNull(values.sortOrder),
    };
    return record ? editCategory({ ...body, id: record.id }) : addCategory({ ...body, ...(parent ? { pid: parent.id } : {}) });
  };
  return (
    <RecordFormDialog<Values, CategoryRecord>
      testId="category-form" serverFields={FIELDS}
      open={next !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      defaultValues={() => defaults(target)}
      save={save}
      onSaved={(saved) => {
        if (target) onSaved(saved, target);
      }}
    >
      {parent ? (
        <HStack gap="2" padding="3" rounded="md" bg="bg.muted" data-testid="category-parent">
          <Text textStyle="sm" color="fg.muted">
            {t('form.parent')}
          </Text>
          <Text textStyle="sm" fontWeight="medium">
            {categoryName(parent, language)}
          </Text>
          <Badge size="sm" variant="outline" fontFamily="mono">
            {parent.code}
          </Badge>
        </HStack>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="name" label={t('field.name')} required testId="category-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
        <TextField<Values> name="nameEn" label={t('field.nameEn')} testId="category-name-en" />
        <FormField label={t('field.code')} readOnly helper={t('form.codeHint')}>
          <Input size="sm" fontFamily="mono" value={record?.code ?? ''} placeholder={t('form.codeAuto')} readOnly tabIndex={-1} bg="bg.muted" data-testid="category-code" />
        </FormField>
        <TextField<Values> name="sortOrder" label={t('field.sortOrder')} type="number" inputMode="numeric" testId="category-sort" rules={{ validate: optionalInteger(t('form.sortInvalid')) }}
        />
      </SimpleGrid>
    </RecordFormDialog>
  );
}
