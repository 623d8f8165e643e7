import { Badge, RadioGroup, SimpleGrid, Wrap } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalInteger, requiredText } from '../../../components/form/rules';
import { numberOrNull, optionalTexts, textValues } from '../../../components/form/values';
import { addDictItem, DICT_COLORS, editDictItem, isDictColor, type DictItemRecord } from './api';

/** The radio value of "no colour" (an empty value would read as "nothing chosen"). */
const NO_COLOR = 'none';
/** A colour choice drawn as a chip, outlined in its colour when chosen. */
const CHIP = { cursor: 'pointer', borderWidth: '1px', rounded: 'md', paddingX: '2', paddingY: '1', _checked: { borderColor: 'colorPalette.solid', bg: 'colorPalette.subtle' } } as const;

/** Fields the server may name in a refusal (the value taken within the dictionary, …). */
const FIELDS = ['itemText', 'itemTextEn', 'itemValue', 'sortOrder', 'description'] as const;
/** `itemColor`: a palette name, or '' for none. */
type Values = Record<(typeof FIELDS)[number] | 'itemColor', string> & { enabled: boolean };

const defaults = (record: DictItemRecord | undefined, nextSortOrder: number): Values => ({
  ...textValues(record, ['itemText', 'itemTextEn', 'itemValue', 'description']),
  itemColor: isDictColor(record?.itemColor) ? (record?.itemColor ?? '') : '',
  sortOrder: String(record?.sortOrder ?? nextSortOrder),
  enabled: record ? Number(record.status ?? 1) !== 0 : true,
});

/** Add or edit one item of the dictionary `dictId`; its colour is one of the contract's palettes. */
export function DictItemFormDialog({ record, dictId, nextSortOrder, ...dialog }: RecordFormOpenProps<DictItemRecord> & { dictId: string; /** The sort order offered for a new item. */ nextSortOrder: number }) {
  const { t } = useTranslation('sysDict');
  const save = (values: Values) => {
    const body = {
      ...optionalTexts(values, ['itemTextEn', 'description']),
      dictId,
      itemText: values.itemText.trim(),
      itemValue: values.itemValue.trim(),
      itemColor: values.itemColor || null,
      sortOrder: numberOrNull(values.sortOrder),
      status: values.enabled ? 1 : 0,
    };
    return record ? editDictItem({ ...body, id: record.id }) : addDictItem(body);
  };
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="dict-item-form" serverFields={FIELDS}
      title={record ? t('item.editTitle', { name: record.title || record.itemText }) : t('item.addTitle')}
      defaultValues={() => defaults(record, nextSortOrder)}
      save={save}
    >
      <ItemFields />
    </RecordFormDialog>
  );
}

function ItemFields() {
  const { t } = useTranslation('sysDict');
  const { control } = useFormContext<Values>();
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="itemText" label={t('item.field.itemText')} required testId="dict-item-text" rules={{ validate: requiredText(t('item.textRequired')) }} />
        <TextField<Values> name="itemTextEn" label={t('item.field.itemTextEn')} testId="dict-item-text-en" />
        <TextField<Values> name="itemValue" label={t('item.field.itemValue')} required fontFamily="mono" autoComplete="off" spellCheck={false} testId="dict-item-value"
          rules={{ validate: requiredText(t('item.valueRequired')) }} />
        <TextField<Values> name="sortOrder" label={t('item.field.sortOrder')} type="number" inputMode="numeric" testId="dict-item-sort"
          rules={{ validate: optionalInteger(t('item.sortInvalid')) }} />
      </SimpleGrid>
      <Controller
        control={control}
        name="itemColor"
        render={({ field }) => (
          <FormField label={t('item.field.itemColor')} labelProps={{ id: 'dict-item-color-label' }}>
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
                  <RadioGroup.Item key={color || NO_COLOR} value={color || NO_COLOR} data-testid={`dict-item-color-${color || NO_COLOR}`} {...CHIP}>
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
          </FormField>
        )}
      />
      <TextareaField<Values> name="description" label={t('field.description')} rows={2} maxLength={500} testId="dict-item-description" />
      <FormSwitch<Values> name="enabled" label={t('item.field.enabled')} testId="dict-item-enabled" />
    </>
  );
}
