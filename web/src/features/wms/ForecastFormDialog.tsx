import { SimpleGrid, Table, Text } from '@chakra-ui/react';
import { Controller, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, FormNote } from '../../components/form/FormField';
import { TextareaField, TextField } from '../../components/form/fields';
import { RemoteSelect } from '../../components/form/RemoteSelect';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { RemoveButton, RowsEditor } from '../../components/form/RowsEditor';
import { CustomerField } from '../shipment/shippers/ShipperFormDialog';
import { addForecast, editForecast, FORECAST_LIST_PATH, orNull, searchSkus, wmsFieldRule, wmsIssue, type WmsForecastDetail, type WmsForecastForm } from './api';

/** Most lines one forecast has (core's `wms::MAX_LINES`). */
const MAX_LINES = 200;

interface LineValues {
  skuId: string;
  quantity: string;
  /** The picked SKU's label, to show it again when editing. */
  label?: string;
}
interface Values {
  customerId: string;
  warehouse: string;
  reference: string;
  remark: string;
  lines: LineValues[];
}

/** The body add and edit send (and core checks). */
export const forecastBody = (values: Values): WmsForecastForm => ({
  customerId: orNull(values.customerId),
  warehouse: values.warehouse.trim(),
  reference: orNull(values.reference),
  remark: orNull(values.remark),
  lines: values.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity.trim() })),
});

/** A server refusal naming `lines[2].quantity` shows under that cell. */
const serverField = (field: string): Path<Values> | undefined => {
  const row = /^lines\[(\d+)\]\.(skuId|quantity)$/.exec(field);
  if (row) return `lines.${Number(row[1])}.${row[2] as 'skuId' | 'quantity'}`;
  return (['customerId', 'warehouse', 'reference', 'remark', 'lines'] as const).find((name) => name === field);
};

const defaults = (record: WmsForecastDetail | undefined): Values => ({
  customerId: '',
  warehouse: record?.warehouse ?? '',
  reference: record?.reference ?? '',
  remark: record?.remark ?? '',
  lines: record ? record.lines.map((line) => ({ skuId: line.skuId, quantity: String(line.expected), label: line.skuCode })) : [{ skuId: '', quantity: '' }],
});

function LinesEditor() {
  const { t } = useTranslation('wmsForecast');
  const { fields, append, remove } = useFieldArray<Values, 'lines'>({ name: 'lines', rules: { validate: (_rows, values) => { const issue = wmsIssue(forecastBody(values), 'forecast'); return issue?.field === 'lines' ? issue.message : true; } } });
  const values = useWatch<Values>() as Values;
  const overall = wmsIssue(forecastBody(values), 'forecast');
  const total = values.lines.reduce((sum, line) => sum + (Number.parseInt(line.quantity, 10) || 0), 0);
  return (
    <RowsEditor
      label={t('form.lines')}
      addLabel={t('form.addLine')}
      onAdd={() => (fields.length < MAX_LINES ? append({ skuId: '', quantity: '' }) : undefined)}
      addTestId="forecast-line-add"
      emptyText={t('form.linesEmpty')}
      above={
        <>
          <Text textStyle="sm" color="fg.muted" data-testid="forecast-total">
            {t('form.total', { count: total, lines: fields.length })}
          </Text>
          <FormNote testId="forecast-lines-error">{overall?.field === 'lines' ? overall.message : undefined}</FormNote>
        </>
      }
      columns={[{ label: t('field.sku'), width: '65%' }, { label: t('field.expected') }]}
      minWidth="md"
      testId="forecast-lines"
      rowCount={fields.length}
    >
      {fields.map((field, index) => (
        <Table.Row key={field.id} data-testid="forecast-line-row" verticalAlign="top">
          <Table.Cell>
            <Controller<Values, `lines.${number}.skuId`>
              name={`lines.${index}.skuId`}
              rules={{ validate: wmsFieldRule<Values>('forecast', `lines[${index}].skuId`, forecastBody) }}
              render={({ field: control, fieldState }) => (
                <FormField error={fieldState.error?.message} testId={`forecast-lines-${index}-sku-field`}>
                  <RemoteSelect value={control.value} onChange={(option) => control.onChange(option?.value ?? '')} search={searchSkus} queryKey={['wms', 'skus']}
                    placeholder={t('form.skuPlaceholder')} selected={field.label ? { value: field.skuId, label: field.label } : undefined} invalid={!!fieldState.error}
                    aria-label={t('field.sku')} data-testid={`forecast-lines-${index}-sku`} />
                </FormField>
              )}
            />
          </Table.Cell>
          <Table.Cell>
            <TextField<Values> name={`lines.${index}.quantity`} aria-label={t('field.expected')} inputMode="numeric" autoComplete="off" testId={`forecast-lines-${index}-quantity`}
              rules={{ validate: wmsFieldRule<Values>('forecast', `lines[${index}].quantity`, forecastBody) }} />
          </Table.Cell>
          <Table.Cell>
            <RemoveButton label={t('form.removeLine')} onClick={() => remove(index)} testId={`forecast-lines-${index}-remove`} />
          </Table.Cell>
        </Table.Row>
      ))}
    </RowsEditor>
  );
}

/**
 * Announce goods (`POST /wms/forecast/add`) or change an announcement nothing of which is
 * received yet (`POST /wms/forecast/edit`): the warehouse, the carrier's or container's number,
 * and the SKUs with their pieces, each SKU once (core checks as typed). Staff name the customer.
 */
export function ForecastFormDialog({ record, onSaved, ...dialog }: Omit<RecordFormOpenProps<WmsForecastDetail>, 'onSaved'> & { onSaved?: (saved: WmsForecastDetail | undefined) => void }) {
  const { t } = useTranslation('wmsForecast');
  return (
    <RecordFormDialog<Values, WmsForecastDetail>
      {...dialog} testId="forecast-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={FORECAST_LIST_PATH} serverFields={serverField}
      title={record ? t('form.editTitle', { name: record.forecastNo }) : t('form.addTitle')}
      subtitle={t('form.subtitle')}
      defaultValues={() => defaults(record)}
      onSaved={onSaved}
      save={(values) => (record ? editForecast({ ...forecastBody(values), id: record.id }) : addForecast(forecastBody(values)))}
    >
      {!record ? <CustomerField text={(key) => t(key)} testId="forecast-customer" /> : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="warehouse" label={t('field.warehouse')} required fontFamily="mono" maxLength={10} autoComplete="off" testId="forecast-warehouse"
          formatInput={(value) => value.toUpperCase()} rules={{ validate: wmsFieldRule<Values>('forecast', 'warehouse', forecastBody) }} helper={t('form.warehouseHint')} />
        <TextField<Values> name="reference" label={t('field.reference')} fontFamily="mono" maxLength={60} autoComplete="off" testId="forecast-reference" helper={t('form.referenceHint')} />
      </SimpleGrid>
      <LinesEditor />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="forecast-remark" />
    </RecordFormDialog>
  );
}
