/**
 * `system/CountryList` (国家地区 Countries, platform only): filters, server paging and sorting,
 * enable/disable in place, add/edit dialog with a live postal-code test, delete, batch delete and
 * CSV export (contract dicts-notices.md, "Countries").
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, monoColumn, statusSwitchColumn, useCrudList, useStatusToggle, type CrudList, type StatusToggle } from '../../../components/list';
import { useLanguage, type Language } from '../../../i18n';
import { COUNTRY_LIST_PATH, countryInput, deleteCountries, deleteCountry, editCountry, type CountryRecord } from './api';
import { CountryFormDialog } from './CountryFormDialog';

/** The filters (in the URL) and their empty values: `enabled` '' all, 'true' enabled, 'false' disabled. */
const EMPTY = { code: '', name: '', enabled: '' };
type Filters = typeof EMPTY;

const countryName = (country: CountryRecord, language: Language) => (language === 'en-US' ? country.nameEn || country.name : country.nameZh || country.name) ?? country.code;

function countryColumns(t: TFunction<'sysCountry'>, language: Language, toggle: StatusToggle<CountryRecord>, crud: CrudList<CountryRecord, Filters>): DataColumn<CountryRecord>[] {
  return [
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      width: '80px',
      cell: (country) => (
        <Badge size="sm" variant="outline" fontFamily="mono">
          {country.code}
        </Badge>
      ),
    },
    { id: 'name', header: t('field.name'), minWidth: '140px', cell: (country) => <Text fontWeight="medium">{countryName(country, language)}</Text> },
    { id: 'nameZh', header: t('field.nameZh'), sortable: true, hideBelow: 'lg' },
    { id: 'nameEn', header: t('field.nameEn'), sortable: true, hideBelow: 'lg' },
    monoColumn<CountryRecord>('phonePrefix', t('field.phonePrefix'), (country) => country.phonePrefix, { hideBelow: 'sm' }),
    {
      id: 'postalPattern',
      header: t('field.postalPattern'),
      hideBelow: 'md',
      cell: (country) =>
        country.postalPattern ? (
          <Text as="code" fontFamily="mono" textStyle="xs" bg="bg.muted" paddingX="1.5" paddingY="0.5" rounded="sm" display="inline-block" maxWidth="56" truncate title={country.postalPattern}>
            {country.postalPattern}
          </Text>
        ) : (
          <Text color="fg.subtle">{'—'}</Text>
        ),
    },
    statusSwitchColumn<CountryRecord>({
      id: 'enabled',
      header: t('field.enabled'),
      toggle,
      isOn: (country) => country.enabled,
      labels: [t('status.enabled'), t('status.disabled')],
      ariaLabel: (country) => t('toggle', { name: countryName(country, language) }),
      testId: 'country-enabled-toggle',
    }),
    { id: 'sortOrder', header: t('field.sortOrder'), sortable: true, hideBelow: 'sm', textAlign: 'end', cell: (country) => country.sortOrder ?? '—' },
    editDeleteColumn('icon', crud.actions),
  ];
}

export default function CountryListPage() {
  const { t } = useTranslation('sysCountry');
  const language = useLanguage();
  const toggle = useStatusToggle<CountryRecord>({
    permission: 'system:country:edit',
    getId: (country) => country.code,
    change: (country, enabled) => editCountry({ ...countryInput(country), enabled }, true),
    message: (country, enabled) => (enabled ? t('enabledToast', { name: countryName(country, language) }) : t('disabledToast', { name: countryName(country, language) })),
    listPath: COUNTRY_LIST_PATH,
  });
  const crud = useCrudList<CountryRecord, Filters>(COUNTRY_LIST_PATH, {
    name: 'country',
    permission: 'system:country',
    ns: 'sysCountry',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deleteCountries,
    removeOne: (country) => deleteCountry(country.code),
    getId: (country) => country.code,
    describe: (country) => t('delete.description', { name: countryName(country, language), code: country.code }),
    csv: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.nameZh'), value: (row) => row.nameZh },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.phonePrefix'), value: (row) => row.phonePrefix },
      { header: t('field.postalPattern'), value: (row) => row.postalPattern },
      { header: t('field.enabled'), value: (row) => (row.enabled ? t('status.enabled') : t('status.disabled')) },
      { header: t('field.sortOrder'), value: (row) => row.sortOrder },
    ],
  });

  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={countryColumns(t, language, toggle, crud)}
      filters={
        <>
          <FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="country-search-name" />
          <FilterText
            page={crud}
            name="code"
            label={t('filter.code')}
            fontFamily="mono"
            maxLength={2}
            transform={(value) => value.toUpperCase()}
            placeholder={t('filter.codePlaceholder')}
            testId="country-search-code"
          />
          <FilterSelect page={crud} name="enabled" label={t('field.enabled')} options={labelled(['true', 'false'], (on) => (on === 'true' ? t('status.enabled') : t('status.disabled')))} allLabel={t('status.all')} testId="country-search-enabled" />
        </>
      }
      toolbar={{ onRefresh: crud.list.refetch }}
      table={{ getRowId: (country) => country.code }}
      dialogs={<CountryFormDialog {...crud.form.dialog} />}
    />
  );
}
