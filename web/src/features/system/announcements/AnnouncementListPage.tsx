/**
 * `system/AnnouncementList` (通告管理 Announcements): filters, server paging and sorting, add/edit
 * drawer with a rich-text editor and a user picker, preview, release and revoke (after
 * confirmation; readers are notified live), delete and batch delete (contract dicts-notices.md,
 * "Announcements").
 */
import { chakra } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { EyeIcon } from '../../../components/icons';
import { actionsColumn, createTimeColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, timeColumn, useDeleteRecords, useListCommand, useListPage } from '../../../components/list';
import { useButtonState } from '../../../hooks/useButtonState';
import { AnnouncementFormDrawer } from './AnnouncementFormDrawer';
import { AnnouncementPreviewDialog } from './AnnouncementPreviewDialog';
import { CategoryTag, PriorityTag, SendStatusTag } from './AnnouncementTags';
import {
  ANNOUNCEMENT_LIST_PATH,
  canEdit,
  canRelease,
  canRevoke,
  CATEGORIES,
  deleteAnnouncement,
  deleteAnnouncements,
  PRIORITIES,
  releaseAnnouncement,
  revokeAnnouncement,
  SEND_STATUSES,
  type AnnouncementRecord,
} from './api';

/** The filters (in the URL) and their empty values. */
const EMPTY = { titile: '', msgCategory: '', sendStatus: '', priority: '' };
type Filters = typeof EMPTY;

/* Icons of the release and revoke actions (Lucide-style, like the app's icon set). */
const SendIcon = () => (
  <chakra.svg viewBox="0 0 24 24" width="3.5" height="3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="m22 2-7 20-4-9-9-4Z" />
    <path d="M22 2 11 13" />
  </chakra.svg>
);
const UndoIcon = () => (
  <chakra.svg viewBox="0 0 24 24" width="3.5" height="3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </chakra.svg>
);

interface ColumnDeps {
  t: TFunction<'sysAnnouncement'>;
  onPreview: (record: AnnouncementRecord) => void;
  onEdit: (record: AnnouncementRecord) => void;
  onRelease: (record: AnnouncementRecord) => void;
  onRevoke: (record: AnnouncementRecord) => void;
  onDelete: (record: AnnouncementRecord) => void;
}

function announcementColumns({ t, onPreview, onEdit, onRelease, onRevoke, onDelete }: ColumnDeps): DataColumn<AnnouncementRecord>[] {
  return [
    {
      id: 'titile',
      header: t('field.titile'),
      sortable: true,
      minWidth: '180px',
      cell: (record) => (
        <chakra.button
          type="button"
          textAlign="start"
          fontWeight="medium"
          cursor="pointer"
          rounded="sm"
          maxWidth={{ base: '48', md: '72', xl: '96' }}
          truncate
          display="block"
          _hover={{ color: 'colorPalette.fg', textDecoration: 'underline' }}
          focusVisibleRing="outside"
          title={record.titile}
          onClick={() => onPreview(record)}
          data-testid="announcement-title-link"
        >
          {record.titile}
        </chakra.button>
      ),
    },
    { id: 'msgCategory', header: t('field.msgCategory'), hideBelow: 'md', cell: (record) => <CategoryTag value={record.msgCategory} /> },
    { id: 'priority', header: t('field.priority'), sortable: true, cell: (record) => <PriorityTag value={record.priority} /> },
    { id: 'sender', header: t('field.sender'), hideBelow: 'lg', cell: (record) => record.sender || '—' },
    { id: 'sendStatus', header: t('field.sendStatus'), cell: (record) => <SendStatusTag value={record.sendStatus} /> },
    timeColumn<AnnouncementRecord>('sendTime', t('field.sendTime'), (record) => record.sendTime, { sortable: true, hideBelow: 'md' }),
    createTimeColumn<AnnouncementRecord>(t('field.createTime'), 'xl'),
    actionsColumn<AnnouncementRecord>('icon', (record) => [
      canRevoke(record)
        ? { action: 'system:announcement:release', display: 'text', colorPalette: 'orange', label: t('action.revoke'), icon: <UndoIcon />, onClick: () => onRevoke(record), testId: 'announcement-revoke' }
        : canRelease(record)
          ? { action: 'system:announcement:release', display: 'text', colorPalette: 'green', label: t('action.release'), icon: <SendIcon />, onClick: () => onRelease(record), testId: 'announcement-release' }
          : null,
      { label: t('action.preview'), icon: <EyeIcon />, onClick: () => onPreview(record), testId: 'announcement-preview-open' },
      {
        kind: 'edit',
        action: 'system:announcement:edit',
        disabled: !canEdit(record),
        hint: canEdit(record) ? undefined : t('editLockedHint'),
        onClick: () => onEdit(record),
        testId: 'announcement-edit',
      },
      { kind: 'delete', action: 'system:announcement:delete', onClick: () => onDelete(record), testId: 'announcement-delete' },
    ]),
  ];
}

export default function AnnouncementListPage() {
  const { t } = useTranslation('sysAnnouncement');
  const { confirm, dialog } = useConfirm();
  const canDelete = useButtonState('system:announcement:delete') !== 'hidden';
  const [drawer, setDrawer] = useState<{ open: boolean; record?: AnnouncementRecord }>({ open: false });
  const [preview, setPreview] = useState<AnnouncementRecord>();
  const page = useListPage<AnnouncementRecord, Filters>(ANNOUNCEMENT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const run = useListCommand(list);

  const askRelease = (record: AnnouncementRecord) =>
    confirm({
      title: t('confirm.releaseTitle'),
      description: record.msgType === 'USER' ? t('confirm.releaseUsers', { title: record.titile }) : t('confirm.releaseAll', { title: record.titile }),
      confirmLabel: t('action.release'),
      colorPalette: 'green',
      testId: 'announcement-release-confirm',
      onConfirm: () => run(releaseAnnouncement(record.id)),
    });

  const askRevoke = (record: AnnouncementRecord) =>
    confirm({
      title: t('confirm.revokeTitle'),
      description: t('confirm.revokeDescription', { title: record.titile }),
      confirmLabel: t('action.revoke'),
      colorPalette: 'orange',
      testId: 'announcement-revoke-confirm',
      onConfirm: () => run(revokeAnnouncement(record.id)),
    });

  const remover = useDeleteRecords<AnnouncementRecord>({
    list,
    confirm,
    remove: deleteAnnouncements,
    removeOne: (record) => deleteAnnouncement(record.id),
    title: t('confirm.deleteTitle'),
    describe: (record) => t('confirm.deleteDescription', { title: record.titile }),
    describeBatch: (count) => t('confirm.batchDeleteDescription', { count }),
    confirmLabel: t('action.delete', { ns: 'dataTable' }),
    testId: 'announcement-delete-confirm',
  });

  const columns = announcementColumns({
    t,
    onPreview: setPreview,
    onEdit: (record) => setDrawer({ open: true, record }),
    onRelease: askRelease,
    onRevoke: askRevoke,
    onDelete: remover.askDelete,
  });

  return (
    <ListPage
      testId="announcement-page"
      search={
        <ListSearchBar page={page} testId="announcement-search">
          <FilterText page={page} name="titile" label={t('field.titile')} placeholder={t('filter.titlePlaceholder')} testId="announcement-search-title" />
          <FilterSelect page={page} name="msgCategory" label={t('field.msgCategory')} options={CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))} allLabel={t('filter.all')} testId="announcement-search-category" />
          <FilterSelect page={page} name="sendStatus" label={t('field.sendStatus')} options={SEND_STATUSES.map((value) => ({ value, label: t(`sendStatus.${value}`) }))} allLabel={t('filter.all')} testId="announcement-search-status" />
          <FilterSelect page={page} name="priority" label={t('field.priority')} options={PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))} allLabel={t('filter.all')} testId="announcement-search-priority" />
        </ListSearchBar>
      }
      title={t('title')}
      toolbar={
        <ListToolbar
          testIdPrefix="announcement"
          add={{ action: 'system:announcement:add', label: t('add'), onClick: () => setDrawer({ open: true }) }}
          batchDelete={{ action: 'system:announcement:delete', onClick: remover.askBatchDelete }}
          onRefresh={list.refetch}
        />
      }
      dialogs={
        <>
          <AnnouncementFormDrawer open={drawer.open} record={drawer.record} onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))} onSaved={() => void list.refetch()} />
          <AnnouncementPreviewDialog record={preview} onClose={() => setPreview(undefined)} />
          {dialog}
        </>
      }
    >
      <ListTable list={list} selectable={canDelete} columns={columns} getRowId={(record) => record.id} caption={t('caption')} testId="announcement-table" />
    </ListPage>
  );
}
