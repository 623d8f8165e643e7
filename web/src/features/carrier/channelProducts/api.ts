/**
 * Channel products (contract "Channel products", `logistics:channelProduct:*`): what customers buy,
 * on a channel, priced by a rate card (`feeId` = the card's code), with validity rules (weight,
 * sizes, value, pieces) and postal rules (allowed or refused postal codes per country).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

/** Trade types a product may be limited to (`''` = any). */
export const TRADE_TYPES = ['B2B', 'B2C', 'FBA', 'WMS'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** What a validity rule limits, and its unit (labels in `carrierProduct:validType.*`, `unit.*`). */
export const VALID_TYPES = ['weight', 'longestSide', 'girth', 'declaredValue', 'pieces'] as const;
export type ValidType = (typeof VALID_TYPES)[number];
export const VALID_TYPE_UNITS: Record<ValidType, 'kg' | 'cm' | 'currency' | 'pieces'> = {
  weight: 'kg',
  longestSide: 'cm',
  girth: 'cm',
  declaredValue: 'currency',
  pieces: 'pieces',
};

/** Suggestions for the free-text operation fields (labels in `carrierProduct:pushMethod.*` …). */
export const PUSH_METHODS = ['api', 'manual'] as const;
/** Who supplies the labels (core's `label::LABEL_TYPES`; anything else is drawn by the platform). */
export const LABEL_TYPES = ['system', 'carrier', 'upload'] as const;
export const DEDUCT_METHODS = ['onOrder', 'onLabel', 'onWeighed'] as const;

/** Common volumetric divisors (cm³ per kg); 0 bills the actual weight only. */
export const WEIGHT_RATIO_PICKS = [5000, 6000, 8000, 0] as const;
export const MAX_WEIGHT_RATIO = 1_000_000;

export type ValidityRule = components['schemas']['RuleRecord'];

export type PostalRule = components['schemas']['PostalRecord'];

export type ChannelProductRecord = components['schemas']['ChannelProductRecord'];

export type ChannelProductInput = components['schemas']['ChannelProductForm'];

export const { listPath: CHANNEL_PRODUCT_LIST_PATH, add: addChannelProduct, edit: editChannelProduct, removeAny: deleteChannelProducts } = resource<ChannelProductRecord, ChannelProductInput>('/logistics/channelProduct');

/** What the rate card list tells of a card version. */
type RateCardRow = Pick<components['schemas']['RateCardRecord'], 'code' | 'name' | 'currency' | 'effectiveFrom' | 'state'>;

/** One rate card code a product may name in `feeId` (the version in force, else the newest). */
export interface RateCardCode {
  code: string;
  name: string;
  currency: string;
}

const STATE_RANK: Record<string, number> = { current: 0, scheduled: 1, superseded: 2 };

/** The distinct codes of the rate card versions, the version in force naming each. */
export function distinctRateCards(rows: readonly RateCardRow[]): RateCardCode[] {
  const best = new Map<string, RateCardRow>();
  for (const row of rows) {
    const held = best.get(row.code);
    const rank = STATE_RANK[row.state] ?? 3;
    const heldRank = held ? (STATE_RANK[held.state] ?? 3) : Infinity;
    if (!held || rank < heldRank || (rank === heldRank && row.effectiveFrom > held.effectiveFrom)) best.set(row.code, row);
  }
  return [...best.values()]
    .map((row) => ({ code: row.code, name: row.name, currency: row.currency }))
    .toSorted((a, b) => a.code.localeCompare(b.code));
}

/** The rate card codes for the `feeId` picker (`GET /logistics/rateCard/list?pageSize=1000`). */
export function useRateCardCodes(enabled = true) {
  return useQuery({
    queryKey: ['carrier', 'rateCardCodes'],
    queryFn: ({ signal }) =>
      api
        .get<{ records?: RateCardRow[] } | null>('/logistics/rateCard/list', { pageNo: 1, pageSize: 1000 }, { signal, notify: false })
        .then((envelope) => distinctRateCards(envelope.result?.records ?? [])),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The validity rules as one line ("重量 ≤ 30 kg · 件数 1–5"), for lists and exports. */
export function rulesSummary(rules: readonly ValidityRule[] | null | undefined, label: (rule: ValidityRule) => string): string {
  return (rules ?? []).map(label).join(' · ');
}
