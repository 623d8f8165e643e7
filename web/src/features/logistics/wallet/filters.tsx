/** Search fields the wallet's lists share: the currency and a range of days. */
import { Field, HStack, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, type TextFilters } from '../../../components/list';
import { CURRENCIES } from './api';

/** What the fields need of a list page. */
interface DraftOf<F extends TextFilters> {
  draft: F;
  setDraftValue: (name: keyof F & string, value: string) => void;
  applyNow: (name: keyof F & string, value: string) => void;
}

/** The currencies as select options (codes are the same in both languages). */
export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/** The currency filter (`currency`), "all" when empty. */
export function CurrencyFilter<F extends TextFilters & { currency: string }>({ page, testId }: { page: DraftOf<F>; testId: string }) {
  const { t } = useTranslation('wallet');
  return <FilterSelect page={page} name="currency" label={t('field.currency')} options={CURRENCY_OPTIONS} allLabel={t('filter.all')} testId={testId} />;
}

/** The days a list's `createTime_begin` and `createTime_end` filters take (`YYYY-MM-DD`, counted in the browser's zone by the server). */
export type DayRange = { createTime_begin: string; createTime_end: string };

/** The range is backwards: Search refuses it. */
export const rangeInvalid = (draft: DayRange) => draft.createTime_begin !== '' && draft.createTime_end !== '' && draft.createTime_end < draft.createTime_begin;

/** From and to days of the creation time. */
export function DayRangeFilter<F extends TextFilters & DayRange>({ page, testId }: { page: DraftOf<F>; testId: string }) {
  const { t } = useTranslation('wallet');
  const { draft } = page;
  return (
    <Field.Root invalid={rangeInvalid(draft)}>
      <Field.Label>{t('filter.range')}</Field.Label>
      <HStack gap="2" width="full">
        <Input
          size="sm"
          type="date"
          minWidth="0"
          value={draft.createTime_begin}
          max={draft.createTime_end || undefined}
          onChange={(event) => page.setDraftValue('createTime_begin', event.currentTarget.value)}
          aria-label={t('filter.begin')}
          data-testid={`${testId}-begin`}
        />
        <Text color="fg.muted" flexShrink={0}>
          {t('filter.to')}
        </Text>
        <Input
          size="sm"
          type="date"
          minWidth="0"
          value={draft.createTime_end}
          min={draft.createTime_begin || undefined}
          onChange={(event) => page.setDraftValue('createTime_end', event.currentTarget.value)}
          aria-label={t('filter.end')}
          data-testid={`${testId}-end`}
        />
      </HStack>
      <Field.ErrorText>{t('filter.rangeInvalid')}</Field.ErrorText>
    </Field.Root>
  );
}
