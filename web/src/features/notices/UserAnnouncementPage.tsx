import { Badge, Box, Button, HStack, chakra } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { DictTag } from '../../components/DictTag';
import { CheckIcon, ExternalLinkIcon, InboxIcon } from '../../components/icons';
import { actionsColumn, FilterDict, FilterSelect, FilterText, labelled, ListEmpty, ListPage, ListSearchBar, ListTable, ListToolbar, timeColumn, toastSuccess, useListPage } from '../../components/list';
import { isRead, markAllNoticesRead, MY_ANNOUNCEMENTS_PATH, type MyAnnouncementRecord } from './api';
import { PriorityTag } from './PriorityTag';
import { useNoticesByUser, useReloadNotices } from './useNotices';
import { useOpenNotice } from './useOpenNotice';

/** The filters (in the URL) and their empty values: `readFlag` '' all, '0' unread, '1' read. */
const EMPTY = { titile: '', msgCategory: '', readFlag: '' };
type Filters = typeof EMPTY;

function ReadBadge({ read, t }: { read: boolean; t: TFunction<'notice'> }) {
  return (
    <Badge size="sm" variant={read ? 'outline' : 'subtle'} colorPalette={read ? 'gray' : 'blue'} data-testid="read-flag" data-read={read ? '1' : '0'}>
      {read ? t('page.read') : t('page.unread')}
    </Badge>
  );
}

function columns(t: TFunction<'notice'>, open: (row: MyAnnouncementRecord) => void): DataColumn<MyAnnouncementRecord>[] {
  return [
    {
      id: 'titile',
      header: t('page.column.title'),
      minWidth: '220px',
      cell: (row) => {
        const read = isRead(row);
        return (
          <HStack gap="2" maxW={{ base: '60vw', md: '420px' }}>
            <Box boxSize="2" rounded="full" flexShrink={0} bg={read ? 'transparent' : 'blue.solid'} aria-hidden />
            <chakra.button
              type="button"
              textAlign="start"
              fontWeight={read ? 'normal' : 'semibold'}
              color={read ? 'fg.muted' : 'fg'}
              cursor="pointer"
              rounded="sm"
              truncate
              _hover={{ color: 'colorPalette.fg', textDecoration: 'underline' }}
              focusVisibleRing="outside"
              onClick={() => open(row)}
              title={row.titile}
              data-testid="announcement-open"
            >
              {row.titile}
            </chakra.button>
            {row.openType === 'url' && row.openPage ? <ExternalLinkIcon boxSize="3.5" color="fg.subtle" flexShrink={0} aria-label={t('bell.opensPage')} /> : null}
          </HStack>
        );
      },
    },
    { id: 'msgCategory', header: t('page.column.category'), hideBelow: 'md', cell: (row) => <DictTag code="msg_category" value={row.msgCategory} variant="outline" /> },
    { id: 'priority', header: t('page.column.priority'), cell: (row) => <PriorityTag priority={row.priority} /> },
    { id: 'sender', header: t('page.column.sender'), hideBelow: 'lg' },
    timeColumn<MyAnnouncementRecord>('sendTime', t('page.column.sendTime'), (row) => row.sendTime, { hideBelow: 'sm' }),
    { id: 'readFlag', header: t('page.column.readFlag'), cell: (row) => <ReadBadge read={isRead(row)} t={t} /> },
    actionsColumn<MyAnnouncementRecord>('text', (row) => [{ label: t('page.view'), colorPalette: 'blue', onClick: () => open(row), testId: 'announcement-view' }]),
  ];
}

/** `/isps/userAnnouncement`: every announcement sent to the user, with filters, paging and read state. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('notice');
  const [markingAll, setMarkingAll] = useState(false);
  const page = useListPage<MyAnnouncementRecord, Filters>(MY_ANNOUNCEMENTS_PATH, { emptyFilters: EMPTY });
  const reload = useReloadNotices();
  const { open, dialog } = useOpenNotice();
  const openRow = (row: MyAnnouncementRecord) => open({ id: row.anntId, openType: row.openType, openPage: row.openPage });
  // The bell's counts say whether anything is unread at all (this page shows one page of it).
  const unread = useNoticesByUser().data;
  const nothingUnread = unread !== undefined && unread.anntMsgTotal + unread.sysMsgTotal === 0;

  const readAll = async () => {
    setMarkingAll(true);
    try {
      await markAllNoticesRead();
      toastSuccess(t('readAll.done'));
      await reload();
    } catch {
      // The API client showed why.
    } finally {
      setMarkingAll(false);
    }
  };

  return (
    <ListPage
      testId="user-announcement-page"
      search={
        <ListSearchBar page={page} testId="announcement-search">
          <FilterText page={page} name="titile" label={t('page.filter.title')} placeholder={t('page.filter.titlePlaceholder')} testId="announcement-search-title" />
          <FilterDict page={page} name="msgCategory" code="msg_category" label={t('page.filter.category')} allLabel={t('page.filter.all')} testId="announcement-search-category" />
          <FilterSelect page={page} name="readFlag" label={t('page.filter.readFlag')} options={labelled(['0', '1'], (read) => (read === '1' ? t('page.read') : t('page.unread')))} allLabel={t('page.filter.all')} testId="announcement-search-read" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar testIdPrefix="announcement">
          <Button size="sm" variant="outline" loading={markingAll} disabled={nothingUnread} onClick={() => void readAll()} data-testid="announcement-read-all">
            <CheckIcon />
            {t('page.readAll')}
          </Button>
        </ListToolbar>
      }
      dialogs={dialog}
    >
      <ListTable
        list={page.list}
        columns={columns(t, openRow)}
        getRowId={(row) => row.anntId}
        onRowClick={openRow}
        caption={t('page.caption')}
        testId="announcement-table"
        emptyState={<ListEmpty icon={<InboxIcon />} title={t('page.emptyTitle')} description={t('page.emptyDescription')} testId="announcement-empty" />}
      />
    </ListPage>
  );
}
