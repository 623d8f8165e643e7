/**
 * `system/CountryList` (国家地区 Countries, platform only): filters, server paging and sorting,
 * enable/disable in place, add/edit dialog with a live postal-code test, delete, batch delete and
 * CSV export (contract dicts-notices.md, "Countries").
 */
import { Badge, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, NativeSelect, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import type { ButtonState } from '../../../core';
import { useButtonState } from '../../../hooks/useButtonState';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { useLanguage, type Language } from '../../../i18n';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (country) => (
        <HStack gap="0.5">
          <Authorized action="system:country:edit">
            <IconButton size="xs" variant="ghost" aria-label={t('action.edit', { ns: 'dataTable' })} title={t('action.edit', { ns: 'dataTable' })} onClick={() => onEdit(country)} data-testid="country-edit">
              <PencilIcon />
            </IconButton>
          </Authorized>
          <Authorized action="system:country:delete">
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('action.delete', { ns: 'dataTable' })}
              title={t('action.delete', { ns: 'dataTable' })}
              onClick={() => onDelete(country)}
              data-testid="country-delete"
            >
              <TrashIcon />
            </IconButton>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

export default function CountryListPage() {
  const { t } = useTranslation('sysCountry');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const editState = useButtonState('system:country:edit');
  const canDelete = useButtonState('system:country:delete') !== 'hidden';
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: CountryRecord }>();
  const [toggling, setToggling] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const list = useServerList<CountryRecord>(COUNTRY_LIST_PATH, filters, { defaultSort: { column: 'code', order: 'asc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', COUNTRY_LIST_PATH] });

  const toggle = async (country: CountryRecord, enabled: boolean) => {
    setToggling(country.code);
    try {
      await editCountry({ ...countryInput(country), enabled }, true);
      toaster.create({
        type: 'success',
        title: enabled ? t('enabledToast', { name: countryName(country, language) }) : t('disabledToast', { name: countryName(country, language) }),
        duration: 3000,
      });
      await refresh();
    } catch {
      // The API client showed the notice; the switch keeps the stored state.
    } finally {
      setToggling(undefined);
    }
  };

  const askDelete = (country: CountryRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: countryName(country, language), code: country.code }),
      testId: 'country-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteCountry(country.code);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.setSelection(list.selection.filter((code) => code !== country.code));
        await refresh();
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(list.selection)) return;
    const codes = list.selection;
    confirm({
      title: t('delete.title'),
      description: t('delete.batchDescription', { count: codes.length }),
      testId: 'country-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteCountries(codes);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const exportCsv = async () => {
    const csvColumns: CsvColumn<CountryRecord>[] = [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.nameZh'), value: (row) => row.nameZh },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.phonePrefix'), value: (row) => row.phonePrefix },
      { header: t('field.postalPattern'), value: (row) => row.postalPattern },
      { header: t('field.enabled'), value: (row) => (row.enabled ? t('status.enabled') : t('status.disabled')) },
      { header: t('field.sortOrder'), value: (row) => row.sortOrder },
    ];
    setExporting(true);
    try {
      await exportAll(COUNTRY_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = countryColumns({ t, language, editState, toggling, onToggle: (country, enabled) => void toggle(country, enabled), onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="country-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="country-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.name')}</Field.Label>
          <Input size="sm" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} placeholder={t('filter.namePlaceholder')} data-testid="country-search-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.code')}</Field.Label>
          <Input
            size="sm"
            fontFamily="mono"
            maxLength={2}
            value={draft.code}
            onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value.toUpperCase() })}
            placeholder={t('filter.codePlaceholder')}
            data-testid="country-search-code"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.enabled')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.value })} data-testid="country-search-enabled">
              <option value="">{t('status.all')}</option>
              <option value="true">{t('status.enabled')}</option>
              <option value="false">{t('status.disabled')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Heading size="md">{t('title')}</Heading>
            <Wrap gap="2">
              <Authorized action="system:country:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="country-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="system:country:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="country-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="country-export">
                <DownloadIcon />
                {t('export.button', { ns: 'dataTable' })}
              </Button>
              <IconButton size="sm" variant="ghost" aria-label={t('action.refresh', { ns: 'dataTable' })} title={t('action.refresh', { ns: 'dataTable' })} onClick={() => void list.refetch()}>
                <RefreshIcon />
              </IconButton>
            </Wrap>
          </Flex>
        </Card.Header>
        <Card.Body>
          <DataTable
            columns={columns}
            rows={list.rows}
            total={list.total}
            loading={list.loading}
            page={list.page}
            onPageChange={list.setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            selectedIds={list.selection}
            onSelectionChange={canDelete ? list.setSelection : undefined}
            getRowId={(country) => country.code}
            caption={t('caption')}
            testId="country-table"
          />
        </Card.Body>
      </Card.Root>
      <CountryFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      {dialog}
    </Stack>
  );
}
