import { Table, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { isOneOf } from '../../../components/form/options';
import { RemoveButton, RowsEditor } from '../../../components/form/RowsEditor';
import { VALID_TYPE_UNITS, VALID_TYPES } from './api';
import type { ProductValues } from './form';
import { boundProblem } from './rules';

/**
 * The validity rules of a product as an editable table: what is limited (weight, longest side,
 * girth, declared value, pieces), its unit, and a minimum and/or maximum. Errors (the form's or
 * the server's `rules[2].max`) show in their cell.
 */
export function RulesEditor() {
  const { t } = useTranslation('carrierProduct');
  const { getValues, trigger } = useFormContext<ProductValues>();
  const { fields, append, remove } = useFieldArray<ProductValues, 'rules'>({ name: 'rules' });
  const rows = useWatch<ProductValues, 'rules'>({ name: 'rules' });

  const unitOf = (validType: string | undefined) => (isOneOf(VALID_TYPES, validType) ? t(`unit.${VALID_TYPE_UNITS[validType]}`) : '');

  return (
    <RowsEditor
      label={t('field.rules')}
      addLabel={t('rule.add')}
      onAdd={() => append({ validType: nextType(rows), min: '', max: '' })}
      addTestId="product-rule-add"
      emptyText={t('rule.empty')}
      hint={t('rule.hint')}
      columns={[{ label: t('rule.validType'), width: '40%' }, { label: t('rule.min') }, { label: t('rule.max') }]}
      testId="product-rules"
      rowCount={fields.length}
    >
      {fields.map((field, index) => {
        const unit = unitOf(rows?.[index]?.validType);
        return (
          <Table.Row key={field.id} data-testid="product-rule-row" verticalAlign="top">
            <Table.Cell>
              <SelectField<ProductValues> name={`rules.${index}.validType`} options={VALID_TYPES.map((type) => ({ value: type, label: t(`validType.${type}`) }))}
                aria-label={t('rule.validType')} testId="product-rule-type"
                onValueChange={() => {
                  // The bounds' rules depend on the kind (pieces are whole numbers).
                  if (getValues(`rules.${index}.min`) || getValues(`rules.${index}.max`)) void trigger([`rules.${index}.min`, `rules.${index}.max`]);
                }}
              />
            </Table.Cell>
            {(['min', 'max'] as const).map((which) => (
              <Table.Cell key={which}>
                <TextField<ProductValues> name={`rules.${index}.${which}`} inputMode="decimal" autoComplete="off" aria-label={t(`rule.${which}`)} testId={`product-rule-${which}`}
                  endElement={
                    unit ? (
                      <Text textStyle="xs" color="fg.muted">
                        {unit}
                      </Text>
                    ) : undefined
                  }
                  rules={{
                    validate: () => {
                      return boundProblem(getValues(`rules.${index}`), which) ?? true;
                    },
                    deps: which === 'min' ? [`rules.${index}.max`] : undefined,
                  }}
                />
              </Table.Cell>
            ))}
            <Table.Cell>
              <RemoveButton label={t('rule.remove')} onClick={() => remove(index)} testId="product-rule-remove" />
            </Table.Cell>
          </Table.Row>
        );
      })}
    </RowsEditor>
  );
}

/** The first kind of limit the product does not have yet (weight first). */
function nextType(rows: readonly { validType: string }[] | undefined): string {
  const used = new Set((rows ?? []).map((row) => row.validType));
  return VALID_TYPES.find((type) => !used.has(type)) ?? VALID_TYPES[0];
}
