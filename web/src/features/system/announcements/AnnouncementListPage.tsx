/**
 * `system/AnnouncementList` (通告管理 Announcements): filters, server paging and sorting, add/edit
 * drawer with a rich-text editor and a user picker, preview, release and revoke (after
 * confirmation; readers are notified live), delete and batch delete (contract dicts-notices.md,
 * "Announcements").
 */
import { Button, Card, chakra, Field, Flex, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { EyeIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { HintTooltip } from '../components/HintTooltip';
import { showTime } from '../components/utcTime';
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

type Filters = {
  titile: string;
  msgCategory: string;
  sendStatus: string;
  priority: string;
};

const EMPTY: Filters = { titile: '', msgCategory: '', sendStatus: '', priority: '' };

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

/** The edit button of a row: disabled with a hint while the announcement is released. */
function EditButton({ record, onEdit, disabled }: { record: AnnouncementRecord; onEdit: (record: AnnouncementRecord) => void; disabled?: boolean }) {
  const { t } = useTranslation('sysAnnouncement');
  const locked = !canEdit(record);
  return (
    <HintTooltip hint={locked ? t('editLockedHint') : undefined}>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('action.edit', { ns: 'dataTable' })}
        title={locked ? undefined : t('action.edit', { ns: 'dataTable' })}
        disabled={locked || disabled}
        onClick={() => onEdit(record)}
        data-testid="announcement-edit"
      >
        <PencilIcon />
      </IconButton>
    </HintTooltip>
  );
}

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
    { id: 'sendTime', header: t('field.sendTime'), sortable: true, hideBelow: 'md', cell: (record) => <Text whiteSpace="nowrap">{showTime(record.sendTime) || '—'}</Text> },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'xl', cell: (record) => <Text whiteSpace="nowrap">{showTime(record.createTime) || '—'}</Text> },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (record) => (
        <HStack gap="0.5">
          {canRevoke(record) ? (
            <Authorized action="system:announcement:release">
              <Button size="xs" variant="ghost" colorPalette="orange" onClick={() => onRevoke(record)} data-testid="announcement-revoke">
                <UndoIcon />
                {t('action.revoke')}
              </Button>
            </Authorized>
          ) : canRelease(record) ? (
            <Authorized action="system:announcement:release">
              <Button size="xs" variant="ghost" colorPalette="green" onClick={() => onRelease(record)} data-testid="announcement-release">
                <SendIcon />
                {t('action.release')}
              </Button>
            </Authorized>
          ) : null}
          <IconButton size="xs" variant="ghost" aria-label={t('action.preview')} title={t('action.preview')} onClick={() => onPreview(record)} data-testid="announcement-preview-open">
            <EyeIcon />
          </IconButton>
          <Authorized action="system:announcement:edit">
            <EditButton record={record} onEdit={onEdit} />
          </Authorized>
          <Authorized action="system:announcement:delete">
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('action.delete', { ns: 'dataTable' })}
              title={t('action.delete', { ns: 'dataTable' })}
              onClick={() => onDelete(record)}
              data-testid="announcement-delete"
            >
              <TrashIcon />
            </IconButton>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

export default function AnnouncementListPage() {
  const { t } = useTranslation('sysAnnouncement');
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const canDelete = useButtonState('system:announcement:delete') !== 'hidden';
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [drawer, setDrawer] = useState<{ open: boolean; record?: AnnouncementRecord }>({ open: false });
  const [preview, setPreview] = useState<AnnouncementRecord>();
  const list = useServerList<AnnouncementRecord>(ANNOUNCEMENT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });

  async function succeed(action: Promise<Envelope<unknown>>, clearSelection = false) {
    const envelope = await action;
    toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    if (clearSelection) list.clearSelection();
    await list.refetch();
  }

  const askRelease = (record: AnnouncementRecord) =>
    confirm({
      title: t('confirm.releaseTitle'),
      description: record.msgType === 'USER' ? t('confirm.releaseUsers', { title: record.titile }) : t('confirm.releaseAll', { title: record.titile }),
      confirmLabel: t('action.release'),
      colorPalette: 'green',
      testId: 'announcement-release-confirm',
      onConfirm: () => succeed(releaseAnnouncement(record.id)),
    });

  const askRevoke = (record: AnnouncementRecord) =>
    confirm({
      title: t('confirm.revokeTitle'),
      description: t('confirm.revokeDescription', { title: record.titile }),
      confirmLabel: t('action.revoke'),
      colorPalette: 'orange',
      testId: 'announcement-revoke-confirm',
      onConfirm: () => succeed(revokeAnnouncement(record.id)),
    });

  const askDelete = (record: AnnouncementRecord) =>
    confirm({
      title: t('confirm.deleteTitle'),
      description: t('confirm.deleteDescription', { title: record.titile }),
      confirmLabel: t('action.delete', { ns: 'dataTable' }),
      testId: 'announcement-delete-confirm',
      onConfirm: async () => {
        await succeed(deleteAnnouncement(record.id));
        list.setSelection(list.selection.filter((id) => id !== record.id));
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(list.selection)) return;
    const ids = list.selection;
    confirm({
      title: t('confirm.deleteTitle'),
      description: t('confirm.batchDeleteDescription', { count: ids.length }),
      confirmLabel: t('action.delete', { ns: 'dataTable' }),
      testId: 'announcement-delete-confirm',
      onConfirm: () => succeed(deleteAnnouncements(ids), true),
    });
  };

  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const columns = announcementColumns({
    t,
    onPreview: setPreview,
    onEdit: (record) => setDrawer({ open: true, record }),
    onRelease: askRelease,
    onRevoke: askRevoke,
    onDelete: askDelete,
  });

  return (
    <Stack gap="4" data-testid="announcement-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="announcement-search"
      >
        <Field.Root>
          <Field.Label>{t('field.titile')}</Field.Label>
          <Input size="sm" value={draft.titile} onChange={set('titile')} placeholder={t('filter.titlePlaceholder')} data-testid="announcement-search-title" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.msgCategory')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.msgCategory} onChange={set('msgCategory')} data-testid="announcement-search-category">
              <option value="">{t('filter.all')}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`category.${category}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.sendStatus')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.sendStatus} onChange={set('sendStatus')} data-testid="announcement-search-status">
              <option value="">{t('filter.all')}</option>
              {SEND_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`sendStatus.${status}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.priority')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.priority} onChange={set('priority')} data-testid="announcement-search-priority">
              <option value="">{t('filter.all')}</option>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`priority.${priority}`)}
                </option>
              ))}
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
              <Authorized action="system:announcement:add">
                <Button size="sm" onClick={() => setDrawer({ open: true })} data-testid="announcement-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="system:announcement:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="announcement-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
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
            getRowId={(record) => record.id}
            caption={t('caption')}
            testId="announcement-table"
          />
        </Card.Body>
      </Card.Root>

      <AnnouncementFormDrawer
        open={drawer.open}
        record={drawer.record}
        onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))}
        onSaved={() => void list.refetch()}
      />
      <AnnouncementPreviewDialog record={preview} onClose={() => setPreview(undefined)} />
      {dialog}
    </Stack>
  );
}
