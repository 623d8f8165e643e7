/**
 * The order page (a full-screen drawer over the list): the order's references, the consignee, the
 * parcels with their goods, and beside them the live quote from the customer's own bundle (WASM,
 * as on the price forecast page) where the channel product is chosen. "Save draft" keeps it
 * incomplete if need be; "Save and submit" runs core's submission rules first, then shows the
 * charge before the wallet withholds it. Every field is checked by core as it is typed.
 */
import { Alert, Badge, Box, Button, chakra, CloseButton, Drawer, Grid, Heading, HStack, Portal, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../api/client';
import { useConfirm } from '../../../components/ConfirmDialog';
import { SelectField, TextField, TextareaField } from '../../../components/form/fields';
import { toastSuccess, useInvalidateList } from '../../../components/list';
import { forecast, type Quote } from '../../../core';
import { currentLanguage, useLanguage } from '../../../i18n';
import { useDebounced } from '../../logistics/forecast/hooks';
import { useForecastBundle } from '../../logistics/forecast/bundleStore';
import { useDestinations } from '../../logistics/forecast/countries';
import { UnavailableList } from '../../logistics/forecast/QuoteResults';
import { newIdempotencyKey } from '../../logistics/wallet/idempotency';
import { addShipment, editShipment, getShipment, SHIPMENT_LIST_PATH, submitShipment, type ShipmentDetail } from './api';
import { bodyOf, coreResolver, emptyOrder, forecastInput, formPath, issuesAsErrors, valuesOf, type OrderValues, type ShipmentType } from './model';
import { ParcelsEditor } from './ParcelsEditor';
import { CustomerField } from '../shippers/ShipperFormDialog';
import { useIsStaff } from '../shippers/api';

export type OrderTarget = { mode: 'add'; type: ShipmentType } | { mode: 'edit'; id: string; type: ShipmentType };

interface Option {
  value: string;
  label: string;
}

type Row = Record<string, unknown>;

/** The customer's shippers or depots, as listed. */
function useRows(path: string): Row[] {
  const { data } = useQuery({
    queryKey: ['list', path, 'options'],
    queryFn: async ({ signal }) => (await api.get<{ records: Row[] }>(path, { pageSize: '200' }, { notify: false, signal })).result?.records ?? [],
  });
  return data ?? [];
}

const optionsOf = (rows: Row[], label: (row: Row) => string): Option[] => rows.map((row) => ({ value: String(row.id), label: label(row) }));

/** The consignee fields an FBA order takes from its depot where blank (as the server fills them). */
const DEPOT_FILLS: [keyof OrderValues['consignee'], string][] = [
  ['name', 'depotName'],
  ['phone', 'phone'],
  ['country', 'country'],
  ['state', 'state'],
  ['city', 'city'],
  ['postalCode', 'postalCode'],
  ['address1', 'address1'],
  ['address2', 'address2'],
];

/** The quotes for the order as typed; a click chooses the product. */
function QuotePanel({ type, customerId }: { type: ShipmentType; customerId: string | undefined }) {
  const { t } = useTranslation('shipment');
  const lang = useLanguage();
  const { setValue } = useFormContext<OrderValues>();
  const values = useWatch<OrderValues>() as OrderValues;
  const chosen = values.channelProductId;
  const { bundle, loading } = useForecastBundle(customerId);
  const input = useDebounced(useMemo(() => forecastInput(values, type), [values, type]), 150);
  const result = useMemo(() => (bundle && input ? forecast(bundle.json, input, lang) : undefined), [bundle, input, lang]);
  const pick = (quote: Quote) => setValue('channelProductId', quote.channelProductId, { shouldDirty: true, shouldValidate: true });
  return (
    <Stack gap="3" data-testid="shipment-quotes">
      <Stack gap="0.5">
        <Heading size="sm">{t('quote.title')}</Heading>
        <Text textStyle="xs" color="fg.muted">
          {t('quote.hint')}
        </Text>
      </Stack>
      {loading ? <Skeleton height="16" /> : null}
      {!input ? <Text color="fg.muted">{t('quote.empty')}</Text> : null}
      {result && !result.ok ? <Text color="fg.error">{result.message}</Text> : null}
      {result?.ok && result.quotes.length === 0 ? <Text color="fg.muted">{t('quote.none')}</Text> : null}
      {result?.ok
        ? result.quotes.map((quote) => {
            const selected = quote.channelProductId === chosen;
            return (
              <chakra.button
                key={quote.channelProductId}
                type="button"
                textAlign="start"
                padding="3"
                rounded="l2"
                borderWidth="1px"
                borderColor={selected ? 'colorPalette.solid' : 'border'}
                colorPalette="blue"
                bg={selected ? 'colorPalette.subtle' : undefined}
                _hover={{ bg: 'bg.subtle' }}
                focusVisibleRing="inside"
                aria-pressed={selected}
                onClick={() => pick(quote)}
                data-testid="shipment-quote"
              >
                <HStack justify="space-between" gap="3">
                  <Stack gap="0" minWidth="0">
                    <Text fontFamily="mono" fontWeight="semibold">
                      {quote.code}
                    </Text>
                    <Text textStyle="sm" color="fg.muted" truncate>
                      {quote.name}
                    </Text>
                  </Stack>
                  <Stack gap="0" align="end">
                    <Text fontWeight="bold" data-testid="shipment-quote-total">
                      {quote.total} {quote.currency}
                    </Text>
                    {selected ? (
                      <Badge size="sm" colorPalette="blue">
                        {t('quote.chosen')}
                      </Badge>
                    ) : null}
                  </Stack>
                </HStack>
              </chakra.button>
            );
          })
        : null}
      {result?.ok && result.unavailable.length > 0 ? <UnavailableList products={result.unavailable} /> : null}
    </Stack>
  );
}

/** The quote of the chosen product for the form as typed (what submission will withhold). */
function useChosenQuote(values: OrderValues, type: ShipmentType, customerId: string | undefined): Quote | undefined {
  const lang = useLanguage();
  const { bundle } = useForecastBundle(customerId);
  const input = forecastInput(values, type);
  if (!bundle || !input || !values.channelProductId) return undefined;
  const result = forecast(bundle.json, input, lang);
  return result.ok ? result.quotes.find((q) => q.channelProductId === values.channelProductId) : undefined;
}

function OrderForm({ target, detail, onDone, onCancel, onDirty }: { target: OrderTarget; detail?: ShipmentDetail; onDone: () => void; onCancel: () => void; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation('shipment');
  const { destinations } = useDestinations();
  const pattern = (country: string) => destinations.find((d) => d.code === country.trim().toUpperCase())?.postalPattern ?? '';
  const type = target.type;
  const form = useForm<OrderValues>({
    defaultValues: detail ? valuesOf(detail) : emptyOrder(),
    resolver: coreResolver(type, pattern, currentLanguage),
    mode: 'onTouched',
  });
  const { confirm, dialog } = useConfirm();
  const invalidate = useInvalidateList(SHIPMENT_LIST_PATH);
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState<'draft' | 'submit'>();
  const keys = useRef({ add: newIdempotencyKey(), submit: newIdempotencyKey() });
  const savedId = useRef(detail?.id);
  const values = useWatch({ control: form.control }) as OrderValues;
  onDirty(form.formState.isDirty);
  const staff = useIsStaff();
  // Staff order for a customer: a new order names it, an edit keeps the order's; quotes are at its prices.
  const customerId = staff ? (detail?.customerId ?? (values.customerId || undefined)) : undefined;
  const quote = useChosenQuote(values, type, customerId);
  const shippers = optionsOf(useRows('/logistics/shipper/list'), (r) => `${String(r.name)} · ${String(r.city)}`);
  const depotRows = useRows('/logistics/depot/list');
  const depots = optionsOf(depotRows, (r) => `${String(r.depotId)} · ${String(r.depotName)}`);
  // An FBA order goes to its depot: choosing one fills the consignee's blank fields with its address.
  const chosenDepot = type === 'FBA' ? depotRows.find((r) => String(r.id) === values.userDepotId) : undefined;
  useEffect(() => {
    if (!chosenDepot) return;
    for (const [field, from] of DEPOT_FILLS) {
      const value = chosenDepot[from];
      if (typeof value === 'string' && value.trim() && !form.getValues(`consignee.${field}`).trim()) {
        form.setValue(`consignee.${field}`, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }
    }
  }, [chosenDepot, form]);

  /** Saves the form as a draft (add once per opened form, then edit): the order's id. */
  async function save(current: OrderValues): Promise<string> {
    const body = bodyOf(current, type, savedId.current, staff && !detail ? current.customerId : undefined);
    const saved = savedId.current ? await editShipment(body) : await addShipment(body, keys.current.add);
    savedId.current = saved.result?.id;
    form.reset(current);
    await invalidate();
    return savedId.current ?? '';
  }

  /** A refusal of the server: under the field it names, else above the buttons. */
  function show(failure: unknown) {
    if (failure instanceof ApiError) {
      const field = (failure.envelope?.result as { field?: string } | undefined)?.field;
      if (field && field !== 'deductAmount') form.setError(formPath(field) as 'remark', { message: failure.message });
      else setServerError(failure.message);
    } else throw failure;
  }

  // handleSubmit runs in the event, not during render (the handlers read refs).
  const saveDraft = (event?: BaseSyntheticEvent) =>
    form.handleSubmit(async (current) => {
    setServerError(undefined);
    setSaving('draft');
    try {
      await save(current);
      toastSuccess(t('toast.saved'));
      onDone();
    } catch (failure) {
      show(failure);
    } finally {
      setSaving(undefined);
    }
    })(event);

  const saveSubmit = () =>
    form.handleSubmit(async (current) => {
    setServerError(undefined);
    const errors = issuesAsErrors(current, type, 'submit', pattern(current.consignee.country), currentLanguage());
    const flat = Object.keys(errors).length;
    if (flat > 0 || !quote) {
      const issues = collect(errors);
      for (const issue of issues) form.setError(issue.path as 'remark', { message: issue.message });
      if (!quote && !current.channelProductId) form.setError('channelProductId', { message: t('form.chooseProduct') });
      // Say what the first one is, and take the user to it (it may be out of view).
      const first = issues[0] ?? { path: 'channelProductId', message: t('form.chooseProduct') };
      setServerError(t('form.fixFirst', { count: Math.max(issues.length, 1), first: first.message }));
      form.setFocus(first.path as 'remark');
      return;
    }
    setSaving('submit');
    let id: string;
    try {
      id = await save(current);
    } catch (failure) {
      show(failure);
      setSaving(undefined);
      return;
    }
    setSaving(undefined);
    const amount = `${quote.total} ${quote.currency}`;
    confirm({
      title: t('confirm.submitTitle'),
      description: t('confirm.submitDescription', { amount, serial: detail?.serialNumber ?? '' }),
      confirmLabel: t('confirm.submitLabel'),
      colorPalette: 'blue',
      testId: 'shipment-submit-confirm',
      onConfirm: async () => {
        try {
          await submitShipment(id, quote.total, keys.current.submit);
          toastSuccess(t('toast.submitted', { amount }));
          await invalidate();
          onDone();
        } catch (failure) {
          keys.current.submit = newIdempotencyKey();
          show(failure);
        }
      },
    });
    })();

  const countryOptions = destinations.map((d) => ({ value: d.code, label: `${d.code} · ${currentLanguage() === 'zh-CN' ? d.nameZh : d.nameEn}` }));
  const c = (name: keyof OrderValues['consignee'], required = false, extra: Record<string, unknown> = {}) => (
    <TextField<OrderValues> name={`consignee.${name}`} label={t(`form.${name === 'consigneeRemark' ? 'address2' : name}` as 'form.name')} required={required} testId={`shipment-consignee-${name}`} {...extra} />
  );
  return (
    <FormProvider {...form}>
      <chakra.form onSubmit={(e) => void saveDraft(e)} display="contents" noValidate>
        <Drawer.Body>
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' }} gap="6" alignItems="start">
            <Stack gap="6" minWidth="0">
              <Stack gap="3">
                <Heading size="sm">{t('form.basics')}</Heading>
                {!detail ? <CustomerField text={(key) => t(key)} testId="shipment-customer" /> : null}
                <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="3">
                  <TextField<OrderValues> name="customerCode" label={t('field.customerCode')} testId="shipment-customer-code" />
                  <SelectField<OrderValues> name="shipperId" label={t('field.shipper')} options={shippers} placeholder={t('form.defaultShipper')} emptySelectable testId="shipment-shipper" />
                  <SelectField<OrderValues> name="currency" label={t('field.currency')} options={['USD', 'CNY', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'].map((v) => ({ value: v, label: v }))} testId="shipment-currency" />
                  {type === 'FBA' ? (
                    <>
                      <SelectField<OrderValues> name="userDepotId" label={t('field.depot')} required options={depots} placeholder={t('form.noDepot')} emptySelectable testId="shipment-depot" />
                      <TextField<OrderValues> name="fbaCode" label={t('field.fbaCode')} required fontFamily="mono" textTransform="uppercase" testId="shipment-fba-code" />
                      <TextField<OrderValues> name="poCode" label={t('field.poCode')} required fontFamily="mono" textTransform="uppercase" testId="shipment-po-code" />
                    </>
                  ) : null}
                </Grid>
                <TextField<OrderValues> name="channelProductId" label={t('field.product')} readOnly placeholder={t('form.chooseProduct')} value={quote ? `${quote.code} · ${quote.name}` : values.channelProductId} testId="shipment-product" />
              </Stack>
              <Separator />
              <Stack gap="3">
                <Heading size="sm">{t('form.consignee')}</Heading>
                <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="3">
                  {c('name', type !== 'FBA')}
                  {c('company', type === 'B2B')}
                  {c('phone', type !== 'FBA', { inputMode: 'tel' })}
                  {c('email', false, { inputMode: 'email' })}
                  <SelectField<OrderValues> name="consignee.country" label={t('form.country')} required options={countryOptions} placeholder="—" testId="shipment-consignee-country" />
                  {c('state')}
                  {c('city', type !== 'FBA')}
                  {c('postalCode')}
                  {c('street')}
                  {c('house')}
                  {c('address1', type !== 'FBA')}
                  {c('taxNumber')}
                </Grid>
              </Stack>
              <Separator />
              <Stack gap="3">
                <Heading size="sm">{t('form.parcels')}</Heading>
                <ParcelsEditor type={type} />
              </Stack>
              <TextareaField<OrderValues> name="remark" label={t('field.remark')} testId="shipment-remark" />
            </Stack>
            <Box position={{ xl: 'sticky' }} top="0">
              <QuotePanel type={type} customerId={customerId} />
              {quote ? (
                <Alert.Root status="info" marginTop="3" data-testid="shipment-charge">
                  <Alert.Content>
                    <Alert.Title>{t('quote.charge')}</Alert.Title>
                    <Alert.Description fontWeight="bold">
                      {quote.total} {quote.currency}
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
            </Box>
          </Grid>
        </Drawer.Body>
        <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
          {serverError ? (
            <Alert.Root status="error" data-testid="shipment-form-error">
              <Alert.Indicator />
              <Alert.Description>{serverError}</Alert.Description>
            </Alert.Root>
          ) : null}
          <HStack justify="end" gap="2" wrap="wrap">
            <Button variant="outline" onClick={onCancel} data-testid="shipment-form-cancel">
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="outline" loading={saving === 'draft'} data-testid="shipment-save-draft">
              {t('form.saveDraft')}
            </Button>
            <Button onClick={() => void saveSubmit()} loading={saving === 'submit'} data-testid="shipment-save-submit">
              {t('form.saveSubmit')}
            </Button>
          </HStack>
        </Drawer.Footer>
      </chakra.form>
      {dialog}
    </FormProvider>
  );
}

/** The errors of a nested error object, with their paths. */
function collect(errors: object, prefix = ''): { path: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return [{ path, message: value.message }];
    return value && typeof value === 'object' ? collect(value, path) : [];
  });
}

export interface ShipmentFormDrawerProps {
  target: OrderTarget | undefined;
  onClose: () => void;
}

/** The order page over the list; closing with unsaved changes asks first. */
export function ShipmentFormDrawer({ target, onClose }: ShipmentFormDrawerProps) {
  const { t } = useTranslation('shipment');
  const { confirm, dialog } = useConfirm();
  const dirty = useRef(false);
  const id = target?.mode === 'edit' ? target.id : undefined;
  const detail = useQuery({ queryKey: ['shipment', id], queryFn: async () => (await getShipment(id ?? '')).result, enabled: id !== undefined, gcTime: 0 });
  const requestClose = () => {
    if (!dirty.current) return onClose();
    confirm({ title: t('form.discardTitle'), description: t('form.discardDescription'), confirmLabel: t('form.discard'), testId: 'shipment-discard-confirm', onConfirm: onClose });
  };
  const title = target?.mode === 'edit' ? t('form.editTitle', { serial: detail.data?.serialNumber ?? '' }) : t('form.addTitle', { type: target?.type ?? '' });
  return (
    <>
      <Drawer.Root open={target !== undefined} onOpenChange={(d) => (d.open ? undefined : requestClose())} size="full" placement="end" lazyMount unmountOnExit closeOnInteractOutside={false}>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="shipment-form">
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              {target && (target.mode === 'add' || detail.data) ? (
                <OrderForm
                  key={id ?? 'add'}
                  target={target}
                  detail={detail.data}
                  onDirty={(value) => {
                    dirty.current = value;
                  }}
                  onCancel={requestClose}
                  onDone={() => {
                    dirty.current = false;
                    onClose();
                  }}
                />
              ) : (
                <Drawer.Body>
                  <Stack gap="3">
                    <Skeleton height="10" />
                    <Skeleton height="40" />
                  </Stack>
                </Drawer.Body>
              )}
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('form.cancel')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {dialog}
    </>
  );
}
