/** Transport types of channels and products, shared by the carrier and the customer's product pages. */
import type { TFunction } from 'i18next';
import { isOneOf } from '../components/form/options';

/** Suggestions for `transType` (free text; labels in `carrierChannel:transType.*`). */
export const TRANS_TYPES = ['express', 'air', 'sea', 'rail', 'truck', 'post'] as const;
export type TransType = (typeof TRANS_TYPES)[number];

/** A transport type's label: known codes translated, others as typed. */
export const transTypeLabel = (t: TFunction<'carrierChannel'>, value: string | null | undefined): string =>
  isOneOf(TRANS_TYPES, value) ? t(`transType.${value}`) : (value ?? '');
