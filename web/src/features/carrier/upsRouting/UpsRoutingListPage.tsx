/**
 * UPS routing codes: UPS's routing table (country and postal range to the code UPS labels print),
 * filtered and sorted on the server, with the import of UPS's routing file, a lookup of one
 * postal code as labels do it, row corrections, delete and the server's xlsx export.
 */
import { Badge, Box, Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { SearchIcon, UploadIcon } from '../../../components/icons';
import { CrudListPage, createTimeColumn, editDeleteColumn, FilterSelect, FilterText, monoColumn, truncatedColumn, useCrudList, useInvalidateList, type CrudList } from '../../../components/list';
import { useCountries } from '../../shipment/shippers/api';
import { deleteUpsRoutings, lookupUpsRouting, rangeText, UPS_ROUTING_EXPORT_PATH, UPS_ROUTING_LIST_PATH, UPS_ROUTING_PERMISSION, type UpsRoutingFound, type UpsRoutingRecord } from './api';
import { UpsRoutingFormDialog } from './UpsRoutingFormDialog';
import { UpsRoutingImportDialog } from './UpsRoutingImportDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { countryCode: '', postalLow: '', routingCode: '', version: '' };
type Filters = typeof EMPTY;

type T = TFunction<'upsRouting'>;

function routingColumns(t: T, crud: CrudList<UpsRoutingRecord, Filters>): DataColumn<UpsRoutingRecord>[] {
  return [
    monoColumn('countryCode', t('field.countryCode'), (row) => row.countryCode, { sortable: true, strong: true }),
    monoColumn('postalLow', t('field.range'), (row) => rangeText(row, t('wholeCountry')), { sortable: true }),
    monoColumn('routingCode', t('field.routingCode'), (row) => <Badge colorPalette="orange" variant="subtle" fontFamily="mono">{row.routingCode}</Badge>, { sortable: true }),
    truncatedColumn('version', t('field.version'), (row) => row.version, '10rem', { sortable: true, hideBelow: 'sm' }),
    createTimeColumn(t('field.createTime'), 'lg'),
    editDeleteColumn('text', crud.actions),
  ];
}

/** One postal code looked up as a UPS label would (the longest range holding it, else its country's row). */
function LookupCard() {
  const { t } = useTranslation('upsRouting');
  const [country, setCountry] = useState('US');
  const [postal, setPostal] = useState('');
  const [answer, setAnswer] = useState<{ found?: UpsRoutingFound; message?: string }>();
  const [busy, setBusy] = useState(false);
  async function look() {
    setBusy(true);
    try {
      const result = await lookupUpsRouting(country.trim(), postal.trim());
      setAnswer({ found: result.result });
    } catch (failure) {
      setAnswer({ message: failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card.Root size="sm" variant="outline" data-testid="ups-routing-lookup">
      <Card.Body>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void look();
          }}
        >
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'center' }}>
            <Text fontWeight="medium" textStyle="sm" whiteSpace="nowrap">
              {t('lookup.title')}
            </Text>
            <HStack gap="2" flex="1">
              <Input size="sm" width="5rem" maxLength={2} fontFamily="mono" aria-label={t('field.countryCode')} value={country} onChange={(e) => setCountry(e.currentTarget.value.toUpperCase())} data-testid="ups-routing-lookup-country" />
              <Input size="sm" flex="1" maxWidth="14rem" fontFamily="mono" aria-label={t('lookup.postalCode')} placeholder={t('lookup.postalPlaceholder')} value={postal} onChange={(e) => setPostal(e.currentTarget.value)} data-testid="ups-routing-lookup-postal" />
              <Button size="sm" type="submit" variant="outline" loading={busy} data-testid="ups-routing-lookup-submit">
                <SearchIcon />
                {t('lookup.submit')}
              </Button>
            </HStack>
            <Box minWidth={{ md: '16rem' }} aria-live="polite" data-testid="ups-routing-lookup-answer">
              {answer?.found ? (
                <HStack gap="2">
                  <Badge colorPalette="orange" size="lg" fontFamily="mono">
                    {answer.found.routingCode}
                  </Badge>
                  <Text textStyle="xs" color="fg.muted">
                    {t('lookup.range', { country: answer.found.countryCode, range: rangeText(answer.found, t('wholeCountry')) })}
                  </Text>
                </HStack>
              ) : answer?.message ? (
                <Text textStyle="sm" color="fg.error">
                  {answer.message}
                </Text>
              ) : null}
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

export default function UpsRoutingListPage() {
  const { t } = useTranslation('upsRouting');
  const [importing, setImporting] = useState(false);
  const invalidate = useInvalidateList(UPS_ROUTING_LIST_PATH);
  const { options: countries } = useCountries();
  const crud = useCrudList<UpsRoutingRecord, Filters>(UPS_ROUTING_LIST_PATH, {
    name: 'ups-routing',
    permission: UPS_ROUTING_PERMISSION,
    ns: 'upsRouting',
    emptyFilters: EMPTY,
    defaultSort: { column: 'countryCode', order: 'asc' },
    remove: deleteUpsRoutings,
    describe: (record) => t('delete.description', { code: record.routingCode, country: record.countryCode, range: rangeText(record, t('wholeCountry')) }),
    exportPath: UPS_ROUTING_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={routingColumns(t, crud)}
      above={<LookupCard />}
      filters={
        <>
          <FilterSelect page={crud} name="countryCode" immediate label={t('filter.country')} options={countries} allLabel={t('filter.allCountries')} testId="ups-routing-search-country" />
          <FilterText page={crud} name="postalLow" label={t('filter.postalLow')} placeholder={t('filter.postalLowPlaceholder')} fontFamily="mono" testId="ups-routing-search-postal" />
          <FilterText page={crud} name="routingCode" label={t('filter.routingCode')} fontFamily="mono" testId="ups-routing-search-code" />
          <FilterText page={crud} name="version" label={t('filter.version')} testId="ups-routing-search-version" />
        </>
      }
      toolbar={{
        leading: (
          <Authorized action={`${UPS_ROUTING_PERMISSION}:import`}>
            <Button size="sm" onClick={() => setImporting(true)} data-testid="ups-routing-import-open">
              <UploadIcon />
              {t('import.button')}
            </Button>
          </Authorized>
        ),
        exportAction: `${UPS_ROUTING_PERMISSION}:export`,
      }}
      dialogs={
        <>
          <UpsRoutingFormDialog {...crud.form.dialog} />
          <UpsRoutingImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => void invalidate()} />
        </>
      }
    />
  );
}
