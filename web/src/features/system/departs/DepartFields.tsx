import { Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORG_CATEGORIES, type DepartInput, type DepartNode } from './api';

/** The editable fields of a department, as the add dialog and the "Basic info" tab share them. */
export interface DepartFormValues {
  departName: string;
  departNameEn: string;
  orgCategory: string;
  departOrder: string;
  memo: string;
}

export function departDefaults(node: DepartNode | undefined, defaultCategory = '1'): DepartFormValues {
  return {
    departName: node?.departName ?? '',
    departNameEn: node?.departNameEn ?? '',
    orgCategory: node?.orgCategory || defaultCategory,
    departOrder: node?.departOrder === null || node?.departOrder === undefined ? '0' : String(node.departOrder),
    memo: node?.memo ?? '',
  };
}

export function toDepartInput(values: DepartFormValues): DepartInput {
  return {
    departName: values.departName.trim(),
    departNameEn: values.departNameEn.trim() || null,
    orgCategory: values.orgCategory,
    departOrder: values.departOrder.trim() === '' ? 0 : Number(values.departOrder),
    memo: values.memo.trim() || null,
  };
}

/** Name (both languages), type, order and notes; the org code is shown read-only when known. */
export function DepartFields({
  register,
  errors,
  orgCode,
  readOnly = false,
}: {
  register: UseFormRegister<DepartFormValues>;
  errors: FieldErrors<DepartFormValues>;
  orgCode?: string | null;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('sysDepart');
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!errors.departName} required readOnly={readOnly}>
          <Field.Label>
            {t('field.departName')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" data-testid="depart-name" {...register('departName', { validate: (v) => (v.trim() ? true : t('form.departNameRequired')) })} />
          <Field.ErrorText>{errors.departName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root readOnly={readOnly}>
          <Field.Label>{t('field.departNameEn')}</Field.Label>
          <Input size="sm" data-testid="depart-name-en" {...register('departNameEn')} />
        </Field.Root>
        <Field.Root disabled={readOnly}>
          <Field.Label>{t('field.orgCategory')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field data-testid="depart-category" {...register('orgCategory')}>
              {ORG_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`orgCategory.${category}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={!!errors.departOrder} readOnly={readOnly}>
          <Field.Label>{t('field.departOrder')}</Field.Label>
          <Input
            size="sm"
            inputMode="numeric"
            data-testid="depart-order"
            {...register('departOrder', { validate: (v) => (v.trim() === '' || /^-?\d+$/.test(v.trim()) ? true : t('form.departOrderInvalid')) })}
          />
          <Field.ErrorText>{errors.departOrder?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      {orgCode !== undefined ? (
        <Field.Root readOnly>
          <Field.Label>{t('field.orgCode')}</Field.Label>
          <Input size="sm" value={orgCode ?? ''} readOnly fontFamily="mono" data-testid="depart-org-code" />
          <Field.HelperText>{t('form.orgCodeHint')}</Field.HelperText>
        </Field.Root>
      ) : null}
      <Field.Root readOnly={readOnly}>
        <Field.Label>{t('field.memo')}</Field.Label>
        <Textarea size="sm" rows={3} autoresize data-testid="depart-memo" {...register('memo')} />
      </Field.Root>
    </Stack>
  );
}
