import { Box, Dialog, Heading, HStack, Separator, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, UserIcon } from '../../../components/icons';
import { CloseFooter, DialogShell } from '../../../components/overlay';
import { showTime } from '../../../lib/utcTime';
import type { AnnouncementRecord } from './api';
import { CategoryTag, PriorityTag, SendStatusTag } from './AnnouncementTags';
import { sanitizeHtml } from './sanitize';

/** Rich-text content as readers see it (sanitised again before it enters the page). */
export const PROSE_CSS = {
  lineHeight: '1.7',
  wordBreak: 'break-word',
  '& p, & div': { marginBlock: '0.5em' },
  '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em', marginBlock: '0.5em' },
  '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em', marginBlock: '0.5em' },
  '& li': { marginBlock: '0.15em' },
  '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
  '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', marginBlock: '0.6em' },
  '& pre, & code': { fontFamily: 'mono', bg: 'bg.muted', rounded: 'sm', paddingX: '1' },
} as const;

/** How readers will see an announcement: title, tags, sender, times and the sanitised content. */
export function AnnouncementPreviewDialog({ record, onClose }: { record: AnnouncementRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysAnnouncement');
  const html = useMemo(() => sanitizeHtml(record?.msgContent ?? ''), [record?.msgContent]);
  return (
    <DialogShell open={record !== undefined} onClose={onClose} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" testId="announcement-preview">
      {record ? (
        <>
          <Dialog.Header>
            <Stack gap="2" minWidth="0">
              <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {t('preview.label')}
              </Text>
              <Dialog.Title>
                <Heading as="span" size="lg" wordBreak="break-word">
                  {record.titile}
                </Heading>
              </Dialog.Title>
              <Wrap gap="2" align="center">
                <PriorityTag value={record.priority} />
                <SendStatusTag value={record.sendStatus} />
                <CategoryTag value={record.msgCategory} />
              </Wrap>
              <Wrap gap="4" color="fg.muted" textStyle="xs">
                <HStack gap="1">
                  <UserIcon />
                  <Text>{record.sender || '—'}</Text>
                </HStack>
                <HStack gap="1">
                  <ClockIcon />
                  <Text>{showTime(record.sendTime || record.createTime) || '—'}</Text>
                </HStack>
                {record.msgType === 'USER' && record.userNames ? <Text>{t('preview.to', { names: record.userNames })}</Text> : <Text>{t('msgType.ALL')}</Text>}
              </Wrap>
            </Stack>
          </Dialog.Header>
          <Separator />
          <Dialog.Body paddingY="5">
            {/* sanitizeHtml keeps only formatting, lists and safe links. */}
            <Box css={PROSE_CSS} textStyle="sm" data-testid="announcement-preview-content" dangerouslySetInnerHTML={{ __html: html }} />
          </Dialog.Body>
          <CloseFooter variant="outline" />
        </>
      ) : null}
    </DialogShell>
  );
}
