import { Button, EmptyState, Field, HStack, IconButton, Input, InputGroup, Table, Text } from '@chakra-ui/react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { isOneOf } from '../../../components/form/options';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { VALID_TYPE_UNITS, VALID_TYPES } from './api';
import type { ProductValues } from './form';
import { boundProblem } from './rules';

/**
 * The validity rules of a product as an editable table: what is limited (weight, longest side,
 * girth, declared value, pieces), its unit, and a minimum and/or maximum. Errors (the form's or
 * the server's `rules[2].max`) show in their cell.
 */
export function RulesEditor({ form }: { form: UseFormReturn<ProductValues> }) {
  const { t } = useTranslation('carrierProduct');
  const { control, register, getValues, trigger, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rules' });
  const rows = useWatch({ control, name: 'rules' });
  const errors = formState.errors.rules;

  const unitOf = (validType: string | undefined) => (isOneOf(VALID_TYPES, validType) ? t(`unit.${VALID_TYPE_UNITS[validType]}`) : '');
  const bound = (index: number, which: 'min' | 'max') =>
    register(`rules.${index}.${which}`, {
      validate: () => {
        const problem = boundProblem(getValues(`rules.${index}`), which);
        return problem ? t(`rule.${problem}`) : true;
      },
      deps: which === 'min' ? [`rules.${index}.max`] : undefined,
    });

  return (
    <Field.Root>
      <HStack justify="space-between" width="full" gap="2" wrap="wrap">
        <Field.Label>{t('field.rules')}</Field.Label>
        <Button size="xs" variant="outline" onClick={() => append({ validType: nextType(rows), min: '', max: '' })} data-testid="product-rule-add">
          <PlusIcon />
          {t('rule.add')}
        </Button>
      </HStack>
      {fields.length === 0 ? (
        <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="md" width="full">
          <EmptyState.Content>
            <EmptyState.Description>{t('rule.empty')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
          <Table.Root size="sm" minWidth="md" data-testid="product-rules">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader width="40%">{t('rule.validType')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('rule.min')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('rule.max')}</Table.ColumnHeader>
                <Table.ColumnHeader width="10" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {fields.map((field, index) => {
                const unit = unitOf(rows?.[index]?.validType);
                const rowErrors = errors?.[index];
                return (
                  <Table.Row key={field.id} data-testid="product-rule-row" verticalAlign="top">
                    <Table.Cell>
                      <Field.Root invalid={!!rowErrors?.validType}>
                        <Controller
                          control={control}
                          name={`rules.${index}.validType`}
                          render={({ field: select }) => (
                            <OptionSelect
                              ref={select.ref}
                              name={select.name}
                              value={select.value}
                              onChange={(event) => {
                                select.onChange(event.currentTarget.value);
                                // The bounds' rules depend on the kind (pieces are whole numbers).
                                if (getValues(`rules.${index}.min`) || getValues(`rules.${index}.max`)) void trigger([`rules.${index}.min`, `rules.${index}.max`]);
                              }}
                              onBlur={select.onBlur}
                              options={VALID_TYPES.map((type) => ({ value: type, label: t(`validType.${type}`) }))}
                              aria-label={t('rule.validType')}
                              data-testid="product-rule-type"
                            />
                          )}
                        />
                        <Field.ErrorText>{rowErrors?.validType?.message}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    {(['min', 'max'] as const).map((which) => (
                      <Table.Cell key={which}>
                        <Field.Root invalid={!!rowErrors?.[which]}>
                          <InputGroup endElement={unit ? <Text textStyle="xs" color="fg.muted">{unit}</Text> : undefined}>
                            <Input size="sm" inputMode="decimal" autoComplete="off" aria-label={t(`rule.${which}`)} data-testid={`product-rule-${which}`} {...bound(index, which)} />
                          </InputGroup>
                          <Field.ErrorText data-testid={`product-rule-${which}-error`}>{rowErrors?.[which]?.message}</Field.ErrorText>
                        </Field.Root>
                      </Table.Cell>
                    ))}
                    <Table.Cell>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('rule.remove')} title={t('rule.remove')} onClick={() => remove(index)} data-testid="product-rule-remove">
                        <TrashIcon />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Field.HelperText>{t('rule.hint')}</Field.HelperText>
    </Field.Root>
  );
}

/** The first kind of limit the product does not have yet (weight first). */
function nextType(rows: readonly { validType: string }[] | undefined): string {
  const used = new Set((rows ?? []).map((row) => row.validType));
  return VALID_TYPES.find((type) => !used.has(type)) ?? VALID_TYPES[0];
}
