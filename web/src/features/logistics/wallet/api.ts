/**
 * The wallet (docs/api/wallet.md, issue 14): customers' accounts per currency, recharges and
 * their review, the trade records, holds and the ledger's reconciliation. Amounts are decimal
 * text in the currency's places, in and out. Money-moving calls (`recharge/add`,
 * `recharge/confirm`, `adjust`) carry an `Idempotency-Key` (see `idempotency.ts`).
 */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import type { MenuRoute } from '../../../core';

export type AccountRecord = components['schemas']['AccountRecord'];
export type CreditInput = components['schemas']['CreditForm'];
export type FreezeInput = components['schemas']['FreezeForm'];
export type AdjustInput = components['schemas']['AdjustForm'];
export type PostedRecord = components['schemas']['PostedRecord'];
export type RechargeRecord = components['schemas']['RechargeRecord'];
export type RechargeInput = components['schemas']['RechargeForm'];
export type ReviewInput = components['schemas']['ReviewForm'];
export type PayInput = components['schemas']['PayForm'];
export type PayAnswer = components['schemas']['CallbackAnswer'];
export type TradeRecord = components['schemas']['TradeRecord'];
export type HoldRecord = components['schemas']['HoldRecord'];
export type ReconcileResult = components['schemas']['ReconcileResult'];
export type CurrencyTotals = components['schemas']['CurrencyTotals'];
export type Uploaded = components['schemas']['Uploaded'];

/** The currencies the wallet keeps (JPY has no minor unit, the others two places). */
export const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'HKD', 'AUD', 'CAD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A recharge's review states (labels in `wallet:rechargeStatus.*`). */
export const RECHARGE_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** How a recharge is paid: a bank transfer with its voucher, or the sandbox provider online. */
export const PAYMENT_CHANNELS = ['bank', 'sandbox'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** The trade records' kinds (labels in `wallet:tradeType.*`). */
export const TRADE_TYPES = ['recharge', 'withhold', 'capture', 'release', 'refund', 'adjustment', 'reweigh', 'fee', 'expire'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** A hold's states (labels in `wallet:holdState.*`). */
export const HOLD_STATES = ['pending', 'captured', 'released', 'expired'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/** What a staff adjustment does: money in (from revenue) or out (to revenue). */
export const DIRECTIONS = ['credit', 'debit'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A voucher: an image or a PDF of at most 5 MB (the server checks the same). */
export const VOUCHER_TYPES = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024;

export const {
  listPath: ACCOUNT_LIST_PATH,
  exportPath: ACCOUNT_EXPORT_PATH,
} = resource<AccountRecord, never>('/logistics/wallet/account');
export const {
  listPath: RECHARGE_LIST_PATH,
  exportPath: RECHARGE_EXPORT_PATH,
} = resource<RechargeRecord, RechargeInput>('/logistics/wallet/recharge');
export const { listPath: TRADE_LIST_PATH, exportPath: TRADE_EXPORT_PATH } = resource<TradeRecord, never>('/logistics/wallet/trade');
export const { listPath: HOLD_LIST_PATH, exportPath: HOLD_EXPORT_PATH } = resource<HoldRecord, never>('/logistics/wallet/hold');
export const RECONCILE_PATH = '/logistics/wallet/reconcile';

export const walletKeys = {
  reconcile: ['wallet', 'reconcile'] as const,
};

/** A customer or its sub-account: it sees its own wallets (staff see the tenant's). */
export const isCustomerKind = (kind: string | null | undefined) => kind === 'customer' || kind === 'sub_account';

/** The menu components of the wallet's pages, and where they are when the menu does not say. */
export const WALLET_PAGES = {
  payment: { component: 'logistics/PaymentAccount', path: '/logistics/payment' },
  recharge: { component: 'logistics/RechargeList', path: '/logistics/recharge' },
  trade: { component: 'logistics/TradeList', path: '/logistics/trade' },
} as const;

/** The path the user's menu gives a component (the first found), if any. */
export function findComponentPath(routes: readonly MenuRoute[], component: string): string | undefined {
  for (const route of routes) {
    if (route.component === component) return route.path;
    const inner = route.children ? findComponentPath(route.children, component) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The page of one of the wallet's components: the menu's path, else the documented one. */
export const walletPagePath = (routes: readonly MenuRoute[], page: keyof typeof WALLET_PAGES): string =>
  findComponentPath(routes, WALLET_PAGES[page].component) ?? WALLET_PAGES[page].path;

const once = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** Staff: the advance payment a customer's wallet allows (≥ 0); answers the account. */
export function setCreditLimit(body: CreditInput): Promise<Envelope<AccountRecord>> {
  return api.post<AccountRecord>('/logistics/wallet/account/creditLimit', body, { notify: false });
}

/** Staff: freezes (status 0: no debit or hold) or unfreezes (1) a wallet; answers the account. */
export function setFrozen(body: FreezeInput): Promise<Envelope<AccountRecord>> {
  return api.post<AccountRecord>('/logistics/wallet/account/frozen', body, { notify: false });
}

/** Staff: credits or debits a wallet against revenue (an `adjustment` entry with the reason). */
export function adjustBalance(body: AdjustInput, key: string): Promise<Envelope<PostedRecord>> {
  return api.post<PostedRecord>('/logistics/wallet/adjust', body, { notify: false, ...once(key) });
}

/** Customers: submits a recharge, pending until staff review it (bank) or the provider pays it (sandbox). */
export function addRecharge(body: RechargeInput, key: string): Promise<Envelope<RechargeRecord>> {
  return api.post<RechargeRecord>('/logistics/wallet/recharge/add', body, { notify: false, ...once(key) });
}

/** Staff: confirms a pending recharge; the wallet is credited once (a refusal shows as a notice). */
export function confirmRecharge(id: string, key: string): Promise<Envelope<PostedRecord>> {
  return api.post<PostedRecord>('/logistics/wallet/recharge/confirm', { id } satisfies ReviewInput, once(key));
}

/** Staff: rejects a pending recharge with a reason; nothing is credited. */
export function rejectRecharge(id: string, reason: string): Promise<Envelope<RechargeRecord>> {
  return api.post<RechargeRecord>('/logistics/wallet/recharge/reject', { id, reason } satisfies ReviewInput, { notify: false });
}

/** Customers: pays a pending sandbox recharge as at the provider; `credited` false when it was already. */
export function payInSandbox(id: string): Promise<Envelope<PayAnswer>> {
  return api.post<PayAnswer>('/logistics/wallet/sandbox/pay', { id } satisfies PayInput, { notify: false });
}

/** Uploads a payment voucher (`POST /sys/common/upload`, biz `voucher`); resolves with its URL. */
export function uploadVoucher(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'voucher');
  return api.upload<Uploaded>('/sys/common/upload', form, { notify: false }).then((envelope) => envelope.result?.url || envelope.message);
}

/** Staff: the reconciliation of the tenant's ledger. */
export async function fetchReconcile(signal?: AbortSignal): Promise<ReconcileResult> {
  const envelope = await api.get<ReconcileResult>(RECONCILE_PATH, undefined, { notify: false, signal });
  return envelope.result;
}

/** Where a voucher is served from: full URLs and absolute paths as they are, stored paths under /boot. */
export function voucherUrl(voucher: string | null | undefined): string | undefined {
  if (!voucher) return undefined;
  if (/^(https?:|\/)/.test(voucher)) return voucher;
  return `/boot/sys/common/static/${voucher}`;
}
