import { HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeNameFields, TextareaField, TextField } from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optional, optionalEmail } from '../../../components/form/rules';
import { codeAndName, optionalTexts, textValues } from '../../../components/form/values';
import { LockIcon, UnlockIcon } from '../../../components/icons';
import { addSupplier, API_TYPES, credentialsFit, editSupplier, SUPPLIER_LIST_PATH, type SupplierRecord } from './api';

const TEXTS = ['code', 'name', 'nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'] as const;
const OPTIONAL = ['nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number] | 'credentials', string> & { enabled: boolean; removeCredentials: boolean };
const SERVER_FIELDS: (keyof Values)[] = [...TEXTS, 'credentials'];

const defaults = (record: SupplierRecord | undefined): Values => ({
  ...textValues(record, TEXTS),
  credentials: '',
  removeCredentials: false,
  enabled: record ? Number(record.status) === 1 : true,
});

/**
 * The credentials as sent: new ones as typed, `{}` to remove the kept ones, and nothing when the
 * box is left blank (an edit keeps what is kept; a new supplier has none).
 */
const credentialsBody = (values: Values): { credentials?: string } => {
  if (values.removeCredentials) return { credentials: '{}' };
  const typed = values.credentials.trim();
  return typed ? { credentials: typed } : {};
};
const body = (values: Values) => ({ ...optionalTexts(values, OPTIONAL), ...codeAndName(values), status: values.enabled ? 1 : 0, ...credentialsBody(values) });

/** Add or edit a supplier (`POST /logistics/supplier/add`, `PUT /logistics/supplier/edit`). */
export function SupplierFormDialog({ record, ...dialog }: RecordFormOpenProps<SupplierRecord>) {
  const { t } = useTranslation('carrierSupplier');
  return (
    <RecordFormDialog<Values, SupplierRecord>
      {...dialog} testId="supplier-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SUPPLIER_LIST_PATH} serverFields={SERVER_FIELDS}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editSupplier({ ...body(values), id: record.id }) : addSupplier(body(values)))}
    >
      <SupplierFields />
      <CredentialsFields record={record} />
    </RecordFormDialog>
  );
}

function SupplierFields() {
  const { t } = useTranslation('carrierSupplier');
  const apiType = (
    <TextField<Values> name="apiType" label={t('field.apiType')} helper={t('form.apiTypeHint')} testId="supplier-api-type"
      suggestions={{ id: 'supplier-api-types', values: API_TYPES, label: (type) => t(`apiType.${type as (typeof API_TYPES)[number]}`) }} />
  );
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="supplier" afterCode={apiType} />
        <TextField<Values> name="contact" label={t('field.contact')} maxLength={100} autoComplete="off" testId="supplier-contact" />
        <TextField<Values> name="phone" label={t('field.phone')} type="tel" inputMode="tel" maxLength={50} autoComplete="off" testId="supplier-phone" />
        <TextField<Values> name="email" label={t('field.email')} type="email" autoComplete="off" testId="supplier-email" rules={{ validate: optionalEmail }} />
        <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="supplier-enabled" />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="supplier-remark" />
    </>
  );
}

/**
 * The supplier's account with the carrier (what its adapter signs in with): typed as a JSON object
 * of text, kept encrypted and never shown again. An edit says whether some are kept; a blank box
 * keeps them, new ones replace them, and "remove" drops them.
 */
function CredentialsFields({ record }: { record: SupplierRecord | undefined }) {
  const { t } = useTranslation('carrierSupplier');
  const removing = useWatch<Values, 'removeCredentials'>({ name: 'removeCredentials' });
  const kept = Number(record?.hasCredentials) === 1;
  return (
    <FormSection title={t('credentials.title')}>
      {record ? (
        <HStack gap="1.5" color={kept ? 'fg.success' : 'fg.muted'} textStyle="sm" data-testid="supplier-credentials-state">
          {kept ? <LockIcon /> : <UnlockIcon />}
          <Text>{kept ? t('credentials.kept') : t('credentials.none')}</Text>
        </HStack>
      ) : null}
      <TextareaField<Values>
        name="credentials" label={t('credentials.label')} helper={record ? t('credentials.editHint') : t('credentials.hint')} placeholder={t('credentials.placeholder')}
        fontFamily="mono" textStyle="sm" autoComplete="off" spellCheck={false} disabled={removing} testId="supplier-credentials"
        rules={{ validate: (value, values) => values.removeCredentials || optional((typed) => (credentialsFit(typed) ? undefined : t('credentials.invalid')))(value) }}
      />
      {kept ? <FormSwitch<Values> colorPalette="red" name="removeCredentials" label={t('credentials.remove')} helper={t('credentials.removeHint')} testId="supplier-credentials-remove" /> : null}
    </FormSection>
  );
}
