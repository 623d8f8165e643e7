import { Box, Dialog, HStack, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ClockIcon, UserIcon } from '../../components/icons';
import { CloseFooter, DialogShell } from '../../components/overlay';
import { showTime } from '../../lib/utcTime';
import { fetchAnnouncement, noticeKeys } from './api';
import { sanitizeHtml } from './html';
import { PriorityTag } from './PriorityTag';

/** Styles of an announcement body (rich text from the announcement editor). */
const CONTENT_CSS = {
  wordBreak: 'break-word',
  lineHeight: '1.75',
  // Space between blocks only (nothing above the first or below the last).
  '& p, & ul, & ol, & blockquote, & pre, & table, & h1, & h2, & h3, & h4': { marginBlock: 0 },
  '& * + p, & * + ul, & * + ol, & * + blockquote, & * + pre, & * + table': { marginTop: '0.75em' },
  '& * + h1, & * + h2, & * + h3, & * + h4': { marginTop: '1em' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', lineHeight: '1.4' },
  '& h1 + *, & h2 + *, & h3 + *, & h4 + *': { marginTop: '0.4em' },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& h3, & h4': { fontSize: 'md' },
  '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em' },
  '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em' },
  '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
  '& img, & video': { maxWidth: '100%', height: 'auto', borderRadius: 'sm' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.emphasized', paddingInlineStart: '1em', color: 'fg.muted' },
  '& pre, & code': { fontFamily: 'mono', fontSize: 'sm', bg: 'bg.muted', borderRadius: 'sm' },
  '& pre': { padding: '3', overflowX: 'auto' },
  '& code': { paddingInline: '1' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', paddingBlock: '1', paddingInline: '2', textAlign: 'start' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& hr': { marginBlock: '1em', borderColor: 'border' },
} as const;

/** A fact under the title (sender, time): an icon, the value, and its label for screen readers and as a tooltip. */
function MetaItem({ icon: Icon, label, children }: { icon: typeof UserIcon; label: string; children: ReactNode }) {
  return (
    <HStack gap="1" title={label}>
      <Icon boxSize="3.5" aria-hidden />
      <Text as="span">
        <Box as="span" srOnly>
          {`${label}: `}
        </Box>
        {children}
      </Text>
    </HStack>
  );
}

interface NoticeDetailDialogProps {
  /** The announcement to show; closed when undefined. */
  id: string | undefined;
  onClose: () => void;
}

/** One announcement (`queryById`): title, sender, time, priority and its body. */
export function NoticeDetailDialog({ id, onClose }: NoticeDetailDialogProps) {
  const { t } = useTranslation('notice');
  // The last id stays shown while the dialog closes.
  const [shown, setShown] = useState(id);
  if (id !== undefined && id !== shown) setShown(id);
  const query = useQuery({
    queryKey: noticeKeys.detail(shown ?? ''),
    queryFn: ({ signal }) => fetchAnnouncement(shown ?? '', signal),
    enabled: shown !== undefined,
    retry: false,
    staleTime: 0,
  });
  const record = query.data;
  const html = useMemo(() => sanitizeHtml(record?.msgContent), [record?.msgContent]);

  return (
    <DialogShell
      open={id !== undefined}
      onClose={onClose}
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      testId="notice-detail"
      closeLabel={t('detail.close')}
    >
      <Dialog.Header flexDirection="column" alignItems="stretch" gap="2" paddingEnd="12">
        <Text fontSize="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
          {t('detail.title')}
        </Text>
        {query.isPending && shown !== undefined ? (
          <Skeleton height="6" width="70%" />
        ) : (
          <Dialog.Title fontSize="lg" lineHeight="1.4" wordBreak="break-word" data-testid="notice-detail-title">
            {record?.titile ?? ''}
          </Dialog.Title>
        )}
        {record ? (
          <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="notice-detail-meta">
            {record.sender ? (
              <MetaItem icon={UserIcon} label={t('detail.sender')}>
                {record.sender}
              </MetaItem>
            ) : null}
            {record.sendTime ? (
              <MetaItem icon={ClockIcon} label={t('detail.sendTime')}>
                {showTime(record.sendTime)}
              </MetaItem>
            ) : null}
            <PriorityTag priority={record.priority} />
            {record.msgCategory ? <DictTag code="msg_category" value={record.msgCategory} variant="outline" /> : null}
          </HStack>
        ) : null}
      </Dialog.Header>
      <Dialog.Body>
        {query.isError ? (
          <ErrorAlert title={t('detail.loadFailed')} message={query.error instanceof Error ? query.error.message : String(query.error)} testId="notice-detail-error" />
        ) : query.isPending ? (
          <Stack gap="3" data-testid="notice-detail-loading">
            <SkeletonText noOfLines={5} gap="3" />
          </Stack>
        ) : html ? (
          <Box
            bg="bg.subtle"
            borderWidth="1px"
            rounded="md"
            padding={{ base: '4', md: '5' }}
            css={CONTENT_CSS}
            data-testid="notice-detail-content"
            // The body is sanitised by the server and again by sanitizeHtml.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t('detail.noContent')}
          </Text>
        )}
      </Dialog.Body>
      <CloseFooter variant="outline" label={t('detail.close')} testId="notice-detail-close" />
    </DialogShell>
  );
}
