/**
 * `logistics/PriceForecast` (价格预估 Price forecast, `logistics:priceForecast:query`): a customer
 * types a destination and parcels and sees every usable product's price, cheapest first, as they
 * type. Prices are computed in the browser by the core (`forecast`, the same engine and answer as
 * `POST /logistics/priceForecast`) from the bundle kept in IndexedDB (`bundleStore.ts`), so there
 * is no call per keystroke and the page works offline.
 */
import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  Card,
  CloseButton,
  createIcon,
  Field,
  Fieldset,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CircleCheckIcon, InboxIcon, ParcelIcon, RefreshIcon } from '../../../components/icons';
import { ListEmpty } from '../../../components/list/ListEmpty';
import { forecast, type ForecastResult } from '../../../core';
import { useLanguage } from '../../../i18n';
import { formatLocal, showTime } from '../../../lib/utcTime';
import { useForecastBundle, type BundleRecord } from './bundleStore';
import { RemoteSelect } from '../../../components/form/RemoteSelect';
import { useUserInfo } from '../../../lib/session';
import { searchCustomers } from '../../../api/customers';
import { isCustomerKind } from '../wallet/api';
import { destinationName, postalVerdict, useDestinations } from './countries';
import { DestinationPicker } from './DestinationPicker';
import { useDebounced, useOnline } from './hooks';
import {
  bundleFacts,
  COMMON_CURRENCIES,
  emptyForm,
  FORECAST_DEBOUNCE_MS,
  isStarted,
  isTradeType,
  onlyProduct,
  toShipment,
  TRADE_TYPES,
  type ForecastForm,
} from './model';
import { ParcelTable } from './ParcelTable';
import { QuoteResults } from './QuoteResults';

const WifiOffIcon = createIcon({
  displayName: 'WifiOffIcon',
  defaultProps: { boxSize: '1em' },
  path: ['M12 20h.01', 'M8.5 16.43a5 5 0 0 1 7 0', 'M5 12.86a10 10 0 0 1 5.17-2.69', 'M19 12.86a10 10 0 0 0-2-1.4', 'M2 8.82a15 15 0 0 1 4.18-2.65', 'M22 8.82a15 15 0 0 0-11.29-3.76', 'm2 2 20 20'].map((d) => (
    <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
  )),
});

/** "Prices as of …": when the server built the bundle, else its version. */
function PricesAsOf({ bundle }: { bundle: BundleRecord }) {
  const { t } = useTranslation('forecast');
  return (
    <HStack gap="2" wrap="wrap" textStyle="sm" color="fg.muted">
      <Text data-testid="forecast-as-of">{t('header.asOf', { date: bundle.generatedAt ? showTime(bundle.generatedAt) : bundle.version })}</Text>
      {bundle.version ? (
        <Badge size="sm" variant="subtle" fontFamily="mono" title={t('header.checkedAt', { date: formatLocal(new Date(bundle.fetchedAt)) })}>
          {t('header.version', { version: bundle.version })}
        </Badge>
      ) : null}
    </HStack>
  );
}

function Message({ title, description, action, testId, icon }: { title: string; description?: string; action?: ReactNode; testId: string; icon?: ReactNode }) {
  return (
    <ListEmpty icon={icon ?? <InboxIcon />} title={title} description={description} testId={testId}>
      {action}
    </ListEmpty>
  );
}

export default function PriceForecastPage() {
  const { t } = useTranslation('forecast');
  const lang = useLanguage();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const productCode = params.get('product')?.trim() || undefined;
  const staff = !isCustomerKind(useUserInfo()?.userKind);
  // Staff quote for a customer (at its prices, as its orders are charged) or, with none, every product at the card's price.
  const [customerId, setCustomerId] = useState('');
  const { bundle, loading, refreshing, error, refresh } = useForecastBundle(customerId || undefined);
  const { destinations } = useDestinations();
  const facts = useMemo(() => bundleFacts(bundle?.json), [bundle?.json]);

  const [form, setForm] = useState<ForecastForm>(() => {
    const tradeType = params.get('tradeType');
    return emptyForm('', isTradeType(tradeType) ? tradeType : undefined);
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
  const set = <K extends keyof ForecastForm>(key: K, value: ForecastForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    touch(key);
  };

  // The bundle's currencies first (most used first), then common ones.
  const currencies = useMemo(() => [...new Set([...facts.currencies, ...COMMON_CURRENCIES])], [facts.currencies]);

  const settled = useDebounced(form, FORECAST_DEBOUNCE_MS);
  const answer = useMemo((): ForecastResult | undefined => {
    if (!bundle || !isStarted(settled)) return undefined;
    try {
      return onlyProduct(forecast(bundle.json, toShipment(settled), lang), productCode);
    } catch (failure) {
      return { ok: false, key: 'bad_request', message: failure instanceof Error ? failure.message : String(failure) };
    }
  }, [bundle, settled, lang, productCode]);

  const fieldError = answer && !answer.ok && answer.field ? answer : undefined;
  /** The core's message for an input the user has been to (others are named in the results). */
  const errorFor = (path: string) => (fieldError?.field === path && touched.has(path) ? fieldError.message : undefined);

  const destination = destinations.find((d) => d.code === form.countryCode);
  const postal = postalVerdict(destination?.postalPattern, form.postalCode);
  const postalError = errorFor('postalCode') ?? (postal === 'bad' && destination ? t('form.postalBad', { country: destinationName(destination, lang) }) : undefined);

  const clearProduct = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('product');
        return next;
      },
      { replace: true },
    );

  const results = () => {
    if (!bundle) {
      if (loading || refreshing) {
        return (
          <Stack gap="3" data-testid="forecast-loading">
            <Skeleton height="16" />
            <Skeleton height="16" />
            <Skeleton height="16" />
          </Stack>
        );
      }
      if (!online) return <Message testId="forecast-no-bundle" icon={<WifiOffIcon />} title={t('state.offlineNoBundle')} description={t('state.offlineNoBundleHint')} />;
      return (
        <Message
          testId="forecast-no-bundle"
          title={t('state.loadFailed')}
          description={error?.message}
          action={
            <Button size="sm" variant="outline" onClick={() => void refresh()}>
              <RefreshIcon />
              {t('header.refresh')}
            </Button>
          }
        />
      );
    }
    if (facts.products.length === 0)
      return <Message testId="forecast-no-products" title={t('state.noProducts')} description={t(staff ? (customerId ? 'state.noProductsCustomer' : 'state.noProductsStaff') : 'state.noProductsHint')} />;
    if (!answer) return <Message testId="forecast-start" icon={<ParcelIcon />} title={t('state.start')} description={t('state.startHint')} />;
    if (!answer.ok) {
      // Which parcel, when the core names one (its message names only the box).
      const parcel = answer.field?.match(/^parcels\[(\d+)\]/);
      const where = parcel ? t('state.inParcel', { n: Number(parcel[1]) + 1, message: answer.message }) : answer.message;
      return (
        <Message
          testId="forecast-incomplete"
          title={answer.field ? t('state.incomplete') : t('state.badBundle')}
          description={answer.field ? where : t('state.badBundleHint')}
        />
      );
    }
    return <QuoteResults quotes={answer.quotes} unavailable={answer.unavailable} />;
  };

  return (
    <Stack gap="4" data-testid="forecast-page">
      <Card.Root size="sm">
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Box flex="1" minWidth="0">
              <Heading size="md">{t('header.source')}</Heading>
              {bundle ? <PricesAsOf bundle={bundle} /> : <Skeleton height="4" width="40" marginTop="1" loading={loading} />}
            </Box>
            <HStack gap="2">
              {!online ? (
                <Badge colorPalette="orange" variant="subtle" size="md" data-testid="forecast-offline">
                  <WifiOffIcon />
                  {t('header.offline')}
                </Badge>
              ) : null}
              {refreshing ? <Spinner size="sm" color="fg.muted" aria-label={t('header.refreshing')} /> : null}
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t('header.refresh')}
                title={online ? t('header.refresh') : t('header.refreshOffline')}
                disabled={!online || refreshing}
                onClick={() => void refresh()}
                data-testid="forecast-refresh"
              >
                <RefreshIcon />
              </IconButton>
            </HStack>
          </Flex>
          {staff ? (
            <Field.Root marginTop="3" maxWidth={{ md: 'md' }}>
              <Field.Label>{t('header.customer')}</Field.Label>
              <RemoteSelect value={customerId} onChange={(option) => setCustomerId(option?.value ?? '')} search={searchCustomers} queryKey={['forecast', 'customers']} placeholder={t('header.customerPlaceholder')} data-testid="forecast-customer" />
              <Field.HelperText>{t('header.customerHint')}</Field.HelperText>
            </Field.Root>
          ) : null}
          {bundle && error && online ? (
            <Text textStyle="xs" color="fg.warning" marginTop="2" data-testid="forecast-refresh-error">
              {error.status === 0 ? t('header.staleNetwork') : t('header.staleError', { message: error.message })}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 4fr)' }} gap="4" alignItems="start">
        <Card.Root size="sm">
          <Card.Body>
            <form aria-label={t('form.label')} onSubmit={(event) => event.preventDefault()} data-testid="forecast-form">
              <Stack gap="4">
                <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="3">
                  <Field.Root invalid={errorFor('countryCode') !== undefined} required>
                    <Field.Label>
                      {t('form.country')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <DestinationPicker
                      destinations={destinations}
                      served={facts.countries}
                      value={form.countryCode}
                      onChange={(code) => set('countryCode', code)}
                      onBlur={() => touch('countryCode')}
                      invalid={errorFor('countryCode') !== undefined}
                    />
                    {errorFor('countryCode') ? <Field.ErrorText data-testid="forecast-field-error">{errorFor('countryCode')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={postalError !== undefined}>
                    <Field.Label>{t('form.postalCode')}</Field.Label>
                    <Input
                      value={form.postalCode}
                      autoComplete="postal-code"
                      placeholder={t('form.postalPlaceholder')}
                      onChange={(event) => set('postalCode', event.currentTarget.value)}
                      onBlur={() => touch('postalCode')}
                      data-testid="forecast-postal"
                    />
                    {postalError ? (
                      <Field.ErrorText data-testid="forecast-postal-error">{postalError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText data-testid="forecast-postal-hint" color={postal === 'ok' ? 'green.fg' : undefined}>
                        {postal === 'ok' ? (
                          <HStack as="span" gap="1">
                            <CircleCheckIcon />
                            {t('form.postalOk')}
                          </HStack>
                        ) : destination && !destination.postalPattern ? (
                          t('form.postalNoRule')
                        ) : (
                          t('form.postalHint')
                        )}
                      </Field.HelperText>
                    )}
                  </Field.Root>
                </Grid>

                <Fieldset.Root>
                  <Fieldset.Legend textStyle="sm" fontWeight="medium" color="fg">
                    {t('form.tradeType')}
                  </Fieldset.Legend>
                  <ButtonGroup size="sm" variant="outline" attached width={{ base: 'full', sm: 'auto' }}>
                    {TRADE_TYPES.map((type) => (
                      <Button
                        key={type}
                        flex={{ base: '1', sm: 'initial' }}
                        variant={form.tradeType === type ? 'solid' : 'outline'}
                        aria-pressed={form.tradeType === type}
                        onClick={() => set('tradeType', type)}
                        data-testid={`forecast-trade-${type}`}
                      >
                        {type}
                      </Button>
                    ))}
                  </ButtonGroup>
                </Fieldset.Root>

                <Box>
                  <Text fontWeight="medium" textStyle="sm" marginBottom="2">
                    {t('parcel.heading')}
                  </Text>
                  <ParcelTable parcels={form.parcels} onChange={(parcels) => setForm((current) => ({ ...current, parcels }))} errorFor={errorFor} onTouch={touch} />
                </Box>

                <Grid templateColumns="minmax(0, 2fr) minmax(0, 1fr)" gap="3">
                  <Field.Root invalid={errorFor('declaredValue') !== undefined}>
                    <Field.Label>{t('form.declaredValue')}</Field.Label>
                    <Input
                      inputMode="decimal"
                      value={form.declaredValue}
                      placeholder={t('form.declaredPlaceholder')}
                      onChange={(event) => set('declaredValue', event.currentTarget.value)}
                      onBlur={() => touch('declaredValue')}
                      data-testid="forecast-declared"
                    />
                    {errorFor('declaredValue') ? (
                      <Field.ErrorText data-testid="forecast-field-error">{errorFor('declaredValue')}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>{t('form.declaredHint')}</Field.HelperText>
                    )}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('form.currency')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.currency} onChange={(event) => set('currency', event.currentTarget.value)} data-testid="forecast-currency">
                        <option value="">{t('form.anyCurrency')}</option>
                        {currencies.map((code) => (
                          <option key={code} value={code}>
                            {code}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.HelperText>{t('form.currencyHint')}</Field.HelperText>
                  </Field.Root>
                </Grid>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>

        <Card.Root size="sm" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          <Card.Header>
            <HStack justify="space-between" gap="2" wrap="wrap">
              <Heading size="sm">{t('result.title')}</Heading>
              {productCode ? (
                <Badge size="md" variant="outline" colorPalette="blue" gap="1" data-testid="forecast-product-filter">
                  {t('result.onlyProduct', { code: productCode })}
                  <CloseButton size="2xs" aria-label={t('result.clearProduct')} onClick={clearProduct} />
                </Badge>
              ) : null}
            </HStack>
          </Card.Header>
          <Card.Body opacity={settled === form ? 1 : 0.7} transition="opacity 0.1s" data-testid="forecast-results">
            {results()}
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
