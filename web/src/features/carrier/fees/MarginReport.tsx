/**
 * The margin report (`GET /logistics/carrierFee/margin`): charge, carrier cost and margin of the
 * orders whose carrier fee was recorded in a period (the current month unless changed), grouped
 * by carrier, channel product or customer, one row per currency, largest cost first; one carrier
 * or all. Under the rows, each currency's totals, summed exactly in minor units (`money.ts`).
 * "Export" downloads the same report as a workbook (`…/marginXls`, `margins.xlsx`).
 */
import { Button, Card, Field, Flex, Heading, HStack, Input, SegmentGroup, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { DownloadIcon, TrendingUpIcon } from '../../../components/icons';
import { ListEmpty, ListSubtitle, useDownload } from '../../../components/list';
import { useLanguage } from '../../../i18n';
import { Money } from '../../../components/Money';
import { localToday } from '../dispatch/api';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import {
  CARRIER_FEE_EXPORT_PERMISSION,
  carrierFeeKeys,
  fetchMargins,
  MARGIN_GROUPS,
  MARGIN_XLS_NAME,
  MARGIN_XLS_PATH,
  marginQuery,
  type MarginGroup,
  type MarginParams,
  type MarginRow,
} from './api';
import { MarginFigure, marginColor, rateText } from './MarginFigure';
import { marginTotals, type MarginTotal } from './money';

type T = TFunction<'carrierFee'>;

/** The current month in the browser's calendar: its first and last day. */
export function currentMonth(today = new Date()): Pick<MarginParams, 'createTime_begin' | 'createTime_end'> {
  return {
    createTime_begin: localToday(new Date(today.getFullYear(), today.getMonth(), 1)),
    createTime_end: localToday(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

const isGroup = (value: string | null): value is MarginGroup => (MARGIN_GROUPS as readonly (string | null)[]).includes(value);

/** The end is before the start: nothing is asked. */
const backwards = (params: MarginParams) => params.createTime_begin !== '' && params.createTime_end !== '' && params.createTime_end < params.createTime_begin;

/** The rows of one grouping. */
interface Report {
  groupBy: MarginGroup;
  rows: MarginRow[];
}

const rowKey = (row: MarginRow) => `${row.key}\u0000${row.currency}`;

/** The figures' columns, after the group's name (their headers, and how a row and a total fill them). */
const FIGURES = ['currency', 'shipments', 'charged', 'cost', 'margin', 'marginRate'] as const;
type Figure = (typeof FIGURES)[number];
const HIDDEN_BELOW: Partial<Record<Figure, 'sm' | 'md'>> = { shipments: 'sm', charged: 'md' };

function Count({ value }: { value: number }) {
  const lang = useLanguage();
  return (
    <Text as="span" fontVariantNumeric="tabular-nums">
      {new Intl.NumberFormat(lang).format(value)}
    </Text>
  );
}

/** One figure of a row or a total. */
function FigureCell({ figure, line, strong = false }: { figure: Figure; line: MarginRow | MarginTotal; strong?: boolean }) {
  const weight = strong ? 'semibold' : undefined;
  switch (figure) {
    case 'currency':
      return (
        <Text as="span" fontFamily="mono" textStyle="sm">
          {line.currency}
        </Text>
      );
    case 'shipments':
      return <Count value={line.shipments} />;
    case 'charged':
    case 'cost':
      return <Money amount={line[figure]} currency={line.currency} plain fontWeight={weight} />;
    case 'margin':
      return line.margin === undefined ? <>{'—'}</> : <MarginFigure margin={line.margin} currency={line.currency} testId="carrier-fee-margin-amount" />;
    case 'marginRate':
      return (
        <Text as="span" fontVariantNumeric="tabular-nums" fontWeight={weight} color={line.marginRate && line.margin !== undefined ? marginColor(line.margin) : 'fg.muted'} data-testid="carrier-fee-margin-rate">
          {rateText(line.marginRate)}
        </Text>
      );
  }
}

function MarginTable({ t, group, rows, loading }: { t: T; group: MarginGroup; rows: MarginRow[]; loading: boolean }) {
  const totals = marginTotals(rows);
  const headers: Record<Figure, string> = {
    currency: t('field.currency'),
    shipments: t('margin.shipments'),
    charged: t('field.charged'),
    cost: t('field.amount'),
    margin: t('field.margin'),
    marginRate: t('field.marginRate'),
  };
  const end = (figure: Figure) => (figure === 'currency' ? 'start' : 'end');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxWidth="100%">
      <Table.Root size="sm" aria-label={t('margin.caption')} aria-busy={loading} minWidth="max-content" width="full" data-testid="carrier-fee-margin-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader whiteSpace="nowrap">{t(`groupBy.${group}`)}</Table.ColumnHeader>
            {FIGURES.map((figure) => (
              <Table.ColumnHeader key={figure} textAlign={end(figure)} hideBelow={HIDDEN_BELOW[figure]} whiteSpace="nowrap">
                {headers[figure]}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body opacity={loading ? 0.6 : 1} transition="opacity 0.15s">
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} data-testid="carrier-fee-margin-row" data-key={row.key} data-currency={row.currency}>
              <Table.Cell minWidth="180px">
                <Text>{row.name || (row.key === '' ? t('margin.noProduct') : row.key)}</Text>
              </Table.Cell>
              {FIGURES.map((figure) => (
                <Table.Cell key={figure} textAlign={end(figure)} hideBelow={HIDDEN_BELOW[figure]}>
                  <FigureCell figure={figure} line={row} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          {totals.map((total) => (
            <Table.Row key={total.currency} bg="bg.subtle" fontWeight="semibold" data-testid="carrier-fee-margin-total" data-currency={total.currency}>
              <Table.Cell>{t('margin.total', { currency: total.currency })}</Table.Cell>
              {FIGURES.map((figure) => (
                <Table.Cell key={figure} textAlign={end(figure)} hideBelow={HIDDEN_BELOW[figure]} data-testid={`carrier-fee-margin-total-${figure}`}>
                  <FigureCell figure={figure} line={total} strong />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function MarginSkeleton() {
  return (
    <Stack gap="2" data-testid="carrier-fee-margin-loading">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} height="8" rounded="md" />
      ))}
    </Stack>
  );
}

export function MarginReport() {
  const { t } = useTranslation('carrierFee');
  const [params, setParams] = useState<MarginParams>(() => ({ groupBy: 'supplier', ...currentMonth(), supplierId: '' }));
  const set = (name: keyof MarginParams, value: string) => setParams((current) => ({ ...current, [name]: value }));
  const invalid = backwards(params);
  const query = useQuery({
    queryKey: carrierFeeKeys.margin(params),
    // The grouping goes with its rows: while another grouping loads, its names are not shown under this one's header.
    queryFn: ({ signal }): Promise<Report> => fetchMargins(params, signal).then((rows) => ({ groupBy: params.groupBy, rows })),
    enabled: !invalid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const suppliers = useSupplierOptions();
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  const exportXls = async () => {
    setExporting(true);
    try {
      await download(MARGIN_XLS_PATH, marginQuery(params), MARGIN_XLS_NAME);
    } finally {
      setExporting(false);
    }
  };
  const data = query.data;
  const report = query.isError ? (
    <ErrorAlert title={t('margin.failed')} message={query.error instanceof Error ? query.error.message : String(query.error)} testId="carrier-fee-margin-error" />
  ) : data === undefined ? (
    invalid ? null : <MarginSkeleton />
  ) : data.groupBy !== params.groupBy ? (
    <MarginSkeleton />
  ) : data.rows.length === 0 ? (
    <ListEmpty icon={<TrendingUpIcon />} title={t('margin.empty')} description={t('margin.emptyDescription')} testId="carrier-fee-margin-empty" />
  ) : (
    <MarginTable t={t} group={data.groupBy} rows={data.rows} loading={query.isFetching || query.isPlaceholderData} />
  );

  return (
    <Card.Root size="sm" minWidth="0" data-testid="carrier-fee-margin">
      <Card.Header>
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <Stack gap="0.5">
            <Heading size="md">{t('margin.title')}</Heading>
            <ListSubtitle>{t('margin.subtitle')}</ListSubtitle>
          </Stack>
          <Authorized action={CARRIER_FEE_EXPORT_PERMISSION}>
            <Button size="sm" variant="outline" loading={exporting} disabled={invalid} onClick={() => void exportXls()} data-testid="carrier-fee-margin-export">
              <DownloadIcon />
              {t('margin.export')}
            </Button>
          </Authorized>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Flex gap="4" wrap="wrap" align="flex-end">
            <Field.Root width="auto">
              <Field.Label>{t('margin.groupBy')}</Field.Label>
              <SegmentGroup.Root size="sm" value={params.groupBy} onValueChange={(details) => (isGroup(details.value) ? set('groupBy', details.value) : undefined)} data-testid="carrier-fee-margin-group">
                <SegmentGroup.Indicator />
                <SegmentGroup.Items items={MARGIN_GROUPS.map((group) => ({ value: group, label: t(`groupBy.${group}`) }))} />
              </SegmentGroup.Root>
            </Field.Root>
            <Field.Root invalid={invalid} width="auto">
              <Field.Label>{t('margin.period')}</Field.Label>
              <HStack gap="2">
                <Input size="sm" type="date" value={params.createTime_begin} max={params.createTime_end || undefined} onChange={(event) => set('createTime_begin', event.currentTarget.value)} aria-label={t('margin.begin')} data-testid="carrier-fee-margin-begin" />
                <Text color="fg.muted" flexShrink={0}>
                  {t('margin.to')}
                </Text>
                <Input size="sm" type="date" value={params.createTime_end} min={params.createTime_begin || undefined} onChange={(event) => set('createTime_end', event.currentTarget.value)} aria-label={t('margin.end')} data-testid="carrier-fee-margin-end" />
              </HStack>
              <Field.ErrorText data-testid="carrier-fee-margin-range-error">{t('margin.rangeInvalid')}</Field.ErrorText>
            </Field.Root>
            <Field.Root width={{ base: 'full', sm: '64' }}>
              <Field.Label>{t('margin.supplier')}</Field.Label>
              <OptionSelect options={supplierChoices} value={params.supplierId} onChange={(event) => set('supplierId', event.currentTarget.value)} placeholder={t('margin.allSuppliers')} emptySelectable loading={suppliers.isPending} size="sm" data-testid="carrier-fee-margin-supplier" />
            </Field.Root>
          </Flex>
          {report}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
