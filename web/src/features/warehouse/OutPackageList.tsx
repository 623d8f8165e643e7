/**
 * Out-packages as lists show them, shared by the package list and the sort-pack page (its open
 * packages): the status tag, the columns, the filters, the `useCrudList` of
 * `/logistics/outPackage`, and the drawer of a package's parcels (the inbound list of
 * `packageNo`).
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon, ParcelIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import {
  actionsColumn,
  createTimeColumn,
  FilterSelect,
  FilterText,
  labelled,
  ListDrawer,
  ListEmpty,
  ListTable,
  monoColumn,
  truncatedColumn,
  useCrudList,
  useListPage,
  type CrudList,
  type RowAction,
} from '../../components/list';
import { transTypeLabel } from '../../lib/transport';
import { INBOUND_LIST_PATH, type InboundParcelRecord } from './api';
import { deleteOutPackage, isPackageStatus, openPackageLabels, OUT_PACKAGE_EXPORT_PATH, OUT_PACKAGE_LIST_PATH, OUT_PACKAGE_PERMISSION, PACKAGE_STATUSES, type OutPackageRecord, type PackageStatus } from './outboundApi';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
export const PACKAGE_FILTERS = { packageNo: '', packageStatus: '', country: '', batchNo: '', createTime_begin: '', createTime_end: '' };
export type PackageFilters = typeof PACKAGE_FILTERS;
export type PackageList = CrudList<OutPackageRecord, PackageFilters>;

type T = TFunction<'outPackage'>;

const STATUS_COLORS: Record<PackageStatus, string> = { open: 'blue', batched: 'orange', handed: 'green' };

/** A package's status as a coloured tag, in the user's language. */
export function PackageStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('outPackage');
  return (
    <Badge size="sm" variant="subtle" colorPalette={isPackageStatus(status) ? STATUS_COLORS[status] : 'gray'} data-testid="out-package-status">
      {isPackageStatus(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

/** Kilograms in monospace, right-aligned. */
export function Kilograms({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return (
    <Text fontFamily="mono" textStyle="sm" textAlign="end" data-testid={testId}>
      {value || '—'}
    </Text>
  );
}

/** Whether a package may be deleted: open and empty (the server refuses others with its message). */
export const deletable = (row: OutPackageRecord) => row.packageStatus === 'open' && row.pieces === 0;

export interface PackageColumnOptions {
  /** The channel's name (`CODE · name`) of an id. */
  channelName: (id: string | null | undefined) => string;
  /** Opens the package's parcels. */
  onOpen: (row: OutPackageRecord) => void;
  /** Delete, where the page offers it. */
  onDelete?: (row: OutPackageRecord) => void;
  /** The batch column (not on the sort-pack page's open packages, which have none). */
  withBatch?: boolean;
}

export function packageColumns(t: T, transport: TFunction<'carrierChannel'>, { channelName, onOpen, onDelete, withBatch = true }: PackageColumnOptions): DataColumn<OutPackageRecord>[] {
  return [
    {
      id: 'packageNo',
      header: t('field.packageNo'),
      sortable: true,
      cell: (row) => (
        <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row)} aria-label={t('action.parcelsOf', { packageNo: row.packageNo })} data-testid="out-package-open">
          {row.packageNo}
        </LinkButton>
      ),
    },
    { id: 'packageStatus', header: t('field.packageStatus'), cell: (row) => <PackageStatusTag status={row.packageStatus} /> },
    { id: 'country', header: t('field.country'), cell: (row) => row.country || '—' },
    { id: 'channelId', header: t('field.channel'), hideBelow: 'lg', cell: (row) => channelName(row.channelId) || '—' },
    monoColumn<OutPackageRecord>('depot', t('field.depot'), (row) => row.depot, { hideBelow: 'xl' }),
    { id: 'transportType', header: t('field.transportType'), hideBelow: 'md', cell: (row) => transTypeLabel(transport, row.transportType) || '—' },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
    ...(withBatch ? [monoColumn<OutPackageRecord>('batchNo', t('field.batchNo'), (row) => row.batchNo, { hideBelow: 'md' })] : []),
    truncatedColumn<OutPackageRecord>('remark', t('field.remark'), (row) => row.remark, '40', { hideBelow: 'xl' }),
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'lg', cell: (row) => row.createBy || '—' },
    createTimeColumn(t('field.createTime')),
    actionsColumn<OutPackageRecord>('text', (row): RowAction[] => [
      { label: t('action.parcels'), onClick: () => onOpen(row), testId: 'out-package-parcels', ariaLabel: t('action.parcelsOf', { packageNo: row.packageNo }) },
      { label: t('action.label'), onClick: () => void openPackageLabels([row.id]), testId: 'out-package-label', ariaLabel: t('action.labelOf', { packageNo: row.packageNo }) },
      ...(onDelete && deletable(row) ? [{ kind: 'delete' as const, action: `${OUT_PACKAGE_PERMISSION}:delete`, onClick: () => onDelete(row), testId: 'out-package-delete' }] : []),
    ]),
  ];
}

/**
 * The packages list: every package (the list page), or only the open ones (`openOnly`: the
 * sort-pack page, where the bags on the packing table are).
 */
export function usePackageList({ name, openOnly = false }: { name: string; openOnly?: boolean }): PackageList {
  const { t } = useTranslation('outPackage');
  return useCrudList<OutPackageRecord, PackageFilters>(OUT_PACKAGE_LIST_PATH, {
    name,
    permission: OUT_PACKAGE_PERMISSION,
    ns: 'outPackage',
    emptyFilters: PACKAGE_FILTERS,
    params: openOnly ? (filters) => ({ ...filters, packageStatus: 'open' }) : undefined,
    removeOne: (row) => deleteOutPackage(row.id),
    describe: (row) => t('delete.description', { name: row.packageNo }),
    exportPath: OUT_PACKAGE_EXPORT_PATH,
  });
}

/** The search fields (a fragment: the search bar lays out each); the status and batch only where every package is listed. */
export function packageFilterFields(crud: PackageList, t: T, { all = true }: { all?: boolean } = {}) {
  return (
    <>
      <FilterText page={crud} name="packageNo" label={t('filter.packageNo')} placeholder={t('filter.packageNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="out-package-search-no" />
      {all ? (
        <FilterSelect page={crud} name="packageStatus" label={t('filter.status')} options={labelled(PACKAGE_STATUSES, (status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="out-package-search-status" />
      ) : null}
      <FilterText page={crud} name="country" label={t('filter.country')} placeholder={t('filter.countryPlaceholder')} transform={(value) => value.toUpperCase()} testId="out-package-search-country" />
      {all ? <FilterText page={crud} name="batchNo" label={t('filter.batchNo')} placeholder={t('filter.batchNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="out-package-search-batch" /> : null}
      {all ? <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="out-package-search-from" /> : null}
      {all ? <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="out-package-search-to" /> : null}
    </>
  );
}

/** The empty state of a package list. */
export function PackagesEmpty({ title }: { title: string }) {
  return <ListEmpty icon={<ParcelIcon />} title={title} testId="out-package-empty" />;
}

const NO_FILTERS: Record<string, string> = {};

/** The parcels of a package. */
function parcelColumns(t: T): DataColumn<InboundParcelRecord>[] {
  return [
    monoColumn<InboundParcelRecord>('parcelSerialNumber', t('parcels.parcel'), (row) => row.parcelSerialNumber, { strong: true }),
    monoColumn<InboundParcelRecord>('serialNumber', t('parcels.order'), (row) => row.serialNumber),
    monoColumn<InboundParcelRecord>('sysTrackNo', t('parcels.sysTrackNo'), (row) => row.sysTrackNo, { hideBelow: 'md' }),
    { id: 'country', header: t('field.country'), cell: (row) => row.country || '—' },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
  ];
}

function ParcelsPanel({ packageNo }: { packageNo: string }) {
  const { t } = useTranslation('outPackage');
  const page = useListPage<InboundParcelRecord, Record<string, string>>(INBOUND_LIST_PATH, {
    emptyFilters: NO_FILTERS,
    params: () => ({ packageNo }),
    defaultSort: { column: 'createTime', order: 'desc' },
    inUrl: false,
  });
  return (
    <ListTable
      list={page.list}
      columns={parcelColumns(t)}
      caption={t('parcels.caption')}
      testId="out-package-parcels-table"
      emptyState={<ListEmpty icon={<InboxIcon />} title={t('parcels.empty')} testId="out-package-parcels-empty" />}
    />
  );
}

/** The parcels of a package, in a drawer (mounted while open). */
export function PackageParcelsDrawer({ record, onClose }: { record: OutPackageRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('outPackage');
  return (
    <ListDrawer
      open={record !== undefined}
      onClose={onClose}
      testId="out-package-parcels-drawer"
      title={record ? t('parcels.title', { packageNo: record.packageNo }) : null}
      subtitle={
        record ? (
          <Text textStyle="sm" color="fg.muted">
            {t('parcels.summary', { pieces: record.pieces, weight: record.weight, country: record.country || '—' })}
          </Text>
        ) : null
      }
    >
      {record ? <ParcelsPanel packageNo={record.packageNo} /> : null}
    </ListDrawer>
  );
}
