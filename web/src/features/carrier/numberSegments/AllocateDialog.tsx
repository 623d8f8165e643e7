import { Alert, Badge, Box, Button, Dialog, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { CheckIcon, FileTextIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { channelLabel, useChannelOptions } from '../channels/api';
import { FormField } from '../../../components/form/FormField';
import { FormFooter } from '../../../components/form/FormFooter';
import { DialogShell, type FormOpenProps } from '../../../components/overlay';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { allocateNumbers, MAX_ALLOCATE, type Allocation } from './api';

interface AllocateDialogProps extends FormOpenProps {
  /** The channel to take numbers from (a row's, or the list's filter). */
  channelId?: string;
  /** After numbers were taken (the list's remaining counts change). */
  onAllocated: () => void;
}

/** Takes 1–100 consecutive numbers of a channel (`POST /logistics/numberSegment/allocate`) and shows them, ready to copy. */
export function AllocateDialog({ open, onOpenChange, channelId = '', onAllocated }: AllocateDialogProps) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} testId="allocate-dialog" scrollBehavior="inside">
      <AllocatePanel channelId={channelId} onAllocated={onAllocated} />
    </DialogShell>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function AllocatePanel({ channelId: initialChannel, onAllocated }: { channelId: string; onAllocated: () => void }) {
  const { t } = useTranslation('carrierSegment');
  const channels = useChannelOptions();
  const [channelId, setChannelId] = useState(initialChannel);
  const [count, setCount] = useState('1');
  const [problem, setProblem] = useState<{ field?: 'channelId' | 'count'; message: string }>();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Allocation>();
  const [copied, setCopied] = useState(false);

  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));

  async function take() {
    setProblem(undefined);
    if (!channelId) {
      setProblem({ field: 'channelId', message: t('allocate.channelRequired') });
      return;
    }
    const n = Number(count.trim());
    if (!/^\d+$/.test(count.trim()) || n < 1 || n > MAX_ALLOCATE) {
      setProblem({ field: 'count', message: t('allocate.countRange', { max: MAX_ALLOCATE }) });
      return;
    }
    setRunning(true);
    try {
      const envelope = await allocateNumbers(channelId, n);
      setResult(envelope.result);
      setCopied(false);
      onAllocated();
    } catch (failure) {
      setProblem({ message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setRunning(false);
    }
  }

  async function copyAll() {
    if (!result) return;
    const ok = await copyText(result.numbers.join('\n'));
    setCopied(ok);
    toaster.create({ type: ok ? 'success' : 'error', title: ok ? t('allocate.copied', { count: result.numbers.length }) : t('allocate.copyFailed'), duration: 2500 });
  }

  if (result) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>{t('allocate.resultTitle', { count: result.numbers.length })}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="3">
            {result.alert ? (
              <Alert.Root status="warning" size="sm" data-testid="allocate-alert">
                <Alert.Indicator />
                <Alert.Title>{t('allocate.lowStock', { remaining: result.remaining })}</Alert.Title>
              </Alert.Root>
            ) : null}
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Text textStyle="sm" color="fg.muted">
                {t('allocate.remaining', { remaining: result.remaining })}
              </Text>
              <Button size="xs" variant={copied ? 'subtle' : 'outline'} colorPalette={copied ? 'green' : undefined} onClick={() => void copyAll()} data-testid="allocate-copy">
                {copied ? <CheckIcon /> : <FileTextIcon />}
                {copied ? t('allocate.copiedShort') : t('allocate.copy')}
              </Button>
            </HStack>
            <Box as="ol" borderWidth="1px" rounded="md" maxHeight="72" overflowY="auto" bg="bg.subtle" paddingY="1" data-testid="allocate-numbers" aria-label={t('allocate.numbers')}>
              {result.numbers.map((number, index) => (
                <HStack as="li" key={number} paddingX="3" paddingY="1" gap="3" listStyleType="none">
                  <Text textStyle="xs" color="fg.subtle" width="6" textAlign="end" aria-hidden="true">
                    {index + 1}
                  </Text>
                  <Text fontFamily="mono" textStyle="sm" userSelect="all">
                    {number}
                  </Text>
                </HStack>
              ))}
            </Box>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" size="sm" onClick={() => setResult(undefined)} data-testid="allocate-again">
            {t('allocate.again')}
          </Button>
          <Dialog.ActionTrigger asChild>
            <Button size="sm">{t('action.close', { ns: 'dataTable' })}</Button>
          </Dialog.ActionTrigger>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void take();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{t('allocate.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={problem && !problem.field ? problem.message : undefined} testId="allocate-error" />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <Box gridColumn={{ sm: 'span 2' }}>
              <FormField label={t('field.channel')} required error={problem?.field === 'channelId' ? problem.message : undefined}>
                <OptionSelect
                  options={channelChoices}
                  value={channelId}
                  onChange={(event) => setChannelId(event.currentTarget.value)}
                  placeholder={t('form.channelPlaceholder')}
                  emptySelectable={false}
                  loading={channels.isPending}
                  invalid={problem?.field === 'channelId'}
                  data-testid="allocate-channel"
                />
              </FormField>
            </Box>
            <FormField label={t('allocate.count')} required error={problem?.field === 'count' ? problem.message : undefined}>
              <Input size="sm" inputMode="numeric" autoComplete="off" value={count} onChange={(event) => setCount(event.currentTarget.value)} data-testid="allocate-count" />
            </FormField>
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            {[1, 10, 50, 100].map((n) => (
              <Badge key={n} asChild size="md" variant={count === String(n) ? 'solid' : 'outline'} cursor="pointer">
                <button type="button" onClick={() => setCount(String(n))}>
                  {t('allocate.pick', { count: n })}
                </button>
              </Badge>
            ))}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {t('allocate.hint')}
          </Text>
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={running} submitTestId="allocate-submit" submitLabel={t('allocate.submit')} />
    </form>
  );
}
