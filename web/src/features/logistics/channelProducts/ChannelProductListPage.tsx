/**
 * `logistics/ChannelProductList` (渠道产品 Channel products, `logistics:channelProduct:mine`): the
 * products the customer may use (`GET /logistics/channelProduct/myList`, server paging, keyword
 * and trade-type filters), their rules in words (expandable), CSV export, and a link to the price
 * forecast with the product chosen.
 */
import { Badge, Box, Button, List, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DataColumn } from '../../../components/DataTable';
import { FilterSelect, FilterText, ListEmpty, ListPage, ListSearchBar, ListSubtitle, ListTable, ListToolbar, useCsvExport, useListPage } from '../../../components/list';
import { ChevronRightIcon, InboxIcon } from '../../../components/icons';
import { LinkButton } from '../../../components/LinkButton';
import type { MenuRoute } from '../../../core';
import { useToggleSet } from '../../../hooks/useToggleSet';
import { useLanguage, type Language } from '../../../i18n';
import { usePermissions } from '../../../lib/permission';
import { transTypeLabel } from '../../../lib/transport';
import { MY_PRODUCTS_PATH, TRADE_TYPES, type MyProductRecord } from './api';
import { describeDivisor, describePostalRules, describeRule } from './rules';

/** The menu component of the forecast page (its path comes from the menu). */
export const FORECAST_COMPONENT = 'logistics/PriceForecast';

type Filters = { keyWord: string; tradeType: string };
const EMPTY: Filters = { keyWord: '', tradeType: '' };

function findComponentPath(routes: readonly MenuRoute[], component: string): string | undefined {
  for (const route of routes) {
    if (route.component === component) return route.path;
    const inner = route.children ? findComponentPath(route.children, component) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The forecast page's link with the product (and its trade type) chosen. */
export function forecastLink(path: string, product: MyProductRecord): string {
  const params = new URLSearchParams({ product: product.code });
  if (product.tradeType) params.set('tradeType', product.tradeType);
  return `${path}?${params.toString()}`;
}

const productTitle = (p: MyProductRecord) => p.title?.trim() || p.name;

/** One kind of a product's rules under its title, one line each; nothing when there are none. */
function RuleList({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box>
      <Text fontWeight="medium" textStyle="xs" color="fg.muted">
        {title}
      </Text>
      <List.Root gap="0.5" paddingStart="4">
        {lines.map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

function RulesCell({ product, expanded, onToggle, t, lang }: { product: MyProductRecord; expanded: boolean; onToggle: () => void; t: TFunction<'myProducts'>; lang: Language }) {
  const rules = product.rules ?? [];
  const postal = product.postalRules ?? [];
  if (rules.length === 0 && postal.length === 0) {
    return (
      <Text textStyle="sm" color="fg.subtle">
        {t('rules.none')}
      </Text>
    );
  }
  const id = `my-product-rules-${product.id}`;
  return (
    <Box maxWidth="sm" whiteSpace="normal">
      <LinkButton
        aria-expanded={expanded}
        aria-controls={id}
        onClick={onToggle}
        data-testid="my-product-rules-toggle"
      >
        <ChevronRightIcon transform={expanded ? 'rotate(90deg)' : undefined} transition="transform 0.15s" />
        {t('rules.summary', { rules: rules.length, postal: postal.length })}
      </LinkButton>
      {expanded ? (
        <Stack id={id} gap="2" marginTop="2" textStyle="sm" data-testid="my-product-rules">
          <RuleList title={t('rules.validity')} lines={rules.map((rule) => describeRule(rule, t, product.currency))} />
          <RuleList title={t('rules.postal')} lines={describePostalRules(postal, t, lang)} />
        </Stack>
      ) : null}
    </Box>
  );
}

interface ColumnDeps {
  t: TFunction<'myProducts'>;
  /** The names of the transport types (the channels' words). */
  tc: TFunction<'carrierChannel'>;
  lang: Language;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** The forecast page's path, when the user has it. */
  forecastPath: string | undefined;
}

function productColumns({ t, tc, lang, expanded, onToggle, forecastPath }: ColumnDeps): DataColumn<MyProductRecord>[] {
  const columns: DataColumn<MyProductRecord>[] = [
    {
      id: 'code',
      header: t('field.code'),
      cell: (p) => (
        <Text fontFamily="mono" fontWeight="semibold">
          {p.code}
        </Text>
      ),
    },
    {
      id: 'title',
      header: t('field.title'),
      minWidth: '160px',
      cell: (p) => (
        <Box>
          <Text fontWeight="medium">{productTitle(p)}</Text>
          {p.title?.trim() && p.title.trim() !== p.name ? (
            <Text textStyle="xs" color="fg.muted">
              {p.name}
            </Text>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'tradeType',
      header: t('field.tradeType'),
      cell: (p) => (
        <Badge size="sm" variant={p.tradeType ? 'subtle' : 'outline'} colorPalette={p.tradeType ? 'blue' : 'gray'}>
          {p.tradeType || t('tradeType.any')}
        </Badge>
      ),
    },
    { id: 'transType', header: t('field.transType'), hideBelow: 'md', cell: (p) => transTypeLabel(tc, p.transType) || '—' },
    {
      id: 'thWeightRatio',
      header: t('field.thWeightRatio'),
      hideBelow: 'md',
      textAlign: 'end',
      cell: (p) => (
        <Text fontVariantNumeric="tabular-nums" title={describeDivisor(p.thWeightRatio, t)}>
          {Number(p.thWeightRatio) === 0 ? t('divisor.actualShort') : String(p.thWeightRatio)}
        </Text>
      ),
    },
    {
      id: 'izMult',
      header: t('field.izMult'),
      hideBelow: 'sm',
      cell: (p) => (
        <Badge size="sm" variant="subtle" colorPalette={p.izMult ? 'green' : 'gray'}>
          {p.izMult ? t('yes') : t('no')}
        </Badge>
      ),
    },
    { id: 'currency', header: t('field.currency'), hideBelow: 'sm', cell: (p) => p.currency || '—' },
    { id: 'rules', header: t('field.rules'), minWidth: '200px', cell: (p) => <RulesCell product={p} expanded={expanded.has(p.id)} onToggle={() => onToggle(p.id)} t={t} lang={lang} /> },
  ];
  if (forecastPath) {
    columns.push({
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (p) => (
        <Button asChild size="xs" variant="ghost" colorPalette="blue">
          <RouterLink to={forecastLink(forecastPath, p)} aria-label={t('forecastWith', { code: p.code })} data-testid="my-product-forecast">
            {t('forecast')}
          </RouterLink>
        </Button>
      ),
    });
  }
  return columns;
}

export default function ChannelProductListPage() {
  const { t } = useTranslation('myProducts');
  const { t: tc } = useTranslation('carrierChannel');
  const lang = useLanguage();
  const { routes } = usePermissions();
  const forecastPath = useMemo(() => findComponentPath(routes, FORECAST_COMPONENT), [routes]);
  const [expanded, toggle] = useToggleSet<string>();
  // The contract names no sort columns for myList: the server's order is kept.
  const page = useListPage<MyProductRecord, Filters>(MY_PRODUCTS_PATH, { emptyFilters: EMPTY });
  const { list, filters } = page;

  const tradeTypeText = (value: string | null | undefined) => value || t('tradeType.any');
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const columns = productColumns({ t, tc, lang, expanded, onToggle: toggle, forecastPath });

  const exporter = useCsvExport<MyProductRecord>({
    path: MY_PRODUCTS_PATH,
    filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (p) => p.code },
      { header: t('field.title'), value: (p) => productTitle(p) },
      { header: t('field.tradeType'), value: (p) => tradeTypeText(p.tradeType) },
      { header: t('field.transType'), value: (p) => transTypeLabel(tc, p.transType) },
      { header: t('field.thWeightRatio'), value: (p) => p.thWeightRatio },
      { header: t('field.izMult'), value: (p) => yesNo(p.izMult) },
      { header: t('field.currency'), value: (p) => p.currency },
      { header: t('rules.validity'), value: (p) => (p.rules ?? []).map((rule) => describeRule(rule, t, p.currency)).join('; ') },
      { header: t('rules.postal'), value: (p) => describePostalRules(p.postalRules ?? [], t, lang).join('; ') },
    ],
  });

  const filtered = filters.keyWord.trim() !== '' || filters.tradeType !== '';
  const empty = (
    <ListEmpty
      icon={<InboxIcon />}
      title={filtered ? t('empty.filteredTitle') : t('empty.title')}
      description={filtered ? t('empty.filteredDescription') : t('empty.description')}
      testId="my-products-empty"
    />
  );

  return (
    <ListPage
      testId="my-products-page"
      search={
        <ListSearchBar page={page} visibleOnPhone={2} testId="my-products-search">
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="my-products-keyword" />
          <FilterSelect page={page} name="tradeType" label={t('field.tradeType')} options={TRADE_TYPES.map((type) => ({ value: type, label: type }))} allLabel={t('filter.allTradeTypes')} testId="my-products-trade-type" />
        </ListSearchBar>
      }
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      toolbar={
        <ListToolbar
          testIdPrefix="my-products"
          leading={
            forecastPath ? (
              <Button asChild size="sm">
                <RouterLink to={forecastPath}>{t('openForecast')}</RouterLink>
              </Button>
            ) : null
          }
          exporter={exporter}
          onRefresh={list.refetch}
        />
      }
    >
      <ListTable list={list} columns={columns} emptyState={empty} caption={t('caption')} testId="my-products-table" />
    </ListPage>
  );
}
