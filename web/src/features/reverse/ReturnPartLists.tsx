/**
 * The parts of every return, each a plain server-paged list searched by return number (newest
 * first) and exported by the server (`…/exportXls`, to those with the list's `:export` or `:list`
 * code, as the server allows): the fees and refunds posted (`/reverse/returnAccount`), the files
 * (`/reverse/returnAttachment`), the comments (`/reverse/returnComment`) and the tracking events
 * (`/reverse/returnTrack`). A return number opens that return's drawer.
 */
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { FileTextIcon, InboxIcon, MailIcon, TruckIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { createTimeColumn, FilterText, ListEmpty, ListPage, ListSearchBar, ListSubtitle, ListTable, ListToolbar, monoColumn, timeColumn, truncatedColumn, useListPage, useXlsxExport } from '../../components/list';
import { useLanguage } from '../../i18n';
import { Money } from '../logistics/wallet/Money';
import { StatusTag } from '../tracking/TrackStatusTag';
import { PART_LISTS, RETURN_SIDES, type ReturnAccountRecord, type ReturnAttachmentRecord, type ReturnCommentRecord, type ReturnPart, type ReturnTrackRecord } from './api';
import { useAnyButtonState } from './hooks';
import { fileSize } from './ReturnAttachments';
import { ReturnDetailDrawer } from './ReturnDetailDrawer';
import { AccountKindTag } from './ReturnTags';
import { sourceLabel } from './ReturnTracks';

const EMPTY = { keyWord: '' };
type Filters = typeof EMPTY;
type Row = { returnId: string; returnNo: string };

interface PartListProps<T extends Row> {
  part: ReturnPart;
  columns: (t: TFunction<'returns'>, returnNo: DataColumn<T>) => DataColumn<T>[];
  icon: ReactNode;
  sortColumn?: string;
}

/** The return number of a row, opening the return's drawer. */
function returnNoColumn<T extends Row>(t: TFunction<'returns'>, name: string, onOpen: (returnId: string) => void): DataColumn<T> {
  return {
    id: 'returnNo',
    header: t('field.returnNo'),
    sortable: true,
    cell: (row) => (
      <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row.returnId)} aria-label={t('action.openLabel', { returnNo: row.returnNo })} data-testid={`${name}-open`}>
        {row.returnNo}
      </LinkButton>
    ),
  };
}

/** One part's list: the search by return number, the toolbar, the table and the return's drawer. */
function PartListPage<T extends Row>({ part, columns, icon, sortColumn = 'createTime' }: PartListProps<T>) {
  const { t } = useTranslation('returns');
  const [opened, setOpened] = useState<string>();
  const { base, permission } = PART_LISTS[part];
  const name = `return-${part}`;
  const page = useListPage<T, Filters>(`${base}/list`, { emptyFilters: EMPTY, defaultSort: { column: sortColumn, order: 'desc' } });
  const exporter = useXlsxExport({ path: `${base}/exportXls`, filters: page.filters, sort: page.list.sort, filename: t(`parts.${part}.exportName`) });
  const canExport = useAnyButtonState(`${permission}:export`, `${permission}:list`) !== 'hidden';
  const returnNo = returnNoColumn<T>(t, name, setOpened);
  return (
    <ListPage
      testId={`${name}-page`}
      title={t(`parts.${part}.title`)}
      subtitle={<ListSubtitle>{t(`parts.${part}.subtitle`)}</ListSubtitle>}
      search={
        <ListSearchBar page={page} testId={`${name}-search`}>
          <FilterText page={page} name="keyWord" label={t('field.returnNo')} placeholder={t('filter.returnNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId={`${name}-search-keyword`} />
        </ListSearchBar>
      }
      toolbar={<ListToolbar testIdPrefix={name} exporter={canExport ? exporter : undefined} onRefresh={() => page.list.refetch()} />}
      dialogs={<ReturnDetailDrawer id={opened} onClose={() => setOpened(undefined)} />}
    >
      <ListTable
        list={page.list}
        columns={columns(t, returnNo)}
        caption={t(`parts.${part}.title`)}
        testId={`${name}-table`}
        emptyState={page.filters.keyWord ? undefined : <ListEmpty icon={icon} title={t(`parts.${part}.empty`)} testId={`${name}-empty`} />}
      />
    </ListPage>
  );
}

function accountColumns(t: TFunction<'returns'>, returnNo: DataColumn<ReturnAccountRecord>): DataColumn<ReturnAccountRecord>[] {
  return [
    returnNo,
    { id: 'kind', header: t('field.kind'), cell: (row) => <AccountKindTag value={row.kind} /> },
    { id: 'amount', header: t('field.amount'), textAlign: 'end', cell: (row) => <Money amount={row.kind === 'fee' ? `-${row.amount}` : row.amount} currency={row.currency} signed /> },
    monoColumn<ReturnAccountRecord>('tradeNo', t('field.tradeNo'), (row) => row.tradeNo, { hideBelow: 'md', size: 'xs' }),
    truncatedColumn<ReturnAccountRecord>('remark', t('field.remark'), (row) => row.remark, '48', { hideBelow: 'lg' }),
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'lg', cell: (row) => row.createBy || '—' },
    createTimeColumn(t('field.time')),
  ];
}

function attachmentColumns(t: TFunction<'returns'>, returnNo: DataColumn<ReturnAttachmentRecord>): DataColumn<ReturnAttachmentRecord>[] {
  return [
    returnNo,
    truncatedColumn<ReturnAttachmentRecord>('fileName', t('field.fileName'), (row) => row.fileName, '64'),
    monoColumn<ReturnAttachmentRecord>('mime', t('field.mime'), (row) => row.mime, { hideBelow: 'md', size: 'xs' }),
    { id: 'sizeBytes', header: t('field.size'), textAlign: 'end', hideBelow: 'sm', cell: (row) => <SizeCell bytes={row.sizeBytes} /> },
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'lg', cell: (row) => row.createBy || '—' },
    createTimeColumn(t('field.time')),
  ];
}

function commentColumns(t: TFunction<'returns'>, returnNo: DataColumn<ReturnCommentRecord>): DataColumn<ReturnCommentRecord>[] {
  return [
    returnNo,
    {
      id: 'side',
      header: t('field.side'),
      hideBelow: 'sm',
      cell: (row) => {
        const side = RETURN_SIDES.find((s) => s === row.side);
        return side ? t(`side.${side}`) : row.side;
      },
    },
    { id: 'username', header: t('field.author'), hideBelow: 'md', cell: (row) => row.realname || row.username || '—' },
    truncatedColumn<ReturnCommentRecord>('content', t('field.content'), (row) => row.content, '64'),
    createTimeColumn(t('field.time')),
  ];
}

function trackColumns(t: TFunction<'returns'>, returnNo: DataColumn<ReturnTrackRecord>): DataColumn<ReturnTrackRecord>[] {
  return [
    returnNo,
    { id: 'status', header: t('field.trackStatus'), cell: (row) => <StatusTag status={row.status} /> },
    timeColumn<ReturnTrackRecord>('eventTime', t('field.eventTime'), (row) => row.eventTime, { sortable: true }),
    truncatedColumn<ReturnTrackRecord>('location', t('field.location'), (row) => row.location, '32', { hideBelow: 'md' }),
    truncatedColumn<ReturnTrackRecord>('detail', t('field.detail'), (row) => row.detail, '64', { hideBelow: 'sm' }),
    { id: 'source', header: t('field.source'), hideBelow: 'lg', cell: (row) => sourceLabel(t, row.source) || '—' },
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'xl', cell: (row) => row.createBy || '—' },
  ];
}

export function ReturnAccountList() {
  return (
    <PartListPage<ReturnAccountRecord>
      part="account"
      icon={<InboxIcon />}
      columns={accountColumns}
    />
  );
}

function SizeCell({ bytes }: { bytes: number }) {
  const lang = useLanguage();
  return <>{fileSize(bytes, lang)}</>;
}

export function ReturnAttachmentList() {
  return (
    <PartListPage<ReturnAttachmentRecord>
      part="attachment"
      icon={<FileTextIcon />}
      columns={attachmentColumns}
    />
  );
}

export function ReturnCommentList() {
  return (
    <PartListPage<ReturnCommentRecord>
      part="comment"
      icon={<MailIcon />}
      columns={commentColumns}
    />
  );
}

export function ReturnTrackList() {
  return (
    <PartListPage<ReturnTrackRecord>
      part="track"
      icon={<TruckIcon />}
      sortColumn="eventTime"
      columns={trackColumns}
    />
  );
}
