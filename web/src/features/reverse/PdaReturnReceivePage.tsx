/**
 * Receiving returns on a handheld (PDA or phone, 390 px and up): one big scan field that keeps
 * the focus (the scanner's Enter submits), the condition the parcel is in as big toggles (intact
 * unless told), and a note that core requires unless it is intact. The scan
 * (`POST /reverse/return/receive`) finds the return awaiting that number (the return number, the
 * order's or a parcel's numbers, or the way back's tracking number) and marks it received; the
 * result card shows the return, its order and status, or the server's refusal as it is. A beep
 * and a buzz say how each scan went; this session's scans stay listed below. Scanning needs
 * `reverse:return:receive`.
 */
import { Alert, Badge, Button, Card, Field, Fieldset, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { serverError } from '../../components/form/serverError';
import { showTime, formatUtc } from '../../lib/utcTime';
import { signal } from '../warehouse/feedback';
import { RECEIVE_PERMISSION, receiveReturn, RETURN_CONDITIONS, textOrNull, type ReturnCondition, type ReturnReceiveForm, type ReturnRecord } from './api';
import { ConditionTag, ReturnStatusTag } from './ReturnTags';
import { returnIssue } from './rules';

/** Scans kept on the page, newest first. */
const RECENT = 20;
const MAX_NOTE = 500;

interface Scan {
  key: number;
  number: string;
  condition: ReturnCondition;
  at: string;
  record?: ReturnRecord;
  message?: string;
}

type Problem = { field?: 'number' | 'conditionRemark'; message: string };

function ResultCard({ record }: { record: ReturnRecord }) {
  const { t } = useTranslation('returns');
  return (
    <Card.Root size="sm" variant="outline" borderColor="border.success" data-testid="return-receive-result">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" gap="2" align="flex-start" wrap="wrap">
            <Stack gap="0">
              <Text textStyle="xs" color="fg.muted">
                {t('field.returnNo')}
              </Text>
              <Text fontFamily="mono" fontWeight="semibold" textStyle="xl" wordBreak="break-all" data-testid="return-receive-result-no">
                {record.returnNo}
              </Text>
            </Stack>
            <ReturnStatusTag value={record.status} size="lg" testId="return-receive-result-status" />
          </HStack>
          <HStack gap="3" wrap="wrap" textStyle="sm">
            <Text>
              <Text as="span" color="fg.muted">
                {t('field.serialNumber')}{' '}
              </Text>
              <Text as="span" fontFamily="mono" data-testid="return-receive-result-order">
                {record.serialNumber}
              </Text>
            </Text>
            {record.parcelNo ? (
              <Text fontFamily="mono" color="fg.muted">
                {record.parcelNo}
              </Text>
            ) : null}
            <ConditionTag value={record.condition} />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ScanRow({ scan }: { scan: Scan }) {
  const { t } = useTranslation('returns');
  const ok = scan.record !== undefined;
  return (
    <Card.Root size="sm" variant="outline" data-testid="return-receive-scan" data-state={ok ? 'received' : 'failed'}>
      <Card.Body>
        <Stack gap="1">
          <HStack justify="space-between" gap="2" align="flex-start">
            <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all">
              {scan.number}
            </Text>
            <Badge size="md" variant="solid" colorPalette={ok ? 'green' : 'red'} flexShrink={0}>
              {ok ? t('pda.received') : t('pda.failed')}
            </Badge>
          </HStack>
          <HStack gap="3" textStyle="xs" color="fg.muted" wrap="wrap">
            <Text>{showTime(scan.at)}</Text>
            <Text>{t(`condition.${scan.condition}`)}</Text>
            {scan.record ? <Text fontFamily="mono">{`${scan.record.returnNo} · ${scan.record.serialNumber}`}</Text> : null}
          </HStack>
          {scan.message ? (
            <Text textStyle="sm" color="fg.error">
              {scan.message}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function PdaReturnReceivePage() {
  const { t } = useTranslation('returns');
  const [number, setNumber] = useState('');
  const [condition, setCondition] = useState<ReturnCondition>('intact');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [result, setResult] = useState<ReturnRecord>();
  const [saving, setSaving] = useState(false);
  const [scans, setScans] = useState<Scan[]>([]);
  const numberInput = useRef<HTMLInputElement>(null);
  const remarkInput = useRef<HTMLTextAreaElement>(null);
  const keys = useRef(0);

  useEffect(() => numberInput.current?.focus(), []);

  const remember = (scan: Omit<Scan, 'key' | 'at'>) => {
    keys.current += 1;
    const entry: Scan = { ...scan, key: keys.current, at: formatUtc(new Date()) };
    setScans((current) => [entry, ...current].slice(0, RECENT));
  };

  async function receive() {
    if (saving) return;
    const form: ReturnReceiveForm = { number: number.trim(), condition, conditionRemark: textOrNull(remark) };
    // Refused here as the server would refuse it: nothing sent.
    const refused = returnIssue(form, 'receive');
    if (refused) {
      setProblem({ field: refused.field === 'number' || refused.field === 'conditionRemark' ? refused.field : undefined, message: refused.message });
      setResult(undefined);
      signal('error');
      const input = refused.field === 'conditionRemark' ? remarkInput.current : numberInput.current;
      input?.focus();
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const answer = await receiveReturn(form);
      setResult(answer.result);
      remember({ number: form.number.toUpperCase(), condition, record: answer.result });
      signal('success');
      setNumber('');
      setCondition('intact');
      setRemark('');
    } catch (failure) {
      const { message } = serverError(failure);
      setResult(undefined);
      setProblem({ message });
      remember({ number: form.number.toUpperCase(), condition, message });
      signal('error');
    } finally {
      setSaving(false);
      numberInput.current?.focus();
      numberInput.current?.select();
    }
  }

  // A scanner's Enter receives at once (the condition and note are chosen before the scan).
  const numberKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void receive();
  };

  const intact = condition === 'intact';
  return (
    <Stack gap="4" maxWidth="lg" width="full" marginX="auto" data-testid="return-receive-page">
      <Stack gap="1">
        <Heading size="lg">{t('pda.title')}</Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('pda.subtitle')}
        </Text>
      </Stack>

      <Authorized action={RECEIVE_PERMISSION}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void receive();
          }}
        >
          <Stack gap="4">
            <Field.Root invalid={problem?.field === 'number'}>
              <Field.Label>{t('pda.number')}</Field.Label>
              <Input
                ref={numberInput}
                size="2xl"
                height="16"
                fontSize="2xl"
                fontFamily="mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="done"
                placeholder={t('pda.numberPlaceholder')}
                value={number}
                onChange={(event) => {
                  setNumber(event.currentTarget.value);
                  if (problem?.field === 'number') setProblem(undefined);
                }}
                onKeyDown={numberKeys}
                data-testid="return-receive-number"
              />
              {problem?.field === 'number' ? (
                <Field.ErrorText fontSize="md" data-testid="return-receive-number-error">
                  {problem.message}
                </Field.ErrorText>
              ) : null}
            </Field.Root>

            <Fieldset.Root gap="2">
              <Fieldset.Legend fontWeight="medium" textStyle="sm" color="fg">
                {t('field.condition')}
              </Fieldset.Legend>
              <SimpleGrid columns={2} gap="2">
                {RETURN_CONDITIONS.map((code) => {
                  const selected = condition === code;
                  return (
                    <Button
                      key={code}
                      type="button"
                      size="xl"
                      minHeight="14"
                      whiteSpace="normal"
                      variant={selected ? 'solid' : 'outline'}
                      colorPalette={code === 'intact' ? 'green' : 'orange'}
                      aria-pressed={selected}
                      gridColumn={code === 'intact' ? 'span 2' : undefined}
                      onClick={() => {
                        setCondition(code);
                        if (problem?.field === 'conditionRemark') setProblem(undefined);
                        if (code !== 'intact') remarkInput.current?.focus();
                      }}
                      data-testid={`return-receive-condition-${code}`}
                    >
                      {t(`condition.${code}`)}
                    </Button>
                  );
                })}
              </SimpleGrid>
            </Fieldset.Root>

            <Field.Root invalid={problem?.field === 'conditionRemark'} required={!intact}>
              <Field.Label>
                {t('field.conditionRemark')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                ref={remarkInput}
                size="lg"
                rows={2}
                autoresize
                maxLength={MAX_NOTE}
                placeholder={intact ? t('pda.remarkOptional') : t('pda.remarkRequired')}
                value={remark}
                onChange={(event) => {
                  setRemark(event.currentTarget.value);
                  if (problem?.field === 'conditionRemark') setProblem(undefined);
                }}
                data-testid="return-receive-remark"
              />
              {problem?.field === 'conditionRemark' ? (
                <Field.ErrorText fontSize="md" data-testid="return-receive-remark-error">
                  {problem.message}
                </Field.ErrorText>
              ) : null}
            </Field.Root>

            <Button type="submit" size="2xl" height="16" width="full" fontSize="xl" loading={saving} data-testid="return-receive-submit">
              {t('pda.submit')}
            </Button>
          </Stack>
        </form>
      </Authorized>

      {problem && !problem.field ? (
        <Alert.Root status="error" role="alert" data-testid="return-receive-problem">
          <Alert.Indicator />
          <Alert.Description>{problem.message}</Alert.Description>
        </Alert.Root>
      ) : null}
      {result ? <ResultCard record={result} /> : null}

      <Stack gap="2">
        <Heading size="sm">{t('pda.recent')}</Heading>
        {scans.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="return-receive-recent-empty">
            {t('pda.recentEmpty')}
          </Text>
        ) : (
          scans.map((scan) => <ScanRow key={scan.key} scan={scan} />)
        )}
      </Stack>
    </Stack>
  );
}
