import { Badge, Button, CloseButton, Dialog, Field, HStack, Input, Portal, RadioGroup, SimpleGrid, Stack, Switch, Textarea, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { serverError } from '../../../components/form/serverError';
import { addDictItem, DICT_COLORS, editDictItem, isDictColor, type DictItemRecord } from './api';

/** The radio value of "no colour" (an empty value would read as "nothing chosen"). */
const NO_COLOR = 'none';

interface Values {
  itemText: string;
  itemTextEn: string;
  itemValue: string;
  /** A palette name, or '' for none. */
  itemColor: string;
  description: string;
  sortOrder: string;
  enabled: boolean;
}

/** Fields the server may name in a refusal (the value taken within the dictionary, …). */
const FIELDS: (keyof Values)[] = ['itemText', 'itemTextEn', 'itemValue', 'sortOrder', 'description'];

const defaults = (record: DictItemRecord | undefined, nextSortOrder: number): Values => ({
  itemText: record?.itemText ?? '',
  itemTextEn: record?.itemTextEn ?? '',
  itemValue: record?.itemValue ?? '',
  itemColor: isDictColor(record?.itemColor) ? (record?.itemColor ?? '') : '',
  description: record?.description ?? '',
  sortOrder: String(record?.sortOrder ?? nextSortOrder),
  enabled: record ? Number(record.status ?? 1) !== 0 : true,
});

interface DictItemFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dictId: string;
  /** The item to edit; a new one when undefined. */
  record: DictItemRecord | undefined;
  /** The sort order offered for a new item. */
  nextSortOrder: number;
  onSaved: () => void;
}

/** Add or edit one item of a dictionary; its colour is one of the contract's palettes. */
export function DictItemFormDialog({ open, onOpenChange, dictId, record, nextSortOrder, onSaved }: DictItemFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dict-item-form">
            <ItemForm dictId={dictId} record={record} nextSortOrder={nextSortOrder} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ItemForm({
  dictId,
  record,
  nextSortOrder,
  onSaved,
  onClose,
}: {
  dictId: string;
  record: DictItemRecord | undefined;
  nextSortOrder: number;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sysDict');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record, nextSortOrder) });
  const { register, handleSubmit, formState, control, setError } = form;
  const [formError, setFormError] = useState<string>();
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = {
      dictId,
      itemText: values.itemText.trim(),
      itemTextEn: values.itemTextEn.trim() || null,
      itemValue: values.itemValue.trim(),
      itemColor: values.itemColor || null,
      description: values.description.trim() || null,
      sortOrder: values.sortOrder.trim() === '' ? null : Number(values.sortOrder),
      status: values.enabled ? 1 : 0,
    };
    try {
      const envelope = record ? await editDictItem({ ...body, id: record.id }) : await addDictItem(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      if (field && FIELDS.includes(field as keyof Values)) setError(field as keyof Values, { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{record ? t('item.editTitle', { name: record.title || record.itemText }) : t('item.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={formError} testId="dict-item-form-error" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.itemText} required>
              <Field.Label>
                {t('item.field.itemText')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" data-testid="dict-item-text" {...register('itemText', { validate: (v) => (v.trim() ? true : t('item.textRequired')) })} />
              <Field.ErrorText>{err.itemText?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('item.field.itemTextEn')}</Field.Label>
              <Input size="sm" data-testid="dict-item-text-en" {...register('itemTextEn')} />
            </Field.Root>
            <Field.Root invalid={!!err.itemValue} required>
              <Field.Label>
                {t('item.field.itemValue')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                autoComplete="off"
                spellCheck={false}
                data-testid="dict-item-value"
                {...register('itemValue', { validate: (v) => (v.trim() ? true : t('item.valueRequired')) })}
              />
              <Field.ErrorText>{err.itemValue?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!err.sortOrder}>
              <Field.Label>{t('item.field.sortOrder')}</Field.Label>
              <Input
                size="sm"
                type="number"
                inputMode="numeric"
                data-testid="dict-item-sort"
                {...register('sortOrder', { validate: (v) => (v.trim() === '' || /^-?\d+$/.test(v.trim()) ? true : t('item.sortInvalid')) })}
              />
              <Field.ErrorText>{err.sortOrder?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Controller
            control={control}
            name="itemColor"
            render={({ field }) => (
              <Field.Root>
                <Field.Label id="dict-item-color-label">{t('item.field.itemColor')}</Field.Label>
                <RadioGroup.Root
                  size="sm"
                  name={field.name}
                  value={field.value || NO_COLOR}
                  onValueChange={(details) => field.onChange(!details.value || details.value === NO_COLOR ? '' : details.value)}
                  aria-labelledby="dict-item-color-label"
                  data-testid="dict-item-color"
                >
                  <Wrap gap="2">
                    {['', ...DICT_COLORS].map((color) => (
                      <RadioGroup.Item
                        key={color || NO_COLOR}
                        value={color || NO_COLOR}
                        cursor="pointer"
                        borderWidth="1px"
                        rounded="md"
                        paddingX="2"
                        paddingY="1"
                        _checked={{ borderColor: 'colorPalette.solid', bg: 'colorPalette.subtle' }}
                        data-testid={`dict-item-color-${color || NO_COLOR}`}
                      >
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemText>
                          {color ? (
                            <Badge size="sm" variant="subtle" colorPalette={color}>
                              {t(`color.${color as (typeof DICT_COLORS)[number]}`)}
                            </Badge>
                          ) : (
                            <Badge size="sm" variant="outline">
                              {t('color.none')}
                            </Badge>
                          )}
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Wrap>
                </RadioGroup.Root>
              </Field.Root>
            )}
          />
          <Field.Root>
            <Field.Label>{t('field.description')}</Field.Label>
            <Textarea size="sm" rows={2} autoresize maxLength={500} data-testid="dict-item-description" {...register('description')} />
          </Field.Root>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <HStack>
                <Switch.Root size="sm" name={field.name} checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)} data-testid="dict-item-enabled">
                  <Switch.HiddenInput onBlur={field.onBlur} ref={field.ref} />
                  <Switch.Control />
                  <Switch.Label>{t('item.field.enabled')}</Switch.Label>
                </Switch.Root>
              </HStack>
            )}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="dict-item-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
