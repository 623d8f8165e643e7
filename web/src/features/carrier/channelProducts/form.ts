/** The channel product form's values, how a record fills them and how they become the request. */
import { codeAndName, optionalTexts, textValues } from '../../../components/form/values';
import type { ChannelProductInput, ChannelProductRecord } from './api';
import { fromPostalRows, fromRuleRows, toPostalRows, toRuleRows, type PostalRow, type RuleRow } from './rules';

export interface ProductValues {
  channelId: string;
  code: string;
  name: string;
  nameEn: string;
  tradeType: string;
  transType: string;
  pushMethod: string;
  labelType: string;
  deductMethod: string;
  izSubsist: boolean;
  izSingle: boolean;
  izMult: boolean;
  izEnable: boolean;
  feeId: string;
  thWeightRatio: string;
  remark: string;
  rules: RuleRow[];
  postalRules: PostalRow[];
}

/** Top-level fields the server may name in `result.field`. */
export const PRODUCT_FIELDS = [
  'channelId',
  'code',
  'name',
  'nameEn',
  'tradeType',
  'transType',
  'pushMethod',
  'labelType',
  'deductMethod',
  'feeId',
  'thWeightRatio',
  'remark',
] as const;

/** Free texts of a product: filled from the record, sent trimmed (null when empty). */
const OPTIONAL = ['nameEn', 'transType', 'pushMethod', 'labelType', 'deductMethod', 'feeId', 'remark'] as const;

export const productDefaults = (record: ChannelProductRecord | undefined, channelId = ''): ProductValues => ({
  ...textValues(record, ['code', 'name', 'tradeType', ...OPTIONAL]),
  channelId: record?.channelId ?? channelId,
  izSubsist: record?.izSubsist ?? false,
  izSingle: record?.izSingle ?? true,
  izMult: record?.izMult ?? true,
  izEnable: record?.izEnable ?? true,
  thWeightRatio: record ? String(record.thWeightRatio ?? 0) : '6000',
  rules: toRuleRows(record?.rules),
  postalRules: toPostalRows(record?.postalRules),
});

export const productBody = (values: ProductValues): ChannelProductInput => ({
  ...optionalTexts(values, OPTIONAL),
  channelId: values.channelId,
  ...codeAndName(values),
  tradeType: values.tradeType,
  izSubsist: values.izSubsist,
  izSingle: values.izSingle,
  izMult: values.izMult,
  izEnable: values.izEnable,
  thWeightRatio: Number(values.thWeightRatio.trim() || '0'),
  rules: fromRuleRows(values.rules),
  postalRules: fromPostalRows(values.postalRules),
});

type RowPath = `rules.${number}.${'validType' | 'min' | 'max'}` | `postalRules.${number}.${'country' | 'postalCode' | 'mode' | 'remark'}`;
export type ProductErrorPath = (typeof PRODUCT_FIELDS)[number] | RowPath;

/**
 * The form field a server error names (`rules[2].max` → `rules.2.max`, `postalRules[0].allow` →
 * `postalRules.0.mode`, `rules[1]` → its type), or undefined when it names none of the form's.
 */
export function errorPath(field: string, values: Pick<ProductValues, 'rules' | 'postalRules'>): ProductErrorPath | undefined {
  if ((PRODUCT_FIELDS as readonly string[]).includes(field)) return field as ProductErrorPath;
  const row = /^(rules|postalRules)\[(\d+)\](?:\.(\w+))?$/.exec(field);
  if (!row) return undefined;
  const [, list, indexText, sub] = row;
  const index = Number(indexText);
  if (list === 'rules') {
    if (index >= values.rules.length) return undefined;
    const name = sub === 'min' || sub === 'max' ? sub : 'validType';
    return `rules.${index}.${name}`;
  }
  if (index >= values.postalRules.length) return undefined;
  const name = sub === 'country' || sub === 'postalCode' || sub === 'remark' ? sub : sub === 'allow' ? 'mode' : 'country';
  return `postalRules.${index}.${name}`;
}
