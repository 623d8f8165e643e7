import { Badge, Box, DataList, Drawer, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerShell, OverlayHeader } from '../../../components/overlay';
import { showTime } from '../../../lib/utcTime';
import { changedKeys, isFailed, isOperateType, prettyJson, type LogRecord } from './api';

/** One line of the entry's facts. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue minWidth="0">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return (
    <Text fontFamily="mono" textStyle="xs" wordBreak="break-all">
      {children}
    </Text>
  );
}

/** One side of the before/after comparison: pretty-printed JSON in a scrolling block. */
function JsonPanel({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const { t } = useTranslation('sysLog');
  const text = prettyJson(value);
  return (
    <Stack gap="2" minWidth="0">
      <Heading as="h3" size="xs" color="fg.muted">
        {title}
      </Heading>
      {text ? (
        <Box
          as="pre"
          fontFamily="mono"
          textStyle="xs"
          bg="bg.muted"
          borderWidth="1px"
          rounded="md"
          padding="3"
          overflow="auto"
          maxHeight={{ base: '40vh', md: '60vh' }}
          whiteSpace="pre"
          tabIndex={0}
          aria-label={title}
          data-testid={testId}
        >
          {text}
        </Box>
      ) : (
        <Text textStyle="sm" color="fg.subtle" padding="3" borderWidth="1px" borderStyle="dashed" rounded="md" data-testid={testId}>
          {t('detail.noValue')}
        </Text>
      )}
    </Stack>
  );
}

/** The whole of one log entry; an operation also shows its before and after values side by side. */
export function LogDetailDrawer({ record, onClose }: { record: LogRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysLog');
  const isOperation = record !== undefined && String(record.logType) === '2';
  const changed = record ? changedKeys(record.beforeValue, record.afterValue) : [];
  const operateType = String(record?.operateType ?? '');

  return (
    <DrawerShell open={record !== undefined} onClose={onClose} size={{ base: 'full', md: isOperation ? 'xl' : 'md' }} testId="log-detail">
      <OverlayHeader kind="drawer" title={t('detail.title')} />
      <Drawer.Body>
        <Stack gap="6">
          {record ? (
            <DataList.Root orientation="horizontal" size="sm" gap="3">
              <Item label={t('field.createTime')}>{showTime(record.createTime) || '—'}</Item>
              <Item label={t('field.username')}>{record.username || '—'}</Item>
              <Item label={t('field.ip')}>{record.ip || '—'}</Item>
              <Item label={t('field.result')}>
                {isFailed(record) ? (
                  <Badge size="sm" colorPalette="red" variant="solid">
                    {t('result.failed')}
                  </Badge>
                ) : (
                  <Badge size="sm" colorPalette="green" variant="subtle">
                    {t('result.ok')}
                  </Badge>
                )}
              </Item>
              {isOperation ? <Item label={t('field.operateType')}>{isOperateType(operateType) ? t(`operateType.${operateType}`) : '—'}</Item> : null}
              <Item label={t('field.method')}>{record.method ? <Mono>{record.method}</Mono> : '—'}</Item>
              <Item label={t('field.requestUrl')}>{record.requestUrl ? <Mono>{record.requestUrl}</Mono> : '—'}</Item>
              <Item label={t('field.logContent')}>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {record.logContent || '—'}
                </Text>
              </Item>
            </DataList.Root>
          ) : null}
          {isOperation && record ? (
            <Stack gap="3">
              <HStack gap="2" wrap="wrap">
                <Heading as="h3" size="sm">
                  {t('detail.changes')}
                </Heading>
                {changed.length > 0 ? (
                  <Wrap gap="1" data-testid="log-changed-keys">
                    {changed.map((key) => (
                      <Badge key={key} size="sm" variant="subtle" colorPalette="orange" fontFamily="mono">
                        {key}
                      </Badge>
                    ))}
                  </Wrap>
                ) : null}
              </HStack>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <JsonPanel title={t('detail.before')} value={record.beforeValue} testId="log-before" />
                <JsonPanel title={t('detail.after')} value={record.afterValue} testId="log-after" />
              </SimpleGrid>
            </Stack>
          ) : null}
        </Stack>
      </Drawer.Body>
    </DrawerShell>
  );
}
