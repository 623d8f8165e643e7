/**
 * The customer's usable channel products (contract "Channel products" → `myList`): enabled
 * products the caller's account has a price level for (staff see every enabled product), with
 * their validity and postal rules; never prices or markups.
 */
import type { components } from '../../../api/schema';

export const MY_PRODUCTS_PATH = '/logistics/channelProduct/myList';

/** Trade types a product may be limited to (`''` = any). */
export const TRADE_TYPES = ['B2B', 'B2C', 'FBA', 'WMS'] as const;

/** What a validity rule limits. */
export const VALID_TYPES = ['weight', 'longestSide', 'girth', 'declaredValue', 'pieces'] as const;
export type ValidType = (typeof VALID_TYPES)[number];

/** A validity rule: what it limits, and its bounds (decimal strings, at least one of them). */
export type ValidityRule = components['schemas']['RuleRecord'];
/** `country` ISO 3166 alpha-2; `postalCode` a code or a prefix ending in `*`; `allow` true: the country's codes must match one allow row, false: a matching code is refused. */
export type PostalRule = components['schemas']['PostalRecord'];
/** `tradeType` "" is any; `thWeightRatio` the volumetric divisor (cm³ per kg, 0 = actual weight only); `currency` that of the rate card pricing it. */
export type MyProductRecord = components['schemas']['MyProduct'];
