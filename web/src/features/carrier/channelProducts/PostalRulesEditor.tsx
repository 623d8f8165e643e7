import { Button, EmptyState, Field, HStack, IconButton, Input, Table } from '@chakra-ui/react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { OptionSelect } from '../../../components/form/OptionSelect';
import type { ProductValues } from './form';
import { COUNTRY, POSTAL_CODE } from './rules';

/**
 * The postal rules of a product as an editable table: per country, codes (or prefixes ending in
 * `*`) that are the only ones allowed, or that are refused. Errors (the form's or the server's
 * `postalRules[0].country`) show in their cell.
 */
export function PostalRulesEditor({ form }: { form: UseFormReturn<ProductValues> }) {
  const { t } = useTranslation('carrierProduct');
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'postalRules' });
  const errors = formState.errors.postalRules;

  return (
    <Field.Root>
      <HStack justify="space-between" width="full" gap="2" wrap="wrap">
        <Field.Label>{t('field.postalRules')}</Field.Label>
        <Button size="xs" variant="outline" onClick={() => append({ country: '', postalCode: '', mode: 'deny', remark: '' })} data-testid="product-postal-add">
          <PlusIcon />
          {t('postal.add')}
        </Button>
      </HStack>
      {fields.length === 0 ? (
        <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="md" width="full">
          <EmptyState.Content>
            <EmptyState.Description>{t('postal.empty')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
          <Table.Root size="sm" minWidth="xl" data-testid="product-postal-rules">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader width="24">{t('postal.country')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('postal.postalCode')}</Table.ColumnHeader>
                <Table.ColumnHeader width="32">{t('postal.mode')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('postal.remark')}</Table.ColumnHeader>
                <Table.ColumnHeader width="10" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {fields.map((field, index) => {
                const rowErrors = errors?.[index];
                return (
                  <Table.Row key={field.id} data-testid="product-postal-row" verticalAlign="top">
                    <Table.Cell>
                      <Field.Root invalid={!!rowErrors?.country}>
                        <Input
                          size="sm"
                          maxLength={2}
                          textTransform="uppercase"
                          fontFamily="mono"
                          autoComplete="off"
                          placeholder="US"
                          aria-label={t('postal.country')}
                          data-testid="product-postal-country"
                          {...register(`postalRules.${index}.country`, { validate: (v) => (COUNTRY.test(v.trim()) ? true : t('postal.countryInvalid')) })}
                        />
                        <Field.ErrorText data-testid="product-postal-country-error">{rowErrors?.country?.message}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Field.Root invalid={!!rowErrors?.postalCode}>
                        <Input
                          size="sm"
                          fontFamily="mono"
                          autoComplete="off"
                          placeholder="99*"
                          aria-label={t('postal.postalCode')}
                          data-testid="product-postal-code"
                          {...register(`postalRules.${index}.postalCode`, {
                            validate: (v) => (v.trim() === '' ? t('postal.codeRequired') : POSTAL_CODE.test(v.trim()) ? true : t('postal.codeInvalid')),
                          })}
                        />
                        <Field.ErrorText data-testid="product-postal-code-error">{rowErrors?.postalCode?.message}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Field.Root invalid={!!rowErrors?.mode}>
                        <Controller
                          control={control}
                          name={`postalRules.${index}.mode`}
                          render={({ field: select }) => (
                            <OptionSelect
                              ref={select.ref}
                              name={select.name}
                              value={select.value}
                              onChange={(event) => select.onChange(event.currentTarget.value)}
                              onBlur={select.onBlur}
                              options={[
                                { value: 'allow', label: t('postal.allow') },
                                { value: 'deny', label: t('postal.deny') },
                              ]}
                              aria-label={t('postal.mode')}
                              data-testid="product-postal-mode"
                            />
                          )}
                        />
                        <Field.ErrorText>{rowErrors?.mode?.message}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Field.Root invalid={!!rowErrors?.remark}>
                        <Input size="sm" maxLength={200} aria-label={t('postal.remark')} data-testid="product-postal-remark" {...register(`postalRules.${index}.remark`)} />
                        <Field.ErrorText>{rowErrors?.remark?.message}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('postal.remove')} title={t('postal.remove')} onClick={() => remove(index)} data-testid="product-postal-remove">
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
      <Field.HelperText>{t('postal.hint')}</Field.HelperText>
    </Field.Root>
  );
}
