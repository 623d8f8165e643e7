import { Table } from '@chakra-ui/react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { RemoveButton, RowsEditor } from '../../../components/form/RowsEditor';
import type { ProductValues } from './form';
import { postalProblem } from './rules';

/**
 * The postal rules of a product as an editable table: per country, codes (or prefixes ending in
 * `*`) that are the only ones allowed, or that are refused. Errors (the form's or the server's
 * `postalRules[0].country`) show in their cell.
 */
export function PostalRulesEditor() {
  const { t } = useTranslation('carrierProduct');
  const { fields, append, remove } = useFieldArray<ProductValues, 'postalRules'>({ name: 'postalRules' });

  return (
    <RowsEditor
      label={t('field.postalRules')}
      addLabel={t('postal.add')}
      onAdd={() => append({ country: '', postalCode: '', mode: 'deny', remark: '' })}
      addTestId="product-postal-add"
      emptyText={t('postal.empty')}
      hint={t('postal.hint')}
      columns={[{ label: t('postal.country'), width: '24' }, { label: t('postal.postalCode') }, { label: t('postal.mode'), width: '32' }, { label: t('postal.remark') }]}
      minWidth="xl"
      testId="product-postal-rules"
      rowCount={fields.length}
    >
      {fields.map((field, index) => (
        <Table.Row key={field.id} data-testid="product-postal-row" verticalAlign="top">
          <Table.Cell>
            <TextField<ProductValues> name={`postalRules.${index}.country`} maxLength={2} textTransform="uppercase" fontFamily="mono" autoComplete="off" placeholder="US"
              aria-label={t('postal.country')} testId="product-postal-country" rules={{ validate: (v) => postalProblem({ country: v, postalCode: '' }, 'country') ?? true }} />
          </Table.Cell>
          <Table.Cell>
            <TextField<ProductValues> name={`postalRules.${index}.postalCode`} fontFamily="mono" autoComplete="off" placeholder="99*" aria-label={t('postal.postalCode')}
              testId="product-postal-code" rules={{ validate: (v) => postalProblem({ country: '', postalCode: v }, 'postalCode') ?? true }} />
          </Table.Cell>
          <Table.Cell>
            <SelectField<ProductValues> name={`postalRules.${index}.mode`}
              options={[
                { value: 'allow', label: t('postal.allow') },
                { value: 'deny', label: t('postal.deny') }, ]} aria-label={t('postal.mode')} testId="product-postal-mode" />
          </Table.Cell>
          <Table.Cell>
            <TextField<ProductValues> name={`postalRules.${index}.remark`} maxLength={200} aria-label={t('postal.remark')} testId="product-postal-remark" />
          </Table.Cell>
          <Table.Cell>
            <RemoveButton label={t('postal.remove')} onClick={() => remove(index)} testId="product-postal-remove" />
          </Table.Cell>
        </Table.Row>
      ))}
    </RowsEditor>
  );
}
