/**
 * Sort-pack at the packing table (a keyboard-wedge scanner): the scanner types a received
 * parcel's number and Enter, the parcel is packed (`POST /logistics/outPackage/pack` with an
 * `Idempotency-Key`: a retry after a lost answer reuses it, so the parcel is packed once) and a
 * large panel says which bag it goes into, "→ PK…", with the package's country, channel, depot,
 * transport type, parcels and weight ("new" when the server opened it for this parcel). Without a
 * fixed package the server picks the open package of the parcel's channel, country, depot and
 * transport type; a fixed package number forces that one (the server refuses a parcel of another
 * kind). Undo takes the last parcel out of its package again (`…/unpack`). A beep and a buzz say
 * how each scan went; the scan field keeps the focus. The open packages are listed below, each
 * with its parcels in a drawer.
 */
import { Alert, Badge, Box, Button, Card, DataList, Field, Flex, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { serverError } from '../../components/form/serverError';
import { CloseIcon } from '../../components/icons';
import { CrudListPage, ListSubtitle, toastSuccess, useInvalidateList } from '../../components/list';
import { transTypeLabel } from '../../lib/transport';
import { idempotentRunner } from '../logistics/wallet/idempotency';
import { INBOUND_LIST_PATH, optional } from './api';
import { signal } from './feedback';
import { openPackageLabels, OUT_PACKAGE_LIST_PATH, pack, PACK_PERMISSION, unpack, useChannelNames, type OutPackageRecord, type PackForm, type PackResult } from './outboundApi';
import { packageColumns, packageFilterFields, PackageParcelsDrawer, PackagesEmpty, usePackageList } from './OutPackageList';

/** Parcels packed on this page that Undo can take back, newest first. */
const RECENT = 10;

/** One line of the result panel (`—` when there is no value). */
function Detail({ label, value, testId }: { label: string; value: string | number | null | undefined; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontFamily="mono" data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The package a parcel went into, large enough to read from the packing table. */
function PackResultPanel({ result }: { result: PackResult }) {
  const { t } = useTranslation('outPackage');
  const { t: transport } = useTranslation('carrierChannel');
  const channels = useChannelNames();
  const { package: bag, inbound } = result;
  return (
    <Card.Root variant="outline" borderWidth="2px" borderColor={result.created ? 'orange.emphasized' : 'green.emphasized'} data-testid="sort-pack-result">
      <Card.Body>
        <Stack gap="4">
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Heading as="p" fontFamily="mono" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="tight" data-testid="sort-pack-package">
              {t('sortPack.into', { packageNo: bag.packageNo })}
            </Heading>
            <HStack gap="2" wrap="wrap">
              {result.created ? (
                <Badge size="lg" variant="solid" colorPalette="orange" data-testid="sort-pack-new">
                  {t('sortPack.new')}
                </Badge>
              ) : null}
              {result.orderSorted ? (
                <Badge size="lg" variant="subtle" colorPalette="green" data-testid="sort-pack-order-sorted">
                  {t('sortPack.orderSorted')}
                </Badge>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => void openPackageLabels([bag.id])} data-testid="sort-pack-label">
                {t('action.label')}
              </Button>
            </HStack>
          </Flex>
          <Text fontFamily="mono" color="fg.muted" data-testid="sort-pack-parcel">
            {t('sortPack.parcel', { parcel: inbound.parcelSerialNumber, order: result.serialNumber })}
          </Text>
          <DataList.Root orientation="horizontal" size="md" variant="subtle">
            <Detail label={t('field.country')} value={bag.country} testId="sort-pack-country" />
            <Detail label={t('field.channel')} value={channels.name(bag.channelId)} />
            <Detail label={t('field.depot')} value={bag.depot} />
            <Detail label={t('field.transportType')} value={transTypeLabel(transport, bag.transportType)} />
            <Detail label={t('sortPack.pieces')} value={bag.pieces} testId="sort-pack-pieces" />
            <Detail label={t('sortPack.weight')} value={t('kg', { value: bag.weight })} testId="sort-pack-weight" />
          </DataList.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function SortPackPage() {
  const { t } = useTranslation('outPackage');
  const { t: transport } = useTranslation('carrierChannel');
  const [number, setNumber] = useState('');
  const [fixed, setFixed] = useState('');
  const [busy, setBusy] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<PackResult>();
  const [packed, setPacked] = useState<PackResult[]>([]);
  const [opened, setOpened] = useState<OutPackageRecord>();
  const numberInput = useRef<HTMLInputElement>(null);
  // One key per scan: a retry of the same scan after no answer reuses it; the next scan gets a new one.
  const runner = useRef(idempotentRunner());
  const invalidatePackages = useInvalidateList(OUT_PACKAGE_LIST_PATH);
  const invalidateParcels = useInvalidateList(INBOUND_LIST_PATH);
  const crud = usePackageList({ name: 'sort-pack-package', openOnly: true });
  const channels = useChannelNames();

  const refocus = () => {
    numberInput.current?.focus();
    numberInput.current?.select();
  };

  // The scanner types into the number field: it has the focus from the start, and a scan typed
  // while nothing has the focus (after a click on the page) goes there too.
  useEffect(() => {
    numberInput.current?.focus();
    const catchStray = (event: globalThis.KeyboardEvent) => {
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (idle && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) numberInput.current?.focus();
    };
    window.addEventListener('keydown', catchStray);
    return () => window.removeEventListener('keydown', catchStray);
  }, []);

  const refresh = () => Promise.all([invalidatePackages(), invalidateParcels()]);

  async function submit() {
    if (busy) return;
    const form: PackForm = { number: number.trim(), packageNo: optional(fixed) };
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await runner.current.run(form, (key) => pack(form, key));
      runner.current = idempotentRunner();
      setResult(answer.result);
      setPacked((current) => [answer.result, ...current].slice(0, RECENT));
      // A next number the scanner typed meanwhile stays.
      setNumber((current) => (current.trim() === form.number ? '' : current));
      signal('success');
      void refresh();
    } catch (failure) {
      setResult(undefined);
      setProblem(serverError(failure).message);
      signal('error');
    } finally {
      setBusy(false);
      refocus();
    }
  }

  async function undo() {
    const [last] = packed;
    if (!last || undoing) return;
    setUndoing(true);
    setProblem(undefined);
    try {
      const answer = await unpack(last.inbound.parcelSerialNumber);
      setPacked((current) => current.slice(1));
      setResult((shown) => (shown === last ? undefined : shown));
      toastSuccess(t('sortPack.undone', { parcel: last.inbound.parcelSerialNumber, packageNo: answer.result.packageNo }));
      signal('success');
      void refresh();
    } catch (failure) {
      setProblem(serverError(failure).message);
      signal('error');
    } finally {
      setUndoing(false);
      refocus();
    }
  }

  const numberKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (number.trim()) void submit();
  };
  // Enter in the fixed package: back to the scan.
  const fixedKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    refocus();
  };

  const [last] = packed;
  const scanner = (
    <Authorized action={PACK_PERMISSION}>
      <Stack gap="3" data-testid="sort-pack-scanner">
        <Card.Root variant="outline">
          <Card.Body>
            <Stack gap="3">
              <Field.Root>
                <Field.Label>{t('sortPack.number')}</Field.Label>
                <Input
                  ref={numberInput}
                  size="2xl"
                  height="16"
                  fontSize="2xl"
                  fontFamily="mono"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  enterKeyHint="go"
                  placeholder={t('sortPack.numberPlaceholder')}
                  value={number}
                  onChange={(event) => setNumber(event.currentTarget.value)}
                  onKeyDown={numberKeys}
                  data-testid="sort-pack-number"
                />
              </Field.Root>
              <Flex gap="3" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
                <Field.Root flex="1">
                  <Field.Label>{t('sortPack.fixed')}</Field.Label>
                  <HStack gap="2" width="full">
                    <Input
                      size="lg"
                      fontFamily="mono"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={t('sortPack.fixedPlaceholder')}
                      value={fixed}
                      onChange={(event) => setFixed(event.currentTarget.value.toUpperCase())}
                      onKeyDown={fixedKeys}
                      data-testid="sort-pack-fixed"
                    />
                    {fixed ? (
                      <IconButton
                        size="lg"
                        variant="ghost"
                        aria-label={t('sortPack.clearFixed')}
                        title={t('sortPack.clearFixed')}
                        onClick={() => {
                          setFixed('');
                          refocus();
                        }}
                        data-testid="sort-pack-fixed-clear"
                      >
                        <CloseIcon />
                      </IconButton>
                    ) : null}
                  </HStack>
                  <Field.HelperText>{fixed ? t('sortPack.fixedOn', { packageNo: fixed }) : t('sortPack.fixedHint')}</Field.HelperText>
                </Field.Root>
                <HStack gap="3">
                  <Button size="lg" minWidth="32" loading={busy} disabled={!number.trim()} onClick={() => void submit()} data-testid="sort-pack-submit">
                    {t('sortPack.pack')}
                  </Button>
                  <Button
                    size="lg"
                    variant="outline"
                    colorPalette="orange"
                    loading={undoing}
                    disabled={!last || busy}
                    title={last ? t('sortPack.undoHint', { parcel: last.inbound.parcelSerialNumber, packageNo: last.package.packageNo }) : undefined}
                    onClick={() => void undo()}
                    data-testid="sort-pack-undo"
                  >
                    {t('sortPack.undo')}
                  </Button>
                </HStack>
              </Flex>
              <Text textStyle="xs" color="fg.muted">
                {t('sortPack.hint')}
              </Text>
              {problem ? (
                <Alert.Root status="error" role="alert" data-testid="sort-pack-problem">
                  <Alert.Indicator />
                  <Alert.Description fontSize="md">{problem}</Alert.Description>
                </Alert.Root>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>
        {result ? <PackResultPanel result={result} /> : null}
        {packed.length > 0 ? (
          <Box data-testid="sort-pack-recent">
            <Text textStyle="xs" color="fg.muted" marginBottom="1">
              {t('sortPack.recent')}
            </Text>
            <Stack gap="0.5">
              {packed.map((entry) => (
                <Text key={entry.inbound.id} fontFamily="mono" textStyle="sm" data-testid="sort-pack-recent-row">
                  {t('sortPack.recentRow', { parcel: entry.inbound.parcelSerialNumber, packageNo: entry.package.packageNo })}
                </Text>
              ))}
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </Authorized>
  );

  return (
    <CrudListPage
      crud={crud}
      title={t('sortPack.title')}
      subtitle={<ListSubtitle>{t('sortPack.subtitle')}</ListSubtitle>}
      above={scanner}
      columns={packageColumns(t, transport, { channelName: channels.name, onOpen: setOpened, withBatch: false })}
      filters={packageFilterFields(crud, t, { all: false })}
      toolbar={{ add: undefined, exporter: undefined }}
      table={{ emptyState: <PackagesEmpty title={t('sortPack.emptyOpen')} />, caption: t('sortPack.openCaption') }}
      dialogs={<PackageParcelsDrawer record={opened} onClose={() => setOpened(undefined)} />}
    />
  );
}
