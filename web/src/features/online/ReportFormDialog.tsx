import { Button, Checkbox, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, type FieldArrayWithId, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../components/form/FormField';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { RemoveButton, RowsEditor } from '../../components/form/RowsEditor';
import { requiredText } from '../../components/form/rules';
import { orNull, serverError } from '../../components/form/serverError';
import { CodeIcon } from '../../components/icons';
import { toastSuccess } from '../../components/list';
import { addReport, editReport, FIELD_TYPES, parseSql, REPORT_LIST_PATH, SEARCH_MODES, useDataSourceOptions, type ReportForm, type ReportItem, type ReportParam, type ReportRecord } from './api';

/** The most characters a statement has (the server's limit). */
const MAX_SQL = 20_000;

interface ItemValues {
  fieldName: string;
  fieldTxt: string;
  fieldTxtEn: string;
  fieldType: string;
  isShow: boolean;
  isOrder: boolean;
  isSearch: boolean;
  searchMode: string;
  dictCode: string;
}
interface ParamValues {
  paramName: string;
  paramTxt: string;
  paramValue: string;
}
interface Values {
  code: string;
  name: string;
  nameEn: string;
  dbSource: string;
  content: string;
  cgrSql: string;
  items: ItemValues[];
  params: ParamValues[];
}

const itemValues = (item: ReportItem): ItemValues => ({
  fieldName: item.fieldName,
  fieldTxt: item.fieldTxt ?? '',
  fieldTxtEn: item.fieldTxtEn ?? '',
  fieldType: item.fieldType || FIELD_TYPES[0],
  isShow: item.isShow === 1,
  isOrder: item.isOrder === 1,
  isSearch: item.isSearch === 1,
  searchMode: item.searchMode || SEARCH_MODES[0],
  dictCode: item.dictCode ?? '',
});

const paramValues = (param: ReportParam): ParamValues => ({ paramName: param.paramName, paramTxt: param.paramTxt ?? '', paramValue: param.paramValue ?? '' });

const defaults = (record: ReportRecord | undefined): Values => ({
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  dbSource: record?.dbSource ?? '',
  content: record?.content ?? '',
  cgrSql: record?.cgrSql ?? '',
  items: (record?.items ?? []).toSorted((a, b) => a.orderNum - b.orderNum).map(itemValues),
  params: (record?.params ?? []).toSorted((a, b) => a.orderNum - b.orderNum).map(paramValues),
});

const flag = (on: boolean) => (on ? 1 : 0);

/** The body add and edit send. */
export const reportBody = (values: Values): ReportForm => ({
  code: values.code.trim(),
  name: values.name.trim(),
  nameEn: orNull(values.nameEn),
  dbSource: orNull(values.dbSource),
  content: orNull(values.content),
  cgrSql: values.cgrSql.trim(),
  items: values.items.map((item, index) => ({
    fieldName: item.fieldName,
    fieldTxt: item.fieldTxt.trim(),
    fieldTxtEn: orNull(item.fieldTxtEn),
    fieldType: item.fieldType,
    isShow: flag(item.isShow),
    isOrder: flag(item.isOrder),
    isSearch: flag(item.isSearch),
    searchMode: item.searchMode,
    dictCode: orNull(item.dictCode),
    orderNum: index,
  })),
  params: values.params.map((param, index) => ({
    paramName: param.paramName.trim(),
    paramTxt: orNull(param.paramTxt),
    paramValue: param.paramValue === '' ? null : param.paramValue,
    orderNum: index,
  })),
});

const TOP_FIELDS = ['code', 'name', 'nameEn', 'dbSource', 'content', 'cgrSql'] as const;
const ITEM_FIELDS = ['fieldTxt', 'fieldTxtEn', 'fieldType', 'searchMode', 'dictCode'] as const;
const PARAM_FIELDS = ['paramName', 'paramTxt', 'paramValue'] as const;

/**
 * Where a refusal shows: under the field it names (`cgrSql`, `items[2].dictCode`,
 * `params[0].paramName`); about the columns or parameters as a whole, above the form.
 */
const serverField = (field: string): Path<Values> | undefined => {
  const item = /^items\[(\d+)\]\.(\w+)$/.exec(field);
  if (item && (ITEM_FIELDS as readonly string[]).includes(item[2]!)) return `items.${Number(item[1])}.${item[2] as (typeof ITEM_FIELDS)[number]}`;
  const param = /^params\[(\d+)\]\.(\w+)$/.exec(field);
  if (param && (PARAM_FIELDS as readonly string[]).includes(param[2]!)) return `params.${Number(param[1])}.${param[2] as (typeof PARAM_FIELDS)[number]}`;
  return TOP_FIELDS.find((name) => name === field);
};

/** A 1/0 setting of a column as a checkbox in its cell. */
function FlagCell({ index, name, label, testId }: { index: number; name: 'isShow' | 'isOrder' | 'isSearch'; label: string; testId: string }) {
  return (
    <Controller<Values, `items.${number}.${typeof name}`>
      name={`items.${index}.${name}`}
      render={({ field }) => (
        <Checkbox.Root size="sm" checked={field.value === true} onCheckedChange={(details) => field.onChange(details.checked === true)} data-testid={testId}>
          <Checkbox.HiddenInput aria-label={label} onBlur={field.onBlur} ref={field.ref} />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
    />
  );
}

/** The report's columns: what the parser found in the SQL, each with its heading, type, flags, search mode and dictionary. */
function ItemsTable({ fields }: { fields: FieldArrayWithId<Values, 'items'>[] }) {
  const { t } = useTranslation('onlReport');
  const headers = [
    { label: t('item.fieldName'), width: '140px' },
    { label: t('item.fieldTxt'), width: '150px' },
    { label: t('item.fieldTxtEn'), width: '150px' },
    { label: t('item.fieldType'), width: '120px' },
    { label: t('item.isShow') },
    { label: t('item.isOrder') },
    { label: t('item.isSearch') },
    { label: t('item.searchMode'), width: '120px' },
    { label: t('item.dictCode'), width: '140px' },
  ];
  return (
    // Not a Field: each checkbox is named by its own label, not by the table's.
    <Stack gap="1.5" width="full">
      <Text textStyle="sm" fontWeight="medium">
        {t('form.items')}
      </Text>
      {fields.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" borderWidth="1px" borderStyle="dashed" rounded="md" padding="4" width="full" textAlign="center" data-testid="report-items-empty">
          {t('form.itemsEmpty')}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
          <Table.Root size="sm" minWidth="4xl" data-testid="report-items">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {headers.map((header) => (
                  <Table.ColumnHeader key={header.label} width={header.width} whiteSpace="nowrap">
                    {header.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {fields.map((item, index) => {
                const fieldName = item.fieldName;
                const name = (label: string) => `${fieldName} ${label}`;
                return (
                  <Table.Row key={item.id} data-testid="report-item-row" data-field={fieldName} verticalAlign="top">
                    <Table.Cell>
                      <Text fontFamily="mono" textStyle="sm" paddingTop="1.5" data-testid={`report-items-${index}-fieldName`}>
                        {fieldName}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <TextField<Values> name={`items.${index}.fieldTxt`} aria-label={name(t('item.fieldTxt'))} maxLength={100} autoComplete="off" testId={`report-items-${index}-fieldTxt`} />
                    </Table.Cell>
                    <Table.Cell>
                      <TextField<Values> name={`items.${index}.fieldTxtEn`} aria-label={name(t('item.fieldTxtEn'))} maxLength={100} autoComplete="off" testId={`report-items-${index}-fieldTxtEn`} />
                    </Table.Cell>
                    <Table.Cell>
                      <SelectField<Values> name={`items.${index}.fieldType`} aria-label={name(t('item.fieldType'))} testId={`report-items-${index}-fieldType`} options={FIELD_TYPES.map((type) => ({ value: type, label: t(`fieldType.${type}`) }))} />
                    </Table.Cell>
                    <Table.Cell>
                      <FlagCell index={index} name="isShow" label={name(t('item.isShow'))} testId={`report-items-${index}-isShow`} />
                    </Table.Cell>
                    <Table.Cell>
                      <FlagCell index={index} name="isOrder" label={name(t('item.isOrder'))} testId={`report-items-${index}-isOrder`} />
                    </Table.Cell>
                    <Table.Cell>
                      <FlagCell index={index} name="isSearch" label={name(t('item.isSearch'))} testId={`report-items-${index}-isSearch`} />
                    </Table.Cell>
                    <Table.Cell>
                      <SelectField<Values> name={`items.${index}.searchMode`} aria-label={name(t('item.searchMode'))} testId={`report-items-${index}-searchMode`} options={SEARCH_MODES.map((mode) => ({ value: mode, label: t(`searchMode.${mode}`) }))} />
                    </Table.Cell>
                    <Table.Cell>
                      <TextField<Values> name={`items.${index}.dictCode`} aria-label={name(t('item.dictCode'))} fontFamily="mono" maxLength={100} autoComplete="off" spellCheck={false} testId={`report-items-${index}-dictCode`} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text textStyle="xs" color="fg.muted">
        {t('form.itemsHint')}
      </Text>
    </Stack>
  );
}

/** The statement's own parameters (`:name`), each with a label and a default. */
function ParamsTable({ params }: { params: ReturnType<typeof useFieldArray<Values, 'params'>> }) {
  const { t } = useTranslation('onlReport');
  const { fields, append, remove } = params;
  return (
    <RowsEditor
      label={t('form.params')}
      addLabel={t('form.addParam')}
      onAdd={() => append({ paramName: '', paramTxt: '', paramValue: '' })}
      addTestId="report-param-add"
      emptyText={t('form.paramsEmpty')}
      hint={t('form.paramsHint')}
      columns={[{ label: t('param.paramName'), width: '30%' }, { label: t('param.paramTxt'), width: '30%' }, { label: t('param.paramValue') }]}
      minWidth="lg"
      testId="report-params"
      rowCount={fields.length}
    >
      {fields.map((field, index) => (
        <Table.Row key={field.id} data-testid="report-param-row" verticalAlign="top">
          <Table.Cell>
            <TextField<Values> name={`params.${index}.paramName`} aria-label={t('param.paramName')} fontFamily="mono" maxLength={60} autoComplete="off" spellCheck={false} testId={`report-params-${index}-paramName`}
              rules={{ validate: requiredText(t('form.paramNameRequired')) }} />
          </Table.Cell>
          <Table.Cell>
            <TextField<Values> name={`params.${index}.paramTxt`} aria-label={t('param.paramTxt')} maxLength={100} autoComplete="off" testId={`report-params-${index}-paramTxt`} />
          </Table.Cell>
          <Table.Cell>
            <TextField<Values> name={`params.${index}.paramValue`} aria-label={t('param.paramValue')} maxLength={200} autoComplete="off" testId={`report-params-${index}-paramValue`} />
          </Table.Cell>
          <Table.Cell>
            <RemoveButton label={t('form.removeParam')} onClick={() => remove(index)} testId={`report-params-${index}-remove`} />
          </Table.Cell>
        </Table.Row>
      ))}
    </RowsEditor>
  );
}

/** "Parse SQL": the statement's columns fill the items (those already set keep their settings), new parameters get rows. */
function ParseButton({ onParsed }: { onParsed: (fields: ReportItem[], params: string[]) => void }) {
  const { t } = useTranslation('onlReport');
  const { getValues, setError, clearErrors } = useFormContext<Values>();
  const [parsing, setParsing] = useState(false);
  const run = async () => {
    const sql = getValues('cgrSql');
    if (!sql.trim()) {
      setError('cgrSql', { type: 'required', message: t('form.sqlRequired') }, { shouldFocus: true });
      return;
    }
    clearErrors(['cgrSql', 'dbSource']);
    setParsing(true);
    try {
      const envelope = await parseSql({ sql, dbSource: orNull(getValues('dbSource')) });
      onParsed(envelope.result.fields, envelope.result.params);
      toastSuccess(t('form.parsed', { count: envelope.result.fields.length }));
    } catch (failure) {
      const { message, field } = serverError(failure);
      setError(field === 'dbSource' ? 'dbSource' : 'cgrSql', { type: 'server', message }, { shouldFocus: true });
    } finally {
      setParsing(false);
    }
  };
  return (
    <HStack gap="3" wrap="wrap">
      <Button size="sm" variant="outline" colorPalette="blue" loading={parsing} onClick={() => void run()} data-testid="report-parse">
        <CodeIcon />
        {t('form.parse')}
      </Button>
      <Text textStyle="xs" color="fg.muted">
        {t('form.parseHint')}
      </Text>
    </HStack>
  );
}

function ReportFields() {
  const { t } = useTranslation('onlReport');
  const { getValues } = useFormContext<Values>();
  const sources = useDataSourceOptions();
  const items = useFieldArray<Values, 'items'>({ name: 'items' });
  const params = useFieldArray<Values, 'params'>({ name: 'params' });

  const parsed = (fields: ReportItem[], names: string[]) => {
    const known = new Map(getValues('items').map((item) => [item.fieldName, item]));
    items.replace(fields.map((field) => known.get(field.fieldName) ?? itemValues(field)));
    const declared = new Set(getValues('params').map((param) => param.paramName.trim()));
    const added = names.filter((name) => !declared.has(name)).map((name) => ({ paramName: name, paramTxt: '', paramValue: '' }));
    if (added.length > 0) params.append(added, { shouldFocus: false });
  };

  return (
    <>
      <FormSection title={t('form.basics')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField<Values> name="code" label={t('field.code')} required fontFamily="mono" maxLength={32} autoComplete="off" spellCheck={false} testId="report-code"
            helper={t('form.codeHint')} rules={{ validate: requiredText(t('form.codeRequired')) }} />
          <SelectField<Values> name="dbSource" label={t('field.dbSource')} testId="report-db-source" loading={sources.isFetching} helper={t('form.dbSourceHint')}
            placeholder={t('form.platformDb')} options={(sources.data ?? []).map((source) => ({ value: source.code, label: `${source.name} (${source.code})` }))} />
          <TextField<Values> name="name" label={t('field.name')} required maxLength={100} testId="report-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
          <TextField<Values> name="nameEn" label={t('field.nameEn')} maxLength={100} testId="report-name-en" />
        </SimpleGrid>
        <TextareaField<Values> name="content" label={t('field.content')} maxLength={500} testId="report-content" />
      </FormSection>
      <FormSection title={t('form.sqlSection')}>
        <TextareaField<Values> name="cgrSql" label={t('field.cgrSql')} required fontFamily="mono" textStyle="sm" rows={8} autoresize={false} resize="vertical" maxLength={MAX_SQL} spellCheck={false} autoComplete="off"
          testId="report-sql" helper={t('form.sqlHint')} rules={{ validate: requiredText(t('form.sqlRequired')) }} />
        <ParseButton onParsed={parsed} />
      </FormSection>
      <FormSection title={t('form.columnsSection')}>
        <ItemsTable fields={items.fields} />
        <ParamsTable params={params} />
      </FormSection>
    </>
  );
}

/**
 * Add or edit an online report (`POST /online/cgreport/head/add`, `PUT …/edit`): code, names,
 * the database it reads, the SQL with "Parse SQL" filling the columns and parameters, each
 * column's heading, type, flags, search mode and dictionary, and the parameters' defaults. The
 * server checks the SQL as it saves; its refusal shows under the field it names.
 */
export function ReportFormDialog({ record, ...dialog }: RecordFormOpenProps<ReportRecord>) {
  const { t } = useTranslation('onlReport');
  return (
    <RecordFormDialog<Values, ReportRecord>
      {...dialog} testId="report-form" listPath={REPORT_LIST_PATH} serverFields={serverField}
      size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" contentProps={{ maxWidth: { md: 'min(1100px, calc(100vw - 2rem))' }, width: 'full' }}
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      subtitle={record ? <Text textStyle="xs" color="fg.muted" fontFamily="mono">{record.code}</Text> : undefined}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editReport({ ...reportBody(values), id: record.id }) : addReport(reportBody(values)))}
    >
      <ReportFields />
    </RecordFormDialog>
  );
}
