import { Badge, Button, HStack, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { orNull, serverError } from '../../../components/form/serverError';
import { textValues } from '../../../components/form/values';
import { ActivityIcon } from '../../../components/icons';
import { toastSuccess } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { addDataSource, DATA_SOURCE_LIST_PATH, DB_TYPES, editDataSource, testConnection, type DataSourceForm, type DataSourceRecord } from './api';

const TEXTS = ['code', 'name', 'dbType', 'dbUrl', 'dbUsername', 'dbPassword', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;

const defaults = (record: DataSourceRecord | undefined): Values => ({
  ...textValues(record, ['code', 'name', 'dbUrl', 'dbUsername', 'remark']),
  dbType: record?.dbType || DB_TYPES[0],
  dbPassword: '',
});

/** The body add, edit and the connection test send (a blank password: none, or the kept one on an edit). */
export const dataSourceBody = (values: Values, id?: string): DataSourceForm => ({
  ...(id ? { id } : {}),
  code: values.code.trim(),
  name: values.name.trim(),
  dbType: values.dbType,
  dbUrl: values.dbUrl.trim(),
  dbUsername: orNull(values.dbUsername),
  dbPassword: values.dbPassword === '' ? null : values.dbPassword,
  remark: orNull(values.remark),
});

/** "Test connection": the form as typed; the outcome as a toast (the server's message or the database's reason). */
function TestConnectionButton({ recordId }: { recordId: string | undefined }) {
  const { t } = useTranslation('dataSource');
  const { getValues, trigger } = useFormContext<Values>();
  const [testing, setTesting] = useState(false);
  const run = async () => {
    if (!(await trigger(['dbType', 'dbUrl']))) return;
    setTesting(true);
    try {
      const envelope = await testConnection(dataSourceBody(getValues(), recordId));
      toastSuccess(envelope.result?.message || envelope.message);
    } catch (failure) {
      toaster.create({ type: 'error', title: t('form.testFailed'), description: serverError(failure).message, duration: 6000, closable: true });
    } finally {
      setTesting(false);
    }
  };
  return (
    <HStack>
      <Button size="sm" variant="outline" loading={testing} onClick={() => void run()} data-testid="data-source-test">
        <ActivityIcon />
        {t('form.test')}
      </Button>
    </HStack>
  );
}

function DataSourceFields({ record }: { record: DataSourceRecord | undefined }) {
  const { t } = useTranslation('dataSource');
  const { control } = useFormContext<Values>();
  const dbType = useWatch({ control, name: 'dbType' });
  const kept = record?.hasPassword === 1;
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="code" label={t('field.code')} required fontFamily="mono" autoComplete="off" spellCheck={false} maxLength={32} testId="data-source-code"
          helper={t('form.codeHint')} rules={{ validate: requiredText(t('form.codeRequired')) }} />
        <TextField<Values> name="name" label={t('field.name')} required maxLength={100} testId="data-source-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
      </SimpleGrid>
      <SelectField<Values> name="dbType" label={t('field.dbType')} required testId="data-source-type" options={DB_TYPES.map((type) => ({ value: type, label: t(`dbType.${type}`) }))} />
      <TextField<Values> name="dbUrl" label={t('field.dbUrl')} required fontFamily="mono" autoComplete="off" spellCheck={false} maxLength={500} testId="data-source-url"
        placeholder={dbType === 'sqlite' ? '/var/lib/reports/data.db' : 'postgres://127.0.0.1:5432/reports'}
        helper={dbType === 'sqlite' ? t('form.sqliteHint') : t('form.postgresHint')} rules={{ validate: requiredText(t('form.urlRequired')) }} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="dbUsername" label={t('field.dbUsername')} maxLength={100} autoComplete="off" testId="data-source-username" />
        <TextField<Values>
          name="dbPassword"
          label={
            <HStack gap="2" as="span">
              {t('field.dbPassword')}
              {kept ? (
                <Badge size="sm" variant="subtle" colorPalette="green" data-testid="data-source-password-kept">
                  {t('form.passwordKept')}
                </Badge>
              ) : null}
            </HStack>
          }
          type="password"
          autoComplete="new-password"
          maxLength={200}
          testId="data-source-password"
          helper={record ? t('form.passwordKeepHint') : undefined}
        />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="data-source-remark" />
      <TestConnectionButton recordId={record?.id} />
    </>
  );
}

/** Add or edit a data source, and try its connection before saving. */
export function DataSourceFormDialog({ record, ...dialog }: RecordFormOpenProps<DataSourceRecord>) {
  const { t } = useTranslation('dataSource');
  return (
    <RecordFormDialog<Values, DataSourceRecord>
      {...dialog} testId="data-source-form" listPath={DATA_SOURCE_LIST_PATH} serverFields={TEXTS} size={WIDE_DIALOG} scrollBehavior="inside"
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editDataSource({ ...dataSourceBody(values), id: record.id }) : addDataSource(dataSourceBody(values)))}
    >
      <DataSourceFields record={record} />
    </RecordFormDialog>
  );
}
