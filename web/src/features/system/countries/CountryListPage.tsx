/**
 * `system/CountryList` (国家地区 Countries, platform only): filters, server paging and sorting,
 * enable/disable in place, add/edit dialog with a live postal-code test, delete, batch delete and
 * CSV export (contract dicts-notices.md, "Countries").
 */
import { Badge, Switch, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, toastSuccess, useCsvExport, useDeleteRecords, useInvalidateList, useListPage } from '../../../components/list';
import type { ButtonState } from '../../../core';
import { useButtonState } from '../../../hooks/useButtonState';
import { useLanguage, type Language } from '../../../i18n';
import { COUNTRY_LIST_PATH, countryInput, deleteCountries, deleteCountry, editCountry, type CountryRecord } from './api';
import { CountryFormDialog } from './CountryFormDialog';

type Filters = {
  code: string;
  name: string;
  /** '' all, 'true' enabled, 'false' disabled. */
  enabled: string;
};

const EMPTY: Filters = { code: '', name: '', enabled: '' };

const countryName = (country: CountryRecord, language: Language) => (language === 'en-US' ? country.nameEn || country.name : country.nameZh || country.name) ?? country.code;

interface ColumnDeps {
  t: TFunction<'sysCountry'>;
  language: Language;
  editState: ButtonState;
  toggling: string | undefined;
  onToggle: (country: CountryRecord, enabled: boolean) => void;
  onEdit: (country: CountryRecord) => void;
  onDelete: (country: CountryRecord) => void;
}

function countryColumns({ t, language, editState, toggling, onToggle, onEdit, onDelete }: ColumnDeps): DataColumn<CountryRecord>[] {
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
    {
      id: 'phonePrefix',
      header: t('field.phonePrefix'),
      hideBelow: 'sm',
      cell: (country) => (country.phonePrefix ? <Text fontFamily="mono" textStyle="sm">{country.phonePrefix}</Text> : '—'),
    },
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
    {
      id: 'enabled',
      header: t('field.enabled'),
      cell: (country) =>
        editState === 'hidden' ? (
          <Badge size="sm" variant="subtle" colorPalette={country.enabled ? 'green' : 'gray'}>
            {country.enabled ? t('status.enabled') : t('status.disabled')}
          </Badge>
        ) : (
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={country.enabled}
            disabled={editState === 'disabled' || toggling === country.code}
            onCheckedChange={(details) => onToggle(country, details.checked)}
            data-testid="country-enabled-toggle"
          >
            <Switch.HiddenInput aria-label={t('toggle', { name: countryName(country, language) })} />
            <Switch.Control />
          </Switch.Root>
        ),
    },
    { id: 'sortOrder', header: t('field.sortOrder'), sortable: true, hideBelow: 'sm', textAlign: 'end', cell: (country) => country.sortOrder ?? '—' },
    actionsColumn<CountryRecord>('icon', (country) => [
      { kind: 'edit', action: 'system:country:edit', onClick: () => onEdit(country), testId: 'country-edit' },
      { kind: 'delete', action: 'system:country:delete', onClick: () => onDelete(country), testId: 'country-delete' },
    ]),
  ];
}

export default function CountryListPage() {
  const { t } = useTranslation('sysCountry');
  const language = useLanguage();
  const editState = useButtonState('system:country:edit');
  const canDelete = useButtonState('system:country:delete') !== 'hidden';
  const [form, setForm] = useState<{ record?: CountryRecord }>();
  const [toggling, setToggling] = useState<string>();
  const page = useListPage<CountryRecord, Filters>(COUNTRY_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'code', order: 'asc' } });
  const { list } = page;
  const refresh = useInvalidateList(COUNTRY_LIST_PATH);

  const toggle = async (country: CountryRecord, enabled: boolean) => {
    setToggling(country.code);
    try {
      await editCountry({ ...countryInput(country), enabled }, true);
      toastSuccess(enabled ? t('enabledToast', { name: countryName(country, language) }) : t('disabledToast', { name: countryName(country, language) }));
      await refresh();
    } catch {
      // The API client showed the notice; the switch keeps the stored state.
    } finally {
      setToggling(undefined);
    }
  };

  const remover = useDeleteRecords<CountryRecord>({
    list,
    remove: deleteCountries,
    removeOne: (country) => deleteCountry(country.code),
    getId: (country) => country.code,
    title: t('delete.title'),
    describe: (country) => t('delete.description', { name: countryName(country, language), code: country.code }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'country-delete-confirm',
  });

  const exporter = useCsvExport<CountryRecord>({
    path: COUNTRY_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.nameZh'), value: (row) => row.nameZh },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.phonePrefix'), value: (row) => row.phonePrefix },
      { header: t('field.postalPattern'), value: (row) => row.postalPattern },
      { header: t('field.enabled'), value: (row) => (row.enabled ? t('status.enabled') : t('status.disabled')) },
      { header: t('field.sortOrder'), value: (row) => row.sortOrder },
    ],
  });

  const columns = countryColumns({ t, language, editState, toggling, onToggle: (country, enabled) => void toggle(country, enabled), onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="country-page"
      search={
        <ListSearchBar page={page} testId="country-search">
          <FilterText page={page} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="country-search-name" />
          <FilterText
            page={page}
            name="code"
            label={t('filter.code')}
            fontFamily="mono"
            maxLength={2}
            transform={(value) => value.toUpperCase()}
            placeholder={t('filter.codePlaceholder')}
            testId="country-search-code"
          />
          <FilterSelect
            page={page}
            name="enabled"
            label={t('field.enabled')}
            options={[
              { value: 'true', label: t('status.enabled') },
              { value: 'false', label: t('status.disabled') },
            ]}
            allLabel={t('status.all')}
            testId="country-search-enabled"
          />
        </ListSearchBar>
      }
      title={t('title')}
      toolbar={
        <ListToolbar
          testIdPrefix="country"
          add={{ action: 'system:country:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'system:country:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
          onRefresh={list.refetch}
        />
      }
      dialogs={
        <>
          <CountryFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable={canDelete} columns={columns} getRowId={(country) => country.code} caption={t('caption')} testId="country-table" />
    </ListPage>
  );
}
