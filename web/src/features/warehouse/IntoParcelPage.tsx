/**
 * Receive one parcel at a time (a packing-table workstation with a keyboard-wedge scanner and a
 * scale): the scanner types the number and Enter, the focus moves to the weight, Enter there
 * receives the parcel (`POST /logistics/inbound/intake` with an `Idempotency-Key`: pressing
 * Receive again after a lost answer reuses it, so the parcel is received once). The answer shows
 * in a result card (order, parcels received, weights, the charge settled with its adjustment), a
 * beep says how it went, and the form clears for the next parcel. A scan core refuses (through
 * WASM, as the server would: the number, the weight, the dimensions all or none) is not sent: its
 * message shows under the field at fault, which takes the focus. The server's refusal shows
 * inline with the number selected for a rescan. Every received parcel is listed below.
 */
import { Alert, Button, Card, Field, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Authorized } from '../../components/Authorized';
import { CrudListPage, ListSubtitle } from '../../components/list';
import { useInvalidateList } from '../../components/list/useRecordActions';
import { idempotentRunner } from '../logistics/wallet/idempotency';
import { INBOUND_LIST_PATH, intake, intakeForm, INTAKE_PERMISSION, type IntakeResult } from './api';
import { signal } from './feedback';
import { InboundEmpty, inboundColumns, inboundFilterFields, useInboundList } from './InboundList';
import { intakeIssue, type IntakeField, type IntakeIssue } from './intakeCheck';
import { IntakeResultCard } from './IntakeResult';

const EMPTY = { number: '', weight: '', length: '', width: '', height: '', remark: '' };
type Fields = typeof EMPTY;
/** The measured fields, in the order of the form. */
const MEASURES = ['weight', 'length', 'width', 'height'] as const satisfies readonly IntakeField[];

export default function IntoParcelPage() {
  const { t } = useTranslation('inbound');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IntakeResult>();
  const [problem, setProblem] = useState<string>();
  const [issue, setIssue] = useState<IntakeIssue>();
  const numberInput = useRef<HTMLInputElement>(null);
  const weightInput = useRef<HTMLInputElement>(null);
  const lengthInput = useRef<HTMLInputElement>(null);
  const widthInput = useRef<HTMLInputElement>(null);
  const heightInput = useRef<HTMLInputElement>(null);
  const inputs: Record<IntakeField, RefObject<HTMLInputElement | null>> = { number: numberInput, weight: weightInput, length: lengthInput, width: widthInput, height: heightInput };
  // One key per parcel: a retry of the same scan after no answer reuses it; the next scan gets a new one.
  const runner = useRef(idempotentRunner());
  const invalidate = useInvalidateList(INBOUND_LIST_PATH);
  const crud = useInboundList();
  // The scanner types into the number field: it has the focus from the start.
  useEffect(() => numberInput.current?.focus(), []);

  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
    if (issue?.field === name) setIssue(undefined);
  };

  /** Core's message under a field, when it is the one at fault. */
  const fieldIssue = (name: IntakeField) =>
    issue?.field === name ? (
      <Field.ErrorText data-testid={`intake-${name}-error`}>{issue.message}</Field.ErrorText>
    ) : null;

  const rescan = () => {
    numberInput.current?.focus();
    numberInput.current?.select();
  };

  async function submit() {
    if (busy) return;
    const form = intakeForm(fields);
    // Refused here as the server would refuse it: nothing is sent.
    const refused = intakeIssue(form);
    setIssue(refused);
    if (refused) {
      setProblem(refused.field ? undefined : refused.message);
      signal('error');
      const input = inputs[refused.field ?? 'number'].current;
      input?.focus();
      input?.select();
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await runner.current.run(form, (key) => intake(form, key));
      runner.current = idempotentRunner();
      setResult(answer.result);
      setFields(EMPTY);
      signal('success');
      numberInput.current?.focus();
      await invalidate();
    } catch (failure) {
      setResult(undefined);
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
      signal('error');
      rescan();
    } finally {
      setBusy(false);
    }
  }

  // A scanner ends the number with Enter: the weight is next (an empty field stays put).
  const numberKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (fields.number.trim()) {
      weightInput.current?.focus();
      weightInput.current?.select();
    }
  };

  const scanner = (
    <Authorized action={INTAKE_PERMISSION}>
      <Stack gap="3" data-testid="intake-scanner">
        <Card.Root variant="outline" data-testid="intake-card">
          <Card.Body>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Stack gap="3">
                <Text fontWeight="semibold">{t('scan.title')}</Text>
                <Field.Root invalid={issue?.field === 'number'}>
                  <Field.Label>{t('scan.number')}</Field.Label>
                  <Input
                    ref={numberInput}
                    size="xl"
                    fontFamily="mono"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    placeholder={t('scan.numberPlaceholder')}
                    value={fields.number}
                    onChange={set('number')}
                    onKeyDown={numberKeys}
                    data-testid="intake-number"
                  />
                  {fieldIssue('number')}
                </Field.Root>
                <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
                  {MEASURES.map((name) => (
                    <Field.Root key={name} required={name === 'weight'} invalid={issue?.field === name}>
                      <Field.Label>{t(`scan.${name}`)}</Field.Label>
                      <Input ref={inputs[name]} size="lg" fontFamily="mono" inputMode="decimal" autoComplete="off" value={fields[name]} onChange={set(name)} data-testid={`intake-${name}`} />
                      {fieldIssue(name)}
                    </Field.Root>
                  ))}
                </SimpleGrid>
                <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
                  <Field.Root flex="1">
                    <Field.Label>{t('scan.remark')}</Field.Label>
                    <Input placeholder={t('scan.remarkPlaceholder')} value={fields.remark} onChange={set('remark')} data-testid="intake-remark" />
                  </Field.Root>
                  <Button type="submit" size="lg" minWidth="40" loading={busy} data-testid="intake-submit">
                    {t('scan.receive')}
                  </Button>
                </Flex>
                <Text textStyle="xs" color="fg.muted">
                  {t('scan.hint')}
                </Text>
                {problem ? (
                  <Alert.Root status="error" role="alert" data-testid="intake-problem">
                    <Alert.Indicator />
                    <Alert.Description>{problem}</Alert.Description>
                  </Alert.Root>
                ) : null}
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
        {result ? <IntakeResultCard result={result} /> : null}
      </Stack>
    </Authorized>
  );

  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      above={scanner}
      columns={inboundColumns(t)}
      filters={inboundFilterFields(crud, t)}
      toolbar={{ add: undefined, exportAction: `${crud.permission}:export` }}
      table={{ emptyState: <InboundEmpty /> }}
    />
  );
}
