import { Alert, Table } from '@chakra-ui/react';
import { useFieldArray, useFormContext, useFormState, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { partitionIssues } from '../../../core';
import { CodeNameFields, ControlledField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { RemoveButton, RowsEditor } from '../../../components/form/RowsEditor';
import { useLanguage, type Language } from '../../../i18n';
import { TagListInput } from '../rateCards/TagListInput';
import { addPartition, editPartition, PARTITION_LIST_PATH, type PartitionInput, type PartitionRecord } from './api';

interface ZoneValues {
  code: string;
  countries: string[];
  postalPrefixes: string[];
}

export interface PartitionValues {
  code: string;
  name: string;
  nameEn: string;
  remark: string;
  zones: ZoneValues[];
}

const FIELDS = ['code', 'name', 'nameEn', 'remark'] as const;

function defaults(record: PartitionRecord | undefined): PartitionValues {
  return {
    code: record?.code ?? '',
    name: record?.name ?? '',
    nameEn: record?.nameEn ?? '',
    remark: record?.remark ?? '',
    zones: (record?.zones ?? [{ code: 'Z1', countries: [], postalPrefixes: [] }]).map((z) => ({ code: z.code, countries: [...z.countries], postalPrefixes: [...z.postalPrefixes] })),
  };
}

const body = (values: PartitionValues): PartitionInput => ({
  code: values.code.trim(),
  name: values.name.trim(),
  nameEn: values.nameEn.trim() || null,
  remark: values.remark.trim() || null,
  zones: values.zones.map((z) => ({ code: z.code.trim(), countries: z.countries, postalPrefixes: z.postalPrefixes })),
});

/** Where a server (or core) path lands in the form: `zones[1].countries` → `zones.1.countries`, `zones` as it is. */
export function partitionErrorPath(field: string, values: Pick<PartitionValues, 'zones'>): Path<PartitionValues> | undefined {
  if ((FIELDS as readonly string[]).includes(field) || field === 'zones') return field as Path<PartitionValues>;
  const row = /^zones\[(\d+)\]\.(code|countries|postalPrefixes)$/.exec(field);
  if (!row || Number(row[1]) >= values.zones.length) return field.startsWith('zones') ? 'zones' : undefined;
  return `zones.${Number(row[1])}.${row[2] as keyof ZoneValues}`;
}

/** Core's verdict on one place of the form (the whole form checked, as the server will). */
const coreRule = (path: string, lang: Language) => (_: unknown, values: PartitionValues) =>
  partitionIssues(body(values), lang).find((issue) => issue.field === path)?.message ?? true;

/** Add or edit a partition (`POST /logistics/partition/add`, `PUT …/edit`): its code and names, then its zones. */
export function PartitionFormDialog({ record, ...dialog }: RecordFormOpenProps<PartitionRecord>) {
  const { t } = useTranslation('partition');
  return (
    <RecordFormDialog<PartitionValues, PartitionRecord>
      {...dialog}
      testId="partition-form"
      size={WIDE_DIALOG}
      listPath={PARTITION_LIST_PATH}
      serverFields={partitionErrorPath}
      title={record ? t('form.editTitle', { code: record.code }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editPartition({ ...body(values), id: record.id }) : addPartition(body(values)))}
    >
      {record && record.cardCount > 0 ? (
        <Alert.Root status="info" size="sm" data-testid="partition-form-in-use">
          <Alert.Indicator />
          <Alert.Description>{t('form.inUse', { count: record.cardCount })}</Alert.Description>
        </Alert.Root>
      ) : null}
      <CodeNameFields<PartitionValues> text={t} testId="partition" />
      <ZonesEditor />
      <TextareaField<PartitionValues> name="remark" label={t('field.remark')} maxLength={500} testId="partition-remark" />
    </RecordFormDialog>
  );
}

function ZonesEditor() {
  const { t } = useTranslation('partition');
  const lang = useLanguage();
  const { control } = useFormContext<PartitionValues>();
  const { errors } = useFormState<PartitionValues>({ name: 'zones' });
  const { fields, append, remove } = useFieldArray<PartitionValues, 'zones'>({ control, name: 'zones' });
  const listError = errors.zones?.message ?? errors.zones?.root?.message;
  const tags = (index: number, field: 'countries' | 'postalPrefixes') => (
    <ControlledField<PartitionValues, string[]>
      name={`zones.${index}.${field}`}
      rules={{ validate: coreRule(`zones[${index}].${field}`, lang) }}
      renderControl={(tagsField, invalid) => (
        <TagListInput
          kind={field === 'countries' ? 'country' : 'postal'}
          value={tagsField.value as string[]}
          onChange={tagsField.onChange}
          label={`${t(field === 'countries' ? 'form.zoneCountries' : 'form.zonePrefixes')} ${index + 1}`}
          placeholder={t(field === 'countries' ? 'form.countriesPlaceholder' : 'form.prefixesPlaceholder')}
          invalid={invalid}
          testId={field === 'countries' ? 'partition-zone-countries' : 'partition-zone-prefixes'}
        />
      )}
    />
  );
  return (
    <RowsEditor
      label={t('field.zones')}
      addLabel={t('form.addZone')}
      onAdd={() => append({ code: `Z${fields.length + 1}`, countries: [], postalPrefixes: [] })}
      addTestId="partition-zone-add"
      emptyText={t('form.noZones')}
      hint={t('form.zonesHint')}
      above={
        listError ? (
          <Alert.Root status="error" size="sm" data-testid="partition-zones-error">
            <Alert.Indicator />
            <Alert.Description>{listError}</Alert.Description>
          </Alert.Root>
        ) : null
      }
      columns={[{ label: t('form.zoneCode'), width: '28' }, { label: t('form.zoneCountries') }, { label: t('form.zonePrefixes'), width: '40%' }]}
      minWidth="xl"
      testId="partition-zones"
      rowCount={fields.length}
    >
      {fields.map((field, index) => (
        <Table.Row key={field.id} data-testid="partition-zone-row" verticalAlign="top">
          <Table.Cell>
            <TextField<PartitionValues> name={`zones.${index}.code`} maxLength={32} fontFamily="mono" autoComplete="off" aria-label={`${t('form.zoneCode')} ${index + 1}`}
              testId="partition-zone-code" rules={{ validate: coreRule(`zones[${index}].code`, lang) }} />
          </Table.Cell>
          <Table.Cell>{tags(index, 'countries')}</Table.Cell>
          <Table.Cell>{tags(index, 'postalPrefixes')}</Table.Cell>
          <Table.Cell>
            <RemoveButton label={t('form.removeZone')} onClick={() => remove(index)} testId="partition-zone-remove" />
          </Table.Cell>
        </Table.Row>
      ))}
    </RowsEditor>
  );
}
