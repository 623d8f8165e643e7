import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, nameColumn, statusColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { channelLabel, transTypeLabel, useChannelOptions } from '../channels/api';
import { isOneOf } from '../../../components/form/options';
import { showTime } from '../../../lib/utcTime';
import {
  CHANNEL_PRODUCT_LIST_PATH,
  deleteChannelProducts,
  rulesSummary,
  TRADE_TYPES,
  VALID_TYPE_UNITS,
  VALID_TYPES,
  type ChannelProductRecord,
  type PostalRule,
  type ValidityRule,
} from './api';
import { ChannelProductFormDrawer } from './ChannelProductFormDrawer';

/** The filters (in the URL) and their empty values. */
const EMPTY = { channelId: '', keyWord: '', tradeType: '', izEnable: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierProduct'>;

const tradeTypeLabel = (t: T, value: string | null | undefined) => (isOneOf(TRADE_TYPES, value) ? t(`tradeType.${value}`) : value || t('tradeType.any'));

/** "重量 ≤ 30 kg", "件数 1–5", "申报价值 ≥ 10". */
function ruleText(t: T, rule: ValidityRule): string {
  const type = isOneOf(VALID_TYPES, rule.validType) ? rule.validType : undefined;
  const name = type ? t(`validType.${type}`) : rule.validType;
  const unit = type && VALID_TYPE_UNITS[type] !== 'currency' && VALID_TYPE_UNITS[type] !== 'pieces' ? ` ${t(`unit.${VALID_TYPE_UNITS[type]}`)}` : '';
  if (rule.min && rule.max) return `${name} ${rule.min}–${rule.max}${unit}`;
  if (rule.max) return `${name} ≤ ${rule.max}${unit}`;
  return `${name} ≥ ${rule.min ?? ''}${unit}`;
}

const postalText = (t: T, rule: PostalRule) => `${rule.allow ? t('postal.allow') : t('postal.deny')} ${rule.country} ${rule.postalCode}`;

function productColumns(t: T, tc: TFunction<'carrierChannel'>, crud: CrudList<ChannelProductRecord, Filters>): DataColumn<ChannelProductRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    {
      id: 'channel',
      header: t('field.channel'),
      hideBelow: 'md',
      cell: (row) => <TwoLines mono first={row.channelCode || row.channelId} second={row.channelName} />,
    },
    {
      id: 'tradeType',
      header: t('field.tradeType'),
      hideBelow: 'sm',
      cell: (row) => (
        <HStack gap="1" wrap="wrap">
          <Badge size="sm" variant="subtle" colorPalette={row.tradeType ? 'purple' : 'gray'}>
            {tradeTypeLabel(t, row.tradeType)}
          </Badge>
          {row.transType ? (
            <Badge size="sm" variant="outline" colorPalette="cyan">
              {transTypeLabel(tc, row.transType)}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    {
      id: 'pricing',
      header: t('field.pricing'),
      hideBelow: 'md',
      cell: (row) => <TwoLines mono first={row.feeId || '—'} second={Number(row.thWeightRatio) > 0 ? t('list.ratio', { ratio: row.thWeightRatio }) : t('list.actualWeight')} />,
    },
    {
      id: 'rules',
      header: t('field.limits'),
      hideBelow: 'lg',
      cell: (row) => {
        const rules = row.rules ?? [];
        const postal = row.postalRules ?? [];
        if (rules.length === 0 && postal.length === 0) return <Text color="fg.muted">{t('list.noLimits')}</Text>;
        return (
          <Wrap gap="1" maxWidth="2xs">
            {rules.map((rule, index) => (
              <Badge key={`r${index}`} size="sm" variant="surface">
                {ruleText(t, rule)}
              </Badge>
            ))}
            {postal.length > 0 ? (
              <Badge size="sm" variant="surface" colorPalette="orange" title={postal.map((rule) => postalText(t, rule)).join('\n')}>
                {t('list.postalCount', { count: postal.length })}
              </Badge>
            ) : null}
          </Wrap>
        );
      },
    },
    statusColumn<ChannelProductRecord>(t('field.izEnable'), (row) => row.izEnable, (row) => (row.izEnable ? t('enabled.true') : t('enabled.false')), 'izEnable'),
    createTimeColumn(t('field.createTime'), '2xl'),
    editDeleteColumn('text', crud.actions),
  ];
}

/** Channel products of the tenant: filters, paging, sort, the full add/edit drawer, delete and CSV export. */
export default function ChannelProductListPage() {
  const { t } = useTranslation('carrierProduct');
  const { t: tc } = useTranslation('carrierChannel');
  const channels = useChannelOptions();
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const crud = useCrudList<ChannelProductRecord, Filters>(CHANNEL_PRODUCT_LIST_PATH, {
    name: 'product',
    permission: 'logistics:channelProduct',
    ns: 'carrierProduct',
    emptyFilters: EMPTY,
    remove: deleteChannelProducts,
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    csv: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.channel'), value: (row) => row.channelCode ?? row.channelId },
      { header: t('field.tradeType'), value: (row) => tradeTypeLabel(t, row.tradeType) },
      { header: t('field.transType'), value: (row) => transTypeLabel(tc, row.transType) },
      { header: t('field.feeId'), value: (row) => row.feeId },
      { header: t('field.thWeightRatio'), value: (row) => row.thWeightRatio },
      { header: t('field.rules'), value: (row) => rulesSummary(row.rules, (rule) => ruleText(t, rule)) },
      { header: t('field.postalRules'), value: (row) => (row.postalRules ?? []).map((rule) => postalText(t, rule)).join('; ') },
      { header: t('field.izEnable'), value: (row) => (row.izEnable ? t('enabled.true') : t('enabled.false')) },
      { header: t('field.remark'), value: (row) => row.remark },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ],
  });

  return (
    <CrudListPage
      crud={crud}
      columns={productColumns(t, tc, crud)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterSelect page={crud} name="channelId" immediate label={t('filter.channel')} options={channelChoices} allLabel={t('filter.allChannels')} loading={channels.isPending} testId="product-search-channel" />
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="product-search-keyword" />
          <FilterSelect page={crud} name="tradeType" label={t('filter.tradeType')} options={labelled(TRADE_TYPES, (type) => t(`tradeType.${type}`))} allLabel={t('filter.all')} testId="product-search-trade-type" />
          <FilterSelect page={crud} name="izEnable" label={t('filter.izEnable')} options={labelled(['true', 'false'], (on) => t(`enabled.${on}`))} allLabel={t('filter.all')} testId="product-search-enabled" />
        </>
      }
      dialogs={<ChannelProductFormDrawer {...crud.form.dialog} channelId={crud.filters.channelId} />}
    />
  );
}
