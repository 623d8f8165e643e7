import { Badge, Box, Button, Card, EmptyState, Field, Flex, HStack, Input, NativeSelect, Stack, Text, VStack, chakra } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { DictSelect } from '../../components/DictSelect';
import { DictTag } from '../../components/DictTag';
import { CheckIcon, ExternalLinkIcon, InboxIcon } from '../../components/icons';
import { SearchBar } from '../../components/SearchBar';
import { toaster } from '../../components/ui/toaster';
import { useServerList } from '../../hooks/useServerList';
import { isRead, markAllNoticesRead, MY_ANNOUNCEMENTS_PATH, type MyAnnouncementRecord } from './api';
import { PriorityTag } from './PriorityTag';
import { localTime } from './time';
import { useNoticesByUser, useReloadNotices } from './useNotices';
import { useOpenNotice } from './useOpenNotice';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  titile: string;
  msgCategory: string;
  readFlag: '' | '0' | '1';
};

const EMPTY: Filters = { titile: '', msgCategory: '', readFlag: '' };

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
    {
      id: 'sendTime',
      header: t('page.column.sendTime'),
      hideBelow: 'sm',
      cell: (row) => (
        <Text as="span" whiteSpace="nowrap">
          {localTime(row.sendTime) || '—'}
        </Text>
      ),
    },
    { id: 'readFlag', header: t('page.column.readFlag'), cell: (row) => <ReadBadge read={isRead(row)} t={t} /> },
    {
      id: 'actions',
      header: t('page.column.actions'),
      sticky: true,
      cell: (row) => (
        <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => open(row)} data-testid="announcement-view">
          {t('page.view')}
        </Button>
      ),
    },
  ];
}

/** `/isps/userAnnouncement`: every announcement sent to the user, with filters, paging and read state. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('notice');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [markingAll, setMarkingAll] = useState(false);
  const list = useServerList<MyAnnouncementRecord>(MY_ANNOUNCEMENTS_PATH, filters);
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
      toaster.create({ type: 'success', title: t('readAll.done'), duration: 3000 });
      await reload();
    } catch {
      // The API client showed why.
    } finally {
      setMarkingAll(false);
    }
  };

  return (
    <Stack gap="4" data-testid="user-announcement-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="announcement-search"
      >
        <Field.Root>
          <Field.Label>{t('page.filter.title')}</Field.Label>
          <Input
            size="sm"
            value={draft.titile}
            onChange={(event) => setDraft({ ...draft, titile: event.currentTarget.value })}
            placeholder={t('page.filter.titlePlaceholder')}
            data-testid="announcement-search-title"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('page.filter.category')}</Field.Label>
          <DictSelect
            code="msg_category"
            value={draft.msgCategory}
            onChange={(msgCategory) => setDraft({ ...draft, msgCategory })}
            placeholder={t('page.filter.all')}
            data-testid="announcement-search-category"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('page.filter.readFlag')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={draft.readFlag}
              onChange={(event) => setDraft({ ...draft, readFlag: event.currentTarget.value as Filters['readFlag'] })}
              data-testid="announcement-search-read"
            >
              <option value="">{t('page.filter.all')}</option>
              <option value="0">{t('page.unread')}</option>
              <option value="1">{t('page.read')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Button size="sm" variant="outline" loading={markingAll} disabled={nothingUnread} onClick={() => void readAll()} data-testid="announcement-read-all">
                <CheckIcon />
                {t('page.readAll')}
              </Button>
            </Flex>
            <DataTable
              columns={columns(t, openRow)}
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              page={list.page}
              onPageChange={list.setPage}
              getRowId={(row) => row.anntId}
              onRowClick={openRow}
              caption={t('page.caption')}
              testId="announcement-table"
              emptyState={
                <EmptyState.Root size="sm" data-testid="announcement-empty">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <InboxIcon />
                    </EmptyState.Indicator>
                    <VStack textAlign="center" gap="1">
                      <EmptyState.Title>{t('page.emptyTitle')}</EmptyState.Title>
                      <EmptyState.Description>{t('page.emptyDescription')}</EmptyState.Description>
                    </VStack>
                  </EmptyState.Content>
                </EmptyState.Root>
              }
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      {dialog}
    </Stack>
  );
}
