import { Box, Button, EmptyState, HStack, IconButton, Popover, Portal, Skeleton, Stack, Tabs, Text, VStack, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon, ClockIcon, ExternalLinkIcon, InboxIcon } from '../../components/icons';
import { toaster } from '../../components/ui/toaster';
import { markAllNoticesRead, type NoticeItem } from '../../features/notices/api';
import { PriorityTag } from '../../features/notices/PriorityTag';
import { useNoticesByUser, useReloadNotices } from '../../features/notices/useNotices';
import { useOpenNotice } from '../../features/notices/useOpenNotice';
import { USER_ANNOUNCEMENT_PATH } from '../../lib/routes';
import { showTime } from '../../lib/utcTime';

type NoticeTab = 'annt' | 'sys';

/** The bell's badge text: hidden at 0, "99+" above 99. */
export function badgeText(total: number): string | undefined {
  if (!Number.isFinite(total) || total <= 0) return undefined;
  return total > 99 ? '99+' : String(Math.floor(total));
}

/**
 * The notification bell (spec section 2): a badge with the unread count, and a 300 px popover with
 * two tabs (announcements, system messages), each listing title, publish time and priority;
 * "mark all read" and "view more" (the user's announcement page). Opening an item marks it read
 * and goes to its page or shows it in a dialog.
 */
export function NoticeBell({ color }: { color?: string }) {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeTab>('annt');
  const [markingAll, setMarkingAll] = useState(false);
  const query = useNoticesByUser();
  const reload = useReloadNotices();
  const { open: openNotice, dialog } = useOpenNotice();
  const data = query.data;
  const anntTotal = data?.anntMsgTotal ?? 0;
  const sysTotal = data?.sysMsgTotal ?? 0;
  const total = anntTotal + sysTotal;
  const badge = badgeText(total);

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

  const pick = (item: NoticeItem) => {
    setOpen(false);
    openNotice(item);
  };

  const list = (items: NoticeItem[], emptyKey: 'bell.empty' | 'bell.emptySystem') => (
    <NoticeList items={items} loading={query.isPending} failed={query.isError && !data} emptyTitle={t(emptyKey)} onRetry={() => void query.refetch()} onPick={pick} />
  );

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open);
          // Opening shows the latest (polling may have stopped after an error).
          if (details.open && !query.isFetching) void query.refetch();
        }}
        positioning={{ placement: 'bottom-end' }}
        lazyMount
      >
        <Box position="relative" display="inline-flex">
          <Popover.Trigger asChild>
            <IconButton
              variant="ghost"
              size="sm"
              color={color}
              aria-label={badge ? t('bell.labelWithCount', { count: total }) : t('bell.label')}
              data-testid="notice-bell"
              _hover={{ bg: 'blackAlpha.100' }}
            >
              <BellIcon boxSize="4.5" />
            </IconButton>
          </Popover.Trigger>
          {badge ? (
            <Box
              as="span"
              position="absolute"
              top="-1"
              insetEnd="-1"
              minW="18px"
              h="18px"
              px="1"
              rounded="full"
              bg="red.solid"
              color="white"
              fontSize="10px"
              fontWeight="semibold"
              lineHeight="18px"
              textAlign="center"
              boxShadow="0 0 0 2px var(--chakra-colors-bg)"
              pointerEvents="none"
              aria-hidden
              data-testid="notice-badge"
            >
              {badge}
            </Box>
          ) : null}
        </Box>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="300px" maxW="calc(100vw - 16px)" overflow="hidden" data-testid="notice-popover">
              <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as NoticeTab)} size="sm" variant="line" fitted>
                <Tabs.List>
                  <Tabs.Trigger value="annt" data-testid="notice-tab-annt">
                    {t('bell.announcements', { total: anntTotal })}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="sys" data-testid="notice-tab-sys">
                    {t('bell.system', { total: sysTotal })}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="annt" padding="0" data-testid="notice-panel-annt">
                  {list(data?.anntMsgList ?? [], 'bell.empty')}
                </Tabs.Content>
                <Tabs.Content value="sys" padding="0" data-testid="notice-panel-sys">
                  {list(data?.sysMsgList ?? [], 'bell.emptySystem')}
                </Tabs.Content>
              </Tabs.Root>
              <HStack justify="space-between" gap="2" px="2" py="2" borderTopWidth="1px" bg="bg.subtle">
                <Button size="xs" variant="ghost" disabled={total === 0} loading={markingAll} onClick={() => void readAll()} data-testid="notice-read-all">
                  {t('bell.readAll')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => {
                    setOpen(false);
                    void navigate(USER_ANNOUNCEMENT_PATH);
                  }}
                  data-testid="notice-view-more"
                >
                  {t('bell.viewMore')}
                </Button>
              </HStack>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {dialog}
    </>
  );
}

interface NoticeListProps {
  items: NoticeItem[];
  loading: boolean;
  failed: boolean;
  emptyTitle: string;
  onRetry: () => void;
  onPick: (item: NoticeItem) => void;
}

function NoticeList({ items, loading, failed, emptyTitle, onRetry, onPick }: NoticeListProps) {
  const { t } = useTranslation('notice');
  if (loading) {
    return (
      <Stack gap="4" px="4" py="4" data-testid="notice-loading">
        {[0, 1, 2].map((row) => (
          <Stack key={row} gap="2">
            <Skeleton height="3.5" width="85%" />
            <Skeleton height="3" width="50%" />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (failed) {
    return (
      <VStack gap="2" py="6" px="4" textAlign="center" data-testid="notice-error">
        <Text fontSize="sm" color="fg.muted">
          {t('bell.loadFailed')}
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('bell.retry')}
        </Button>
      </VStack>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState.Root size="sm" py="6" data-testid="notice-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <InboxIcon />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="1">
            <EmptyState.Title fontSize="sm">{emptyTitle}</EmptyState.Title>
            <EmptyState.Description fontSize="xs">{t('bell.emptyHint')}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <chakra.ul listStyleType="none" margin="0" padding="0" maxH="min(320px, 50dvh)" overflowY="auto" aria-label={t('bell.listLabel')}>
      {items.map((item) => (
        <chakra.li key={item.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
          <chakra.button
            type="button"
            width="full"
            textAlign="start"
            px="4"
            py="3"
            cursor="pointer"
            transition="background 0.15s"
            _hover={{ bg: 'bg.muted' }}
            focusVisibleRing="inside"
            onClick={() => onPick(item)}
            data-testid="notice-item"
          >
            <HStack gap="1.5" align="flex-start">
              <Text fontSize="sm" fontWeight="medium" lineClamp={2} flex="1" minW="0" wordBreak="break-word">
                {item.titile}
              </Text>
              {item.openType === 'url' && item.openPage ? (
                <ExternalLinkIcon boxSize="3.5" color="fg.subtle" mt="0.5" flexShrink={0} aria-label={t('bell.opensPage')} />
              ) : null}
            </HStack>
            <HStack justify="space-between" gap="2" mt="1.5">
              <HStack gap="1" color="fg.muted" fontSize="xs" minW="0">
                <ClockIcon boxSize="3" flexShrink={0} aria-hidden />
                <Text as="span" truncate>
                  {showTime(item.sendTime ?? item.createTime)}
                </Text>
              </HStack>
              <PriorityTag priority={item.priority} />
            </HStack>
          </chakra.button>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
