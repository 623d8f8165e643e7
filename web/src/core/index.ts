/**
 * The shared Rust rules (crate `logistics-core`) compiled to WebAssembly. This is the only
 * module that imports the wasm package. It starts loading as soon as this module is evaluated
 * (with the app's first code) and is instantiated once; every function here is synchronous and
 * may be called once `coreReady` has resolved. The whole app (src/app/start.tsx) renders only
 * then; the sign-in page alone shows before, so that a first visit does not wait for the WASM
 * to paint, and its forms wait for `coreReady` before they check anything
 * (src/features/auth/hooks/useFieldChecks.ts), as the API client does before it words an error.
 *
 * The functions take the language explicitly so that a form can re-validate in the language the
 * user just switched to; `currentLanguage()` is the usual argument.
 */
import type * as Wasm from 'logistics-wasm';
import type { components } from '../api/schema';
import type { Language } from '../i18n';

// Set once, before `coreReady` resolves; typed as loaded so that the functions below read plainly.
let wasm = undefined as unknown as typeof Wasm;

/** Resolves once the WebAssembly core is instantiated (rejects if it cannot be loaded). */
export const coreReady: Promise<void> = import('logistics-wasm').then((module) => {
  wasm = module;
});
// A failed load surfaces where the app waits for it; this only keeps it from being "unhandled".
coreReady.catch(() => {});

/** Whether the core's functions may be called now. */
export function isCoreReady(): boolean {
  return (wasm as typeof Wasm | undefined) !== undefined;
}

/** An optional message: `undefined` means the value is valid. */
type Verdict = string | undefined;

const orUndefined = (verdict: string | null | undefined): Verdict => verdict ?? undefined;

export function coreVersion(): string {
  return wasm.coreVersion();
}

export function validateRequired(value: string, label: string, lang: Language): Verdict {
  return orUndefined(wasm.validateRequired(value, label, lang));
}

export function validatePassword(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validatePassword(value, lang));
}

export function validatePhone(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validatePhone(value, lang));
}

export function validateEmail(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validateEmail(value, lang));
}

export function validateUsername(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validateUsername(value, lang));
}

export function validateSmsCode(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validateSmsCode(value, lang));
}

/** The form field a password rule blames (`oldpassword`, `password` or `confirmpassword`). */
export type PasswordField = 'oldpassword' | 'password' | 'confirmpassword';

/** The first field at fault of a multi-field rule, with its catalogue key and localized message. */
export interface FieldError<F extends string = string> {
  field: F;
  key: string;
  message: string;
}

const fieldError = <F extends string>(verdict: string | null | undefined): FieldError<F> | undefined =>
  verdict ? (JSON.parse(verdict) as FieldError<F>) : undefined;

/** The change-password form (old, new, confirmation): the first field at fault, if any. */
export function validatePasswordChange(
  oldPassword: string,
  newPassword: string,
  confirm: string,
  lang: Language,
): FieldError<PasswordField> | undefined {
  return fieldError(wasm.validatePasswordChange(oldPassword, newPassword, confirm, lang));
}

/** A new password and its confirmation (registration, reset): the first field at fault, if any. */
export function validateNewPassword(
  newPassword: string,
  confirm: string,
  lang: Language,
): FieldError<Exclude<PasswordField, 'oldpassword'>> | undefined {
  return fieldError(wasm.validateNewPassword(newPassword, confirm, lang));
}

/** Coding rule check (`role_code`, `position_code`, `work_no`, `perms_code`, ...): the message, if the value breaks it. */
export function checkRule(ruleCode: string, value: string, lang: Language): string | undefined {
  return wasm.checkRule(ruleCode, value, lang) ?? undefined;
}

/** The codes and small formats of the admin forms that core checks (`codes::check`). */
export type CodeKind = 'code' | 'dictCode' | 'countryCode' | 'currency' | 'phonePrefix' | 'postalPattern' | 'postalPrefix' | 'markup';

/**
 * A code or small format as the server checks it on save: a business code (supplier, channel,
 * product, rate card), a dictionary, country or currency code, a calling code, a postal-code
 * pattern, a rate card's postal code or prefix, a price level's markup. The message, if the value breaks the rule.
 */
export function checkCode(kind: CodeKind, value: string, lang: Language): Verdict {
  return orUndefined(wasm.checkCode(kind, value, lang));
}

/** A number segment's check scheme as the server names it. */
export type SegmentScheme = 'none' | 'mod7' | 's10' | 'ups';

/** What is wrong with an amount typed for a wallet in `currency` (positive, at most the currency's minor places), as the server checks it, if anything. */
export function amountIssue(text: string, currency: string, lang: Language): Verdict {
  return orUndefined(wasm.amountIssue(text, currency, lang));
}

/** What is wrong with a number segment's prefix or suffix for its check scheme (core's rule, as the server checks on save), if anything. */
export function segmentAffixIssue(scheme: SegmentScheme, which: 'prefix' | 'suffix', text: string, lang: Language): Verdict {
  return orUndefined(wasm.segmentAffixIssue(scheme, which, text, lang));
}

/** The number a segment hands out for `serial` (prefix, zero-padded serial, check digit, suffix), as the server builds it; '' when out of range. */
export function segmentNumber(scheme: SegmentScheme, prefix: string, suffix: string, serial: number, endNo: number): string {
  return wasm.segmentNumber(scheme, prefix, suffix, endNo, serial);
}

/** The largest serial a check scheme's numbers can hold (S10 8 digits, UPS 7, others 15). */
export function segmentMaxSerial(scheme: SegmentScheme): number {
  return wasm.segmentMaxSerial(scheme);
}

/** Whether a postal code matches a country's pattern (core's engine); undefined when either is blank or the pattern does not read. */
export function postalMatches(pattern: string, postalCode: string): boolean | undefined {
  return wasm.postalMatches(pattern, postalCode) ?? undefined;
}

const issues = <F extends string>(json: string): FieldError<F>[] => JSON.parse(json) as FieldError<F>[];

/** A channel product's validity rule as typed: every problem, by field (`validType`, `min`, `max`). */
export function validityRuleIssues(validType: string, min: string, max: string, lang: Language): FieldError<'validType' | 'min' | 'max'>[] {
  return issues(wasm.validityRuleIssues(validType, min, max, lang));
}

/** A channel product's postal rule as typed: every problem, by field (`country`, `postalCode`). */
export function postalRuleIssues(country: string, postalCode: string, lang: Language): FieldError<'country' | 'postalCode'>[] {
  return issues(wasm.postalRuleIssues(country, postalCode, lang));
}

/** A channel product's volumetric divisor (thWeightRatio) as typed: the message, if it is wrong. */
export function checkDivisor(value: string, lang: Language): Verdict {
  return orUndefined(wasm.checkDivisor(value, lang));
}

/**
 * Every problem of a rate card as add/edit would send it, as the server would refuse it: fields
 * are the server's paths (`prices[3].toWeight`, `zones[0].countries`), in the card's order.
 */
export function rateCardIssues(card: unknown, lang: Language): FieldError[] {
  return issues(wasm.rateCardIssues(JSON.stringify(card ?? null), lang));
}

/** Every problem of a waybill batch's head (`batchType`, `mawbNo`, `origin`, `destination`, `flightNo`, `flightDate`, `accountNo`, `remark`), in order. */
export function waybillBatchIssues(head: unknown, lang: Language): FieldError[] {
  return issues(wasm.waybillBatchIssues(JSON.stringify(head ?? null), lang));
}

/** Every problem of a partition as its form would save it (`code`, `name`, `nameEn`, `zones[1].countries`), in order. */
export function partitionIssues(partition: unknown, lang: Language): FieldError[] {
  return issues(wasm.partitionIssues(JSON.stringify(partition ?? null), lang));
}

/** One price row of a rate card (bracket, mode and its numbers): its problems, by field (`price`, `toWeight`, …). */
export function rateCardPriceIssues(row: unknown, lang: Language): FieldError[] {
  return issues(wasm.rateCardPriceIssues(JSON.stringify(row ?? null), lang));
}

/** A shipment order's lifecycle statuses, in order (core's `shipment::STATUSES`). */
export const SHIPMENT_STATUSES = ['draft', 'submitted', 'received', 'sorted', 'shipped', 'inTransit', 'delivered', 'exception', 'returned', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export type ShipmentAction = 'edit' | 'delete' | 'submit' | 'cancel' | 'copy' | 'print' | 'receive' | 'sort' | 'ship' | 'transit' | 'deliver' | 'exception' | 'return';

/**
 * Every problem of a shipment order form as add (`draft`) or submit (`submit`) would refuse it,
 * with the consignee country's postal pattern: fields are the server's paths
 * (`consignee.postalCode`, `parcels[0].products[1].frHscode`).
 */
export function shipmentIssues(form: unknown, stage: 'draft' | 'submit', postalPattern: string, lang: Language): FieldError[] {
  return issues(wasm.shipmentIssues(JSON.stringify(form ?? null), stage, postalPattern, lang));
}

/** Every problem of a label template (the print centre): fields like `elements[3]`, or `size`. */
export function labelTemplateIssues(template: unknown, lang: Language): FieldError[] {
  return issues(wasm.labelTemplateIssues(JSON.stringify(template ?? null), lang));
}

/** The normalized tracking statuses (core's `tracking::Status`), in a journey's order. */
export const TRACKING_STATUSES = ['pending', 'info_received', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'failed_attempt', 'exception', 'returning', 'returned', 'delivered', 'expired', 'cancelled'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** The numbers of a tracking query as pasted (split, upper-cased, deduplicated; at most 100), or why not. */
export function trackingNumbers(text: string, lang: Language): { numbers: string[]; issue?: FieldError } {
  return JSON.parse(wasm.trackingNumbers(text, lang)) as { numbers: string[]; issue?: FieldError };
}

/** Why a tracking webhook URL is refused (core's `tracking::webhook_url`), or undefined. */
export function webhookUrlIssue(value: string, lang: Language): Verdict {
  return orUndefined(wasm.trackingWebhookUrl(value, lang));
}

/** Why a courier's tracking page is refused (core's `tracking::track_url_template`), or undefined. */
export function courierTrackUrlIssue(value: string, lang: Language): Verdict {
  return orUndefined(wasm.courierTrackUrl(value, lang));
}

/** Why a courier's number pattern is refused (core's `tracking::number_pattern`), or undefined. */
export function courierPatternIssue(value: string, lang: Language): Verdict {
  return orUndefined(wasm.courierPattern(value, lang));
}

/** Whether a courier with this pattern and check digit claims the number (core's `tracking::courier_claims`). */
export function courierClaims(pattern: string, checkDigit: string, number: string): boolean {
  return wasm.courierClaims(pattern, checkDigit, number);
}

/** A courier's tracking page for a number (`{number}` replaced, percent-encoded). */
export function courierUrl(template: string, number: string): string {
  return wasm.courierUrl(template, number);
}

/** A shipment's status from its parcels' (core's rule: the parcel furthest behind; an exception stands out). */
export function trackingCombined(parcels: string[]): TrackingStatus {
  return wasm.trackingCombined(JSON.stringify(parcels)) as TrackingStatus;
}

/** What a source's event code means with the tenant's mapping rows, or undefined. */
export function trackingMap(rows: { source: string; code: string; status: string }[], source: string, code: string): TrackingStatus | undefined {
  return (wasm.trackingMap(JSON.stringify(rows), source, code) ?? undefined) as TrackingStatus | undefined;
}

/** What core's lifecycle allows an order in `status` (the buttons a row shows). */
export function shipmentActions(status: string): ShipmentAction[] {
  return JSON.parse(wasm.shipmentActions(status)) as ShipmentAction[];
}

/** A batch action on selected orders (`[serialNumber, status]`): the message refusing it, if any (naming the inoperable ones). */
export function shipmentSelectionIssue(items: [string, string][], action: ShipmentAction, lang: Language): Verdict {
  return orUndefined(wasm.shipmentSelectionIssue(JSON.stringify(items), action, lang));
}

/** Every problem of a catalogue product form (`ParcelProductForm`) as add/edit would refuse it. */
export function catalogueIssues(form: unknown, lang: Language): FieldError[] {
  return issues(wasm.shipmentIssues(JSON.stringify(form ?? null), 'product', '', lang));
}

/** Every problem of an FBA waybill form (`FbaOrderForm` with the order's `shipmentPieces`): fields like `configs[0].pieces`. */
export function fbaWaybillIssues(form: unknown, lang: Language): FieldError[] {
  return issues(wasm.shipmentIssues(JSON.stringify(form ?? null), 'fbaWaybill', '', lang));
}

/** The first problem of a warehouse intake scan (`IntakeForm`: number, weight, dimensions all or none), as the server would refuse it. */
export function intakeIssues(form: unknown, lang: Language): FieldError[] {
  return issues(wasm.shipmentIssues(JSON.stringify(form ?? null), 'intake', '', lang));
}

/** What core checks of a return's forms (`returns`): a request, a decision, a receiving scan, a comment, a fee or refund. */
export type ReturnStage = 'request' | 'decision' | 'receive' | 'comment' | 'account';
/** What can be done to a return (core's `returns::Action`). */
export type ReturnAction = 'approve' | 'reject' | 'cancel' | 'receive' | 'decide' | 'complete' | 'attach' | 'account';
/** Who acts on a return: the customer (main account or sub-account) or the forwarder's staff. */
export type ReturnSide = 'customer' | 'staff';

/**
 * The problem of a return's form at `stage`, as the server would refuse it (each stage stops at
 * its first problem): fields are the body's (`number`, `reason`, `reasonDetail`, `decision`,
 * `conditionRemark`, `content`, `amount` …); `currency` is the return's, for a fee or refund.
 */
export function returnIssues(form: unknown, stage: ReturnStage, currency: string, lang: Language): FieldError[] {
  return issues(wasm.returnIssues(JSON.stringify(form ?? null), stage, currency, lang));
}

/** What core checks of the warehouse-management forms (`wms`). */
export type WmsKind = 'location' | 'sku' | 'movement' | 'forecast' | 'receiving' | 'feeRate';

/**
 * The problem of a warehouse-management form of `kind`, as the server would refuse it (each kind
 * stops at its first problem): fields are the body's (`zone`, `barcode`, `quantity`,
 * `lines[0].skuId` …).
 */
export function wmsIssues(form: unknown, kind: WmsKind, lang: Language): FieldError[] {
  return issues(wasm.wmsIssues(JSON.stringify(form ?? null), kind, lang));
}

/**
 * The problem of a gateway route form (`{routerId, name, uri, stripPrefix, timeout, status,
 * roleCodes, remark}`) as the server would refuse it, given the upstream URLs the operator allows
 * (none: no route can be saved). Core stops at the first problem, in the form's order.
 */
export function gatewayRouteIssues(form: unknown, allowList: readonly string[], lang: Language): FieldError[] {
  return issues(wasm.gatewayRouteIssues(JSON.stringify(form ?? null), JSON.stringify(allowList), lang));
}

/** What core's lifecycle lets `side` do to a return in `status`. */
export function returnActions(status: string, side: ReturnSide): ReturnAction[] {
  return JSON.parse(wasm.returnActions(status, side)) as ReturnAction[];
}

/** What can be done to a dispatch (core's `dispatch::Action`): add or remove orders, book the pickup, confirm it, cancel, close into the day's manifest. */
export type DispatchAction = 'edit' | 'request' | 'pickedUp' | 'cancel' | 'manifest';

/** What core's lifecycle allows a dispatch in `status` (the buttons its drawer shows). */
export function dispatchActions(status: string): DispatchAction[] {
  return JSON.parse(wasm.dispatchActions(status)) as DispatchAction[];
}

/**
 * Every problem of a pickup's day (`YYYY-MM-DD`, a real date) and window (`HH:MM-HH:MM`, the
 * start before the end; blank: none), as the server refuses a dispatch form.
 */
export function pickupIssues(date: string, window: string, lang: Language): FieldError<'pickupDate' | 'pickupWindow'>[] {
  return issues(wasm.pickupIssues(date, window, lang));
}

/** Why a file cannot be attached to a return (its size, and its kind read from its first bytes), or undefined. */
export function returnAttachmentIssue(size: number, head: Uint8Array, lang: Language): Verdict {
  return orUndefined(wasm.returnAttachmentIssue(size, head, lang));
}

/** What is wrong with a scheduled job's cron expression (Quartz's 6 or 7 fields), or undefined. */
export function cronIssue(expression: string, lang: Language): Verdict {
  return orUndefined(wasm.cronIssue(expression, lang));
}

/**
 * What is wrong with a carrier service's days in transit as typed (each 0 to 365, the fewest not
 * above the most; blank: not stated), as the server refuses it, or undefined.
 */
export function transitIssue(min: string, max: string, lang: Language): Verdict {
  return orUndefined(wasm.transitIssue(min, max, lang));
}

/** What is wrong with a popup picker's configuration (report code, source and target fields), or undefined. */
export function popupIssue(code: string, orgFields: string, destFields: string, lang: Language): Verdict {
  return orUndefined(wasm.popupIssue(code, orgFields, destFields, lang));
}

/** Why a popup cannot confirm a selection of `count` records (none, or several in single mode), or undefined. */
export function popupSelectionIssue(count: number, multi: boolean, lang: Language): Verdict {
  return orUndefined(wasm.popupSelectionIssue(count, multi, lang));
}

/** A predict batch's statuses (core's `shipment::BATCH_STATUSES`). */
export const BATCH_STATUSES = ['open', 'handed', 'received'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type BatchAction = 'edit' | 'delete' | 'handOver' | 'reopen' | 'receive';

/** An action on selected predict batches (`[batchNo, status]`): the message refusing it, if any. */
export function batchSelectionIssue(items: [string, string][], action: BatchAction, lang: Language): Verdict {
  return orUndefined(wasm.batchSelectionIssue(JSON.stringify(items), action, lang));
}

/** The dashboard greeting for an hour of the day (0-23). */
export function welcome(hour: number, lang: Language): string {
  return wasm.welcome(hour, lang);
}

/** A menu item or route as `getUserPermissionByToken` and the core shape them (JeecgBoot's). */
export interface MenuRoute {
  id?: string;
  path: string;
  name?: string;
  component?: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  route?: string;
  meta: {
    title?: string;
    titles?: Partial<Record<Language, string>>;
    icon?: string;
    url?: string | null;
    permissionList?: string[];
    keepAlive?: boolean;
    internalOrExternal?: boolean;
    componentName?: string;
    openInNewWindow?: boolean;
  };
  children?: MenuRoute[];
}

/** A button rule of the `auth`/`allAuth` lists. */
export interface ButtonPermission {
  action: string;
  describe?: string;
  type?: string;
  status?: string;
}

export type ButtonState = 'visible' | 'hidden' | 'disabled';

/** Raised when the core refuses its input (`{"error":"bad_request"}`). */
export class CoreInputError extends Error {}

function routesOrThrow(json: string): MenuRoute[] {
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed)) throw new CoreInputError('bad_request');
  return parsed as MenuRoute[];
}

/** Menu tree to route tree (core `build_routes`); throws {@link CoreInputError} unless `menu` is an array. */
export function buildRoutes(menu: unknown): MenuRoute[] {
  return routesOrThrow(wasm.buildRoutes(JSON.stringify(menu ?? null)));
}

/** The routes a user keeps for their permission codes (core `filter_routes`). */
export function filterRoutes(routes: MenuRoute[], permissions: string[]): MenuRoute[] {
  return routesOrThrow(wasm.filterRoutes(JSON.stringify(routes), JSON.stringify(permissions)));
}

/** Visible, hidden or disabled: the button rule for `action`, with the lists as JSON text. */
export function buttonState(action: string, authJson: string, allAuthJson: string): ButtonState {
  return wasm.buttonState(action, authJson, allAuthJson) as ButtonState;
}

/** A catalogue message by its stable key (`not_found`, `forbidden`, ...), as the server says it. */
export function message(key: CatalogueKey, lang: Language): string {
  return wasm.message(key, lang);
}

/** Keys of the server/core message catalogue that the web uses directly (kept in the browser build). */
export const CATALOGUE_KEYS = [
  'ok',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'gateway_timeout',
  'login_expired_title',
  'login_expired_content',
  'sign_in_again',
  'cache_cleared',
  'cache_clear_failed',
  'no_depart',
  'depart_required',
  'depart_switched',
  'permissions_not_array',
  'password_mismatch',
  'profile_saved',
  'no_login_user',
  'field_username',
  'field_password',
  'field_realname',
  'field_company_name',
  'field_contact_person',
  'field_country',
  'field_address',
  'field_tax_number',
  'field_phone',
  'field_email',
  'field_sms_code',
  'select_one',
] as const;
export type CatalogueKey = (typeof CATALOGUE_KEYS)[number];

/** Parcel dimensions (cm) and weight (kg); numbers or decimal strings. */
export interface ChargeableWeightInput {
  length: number | string;
  width: number | string;
  height: number | string;
  weight: number | string;
  /** Volumetric divisor (the channel product's `thWeightRatio`). */
  divisor?: number | string;
  thWeightRatio?: number | string;
  /** Billing step in kg, e.g. 0.5. */
  increment?: number | string;
}

export type ChargeableWeightResult =
  | { ok: true; actualWeight: string; volumetricWeight: string; chargeableWeight: string }
  | { ok: false; field: string; key: string; message: string };

export function chargeableWeight(input: ChargeableWeightInput, lang: Language): ChargeableWeightResult {
  return JSON.parse(wasm.chargeableWeight(JSON.stringify(input), lang)) as ChargeableWeightResult;
}

/** Whether a tracking number carries a valid check digit under `scheme` (`none|mod7|s10|ups`). */
export function checkTrackingNumber(scheme: string, trackingNumber: string): boolean {
  return wasm.checkTrackingNumber(scheme, trackingNumber);
}

/** One money line of a quote and a quote, as `POST /logistics/priceForecast` answers them (amounts as decimal text, e.g. "12.50"). */
export type QuoteLine = components['schemas']['QuoteLine'];
export type Quote = components['schemas']['Quote'];

/** A product that cannot carry the shipment, and why. */
export type UnavailableProduct = components['schemas']['Unavailable'];

/** What a user types into the forecast (numbers or decimal strings). */
export interface ForecastShipment {
  countryCode: string;
  postalCode?: string;
  tradeType?: string;
  parcels: { length: number | string; width: number | string; height: number | string; weight: number | string; quantity?: number | string }[];
  declaredValue?: number | string;
  currency?: string;
}

export type ForecastResult =
  | { ok: true; quotes: Quote[]; unavailable: UnavailableProduct[] }
  | { ok: false; field?: string; key: string; message: string; detail?: string };

/**
 * The price forecast computed locally from a bundle (`GET /logistics/priceForecast/bundle`'s
 * result, as JSON text): the same engine and the same answer as `POST /logistics/priceForecast`.
 */
export function forecast(bundleJson: string, shipment: ForecastShipment, lang: Language): ForecastResult {
  // A large bundle (hundreds of KB) crosses into WASM and is read once, not on every keystroke.
  if (bundleJson !== loaded?.json) {
    const bundle = wasm.readBundle(bundleJson, lang);
    const error = bundle.error();
    if (error) {
      bundle.free();
      return JSON.parse(error) as ForecastResult;
    }
    loaded?.bundle.free();
    loaded = { json: bundleJson, bundle, products: {} };
  }
  const products = (loaded.products[lang] ??= JSON.parse(loaded.bundle.products(lang)) as ProductHead[]);
  return whole(JSON.parse(loaded.bundle.forecast(JSON.stringify(shipment), lang)) as SharedForecast, products);
}

/** A product as a shared forecast names it by place (the bundle's `products`). */
export interface ProductHead {
  channelProductId: string;
  code: string;
  name: string;
  currency: string;
}

/**
 * A bundle's `forecast` answer (core's `quote::Steps::Shared`): what repeats comes once. A quote or
 * refusal names its product by place (`p`, in the bundle's `products`); a quote's breakdown is
 * `weighings[weighing]` then its own `steps`; its lines are `[kind, amount]`, the labels in
 * `labels`. The answer that crosses from WASM is a fifth of the whole one.
 */
export type SharedForecast =
  | {
      ok: true;
      quotes: (Pick<Quote, 'zone' | 'chargeableWeight' | 'total'> & {
        p: number;
        lines: [string, string][];
        weighing: number;
        steps: string[];
      })[];
      unavailable: { p: number; reason: string }[];
      labels: Record<string, string>;
      weighings: string[][];
    }
  | Extract<ForecastResult, { ok: false }>;

/** The whole answer, as `POST /logistics/priceForecast` gives it (fields in its order). */
export function whole(answer: SharedForecast, products: ProductHead[]): ForecastResult {
  if (!answer.ok) return answer;
  const { quotes, unavailable, labels, weighings } = answer;
  const head = (p: number) => products[p] ?? { channelProductId: '', code: '', name: '', currency: '' };
  return {
    ok: true,
    quotes: quotes.map((q) => {
      const { channelProductId, code, name, currency } = head(q.p);
      return {
        channelProductId,
        code,
        name,
        zone: q.zone,
        chargeableWeight: q.chargeableWeight,
        lines: q.lines.map(([kind, amount]) => ({ kind, label: labels[kind] ?? kind, amount })),
        total: q.total,
        currency,
        breakdown: [...(weighings[q.weighing] ?? []), ...q.steps],
      };
    }),
    unavailable: unavailable.map(({ p, reason }) => {
      const { channelProductId, code, name } = head(p);
      return { channelProductId, code, name, reason };
    }),
  };
}

/** The bundle read last (see `forecast`): its text, the WASM core's copy, its products per language. */
let loaded: { json: string; bundle: Wasm.Bundle; products: Partial<Record<Language, ProductHead[]>> } | undefined;

/**
 * A UPS routing row as core checks it (a two-letter country; both postal ends of one length in
 * order, or neither for the whole country; a routing code of capitals, digits, spaces and
 * hyphens): the first field at fault, as the server refuses it, if any.
 */
export function upsRoutingIssue(
  country: string,
  low: string,
  high: string,
  code: string,
  lang: Language,
): FieldError<'countryCode' | 'postalLow' | 'routingCode'> | undefined {
  return fieldError(wasm.upsRoutingIssue(country, low, high, code, lang));
}
