/**
 * The rate card editor's model, free of React: the API's detail to an editable draft (the flat
 * `prices` list as a matrix of weight brackets × zones) and back, the checks made before saving,
 * and where a server error's field path (`prices[3].toWeight`, `zones[0].countries`,
 * `weightRounding[1].increment`, …) belongs in the editor.
 *
 * Rows and zones carry stable keys, so a cell follows its zone when the zone's code changes and
 * errors stay on their row when rows are added or removed.
 */
import { checkCode, rateCardIssues, rateCardPriceIssues } from '../../../core';
import type { Language } from '../../../i18n';
import {
  PRICE_MODES,
  SURCHARGE_TYPES,
  type Decimal,
  type PriceMode,
  type RateCardDetail,
  type RateCardInput,
  type RatePrice,
  type RateZone,
  type RateSurcharge,
  type RoundingScope,
  type SurchargeType,
} from './types';

/** One zone's price in one weight bracket; every number as the user typed it. */
export interface CellDraft {
  mode: PriceMode;
  price: string;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  minCharge: string;
}

/** A row of the matrix: the bracket (fromWeight, toWeight] and its cells by zone key. */
export interface BracketDraft {
  key: string;
  fromWeight: string;
  toWeight: string;
  cells: Record<string, CellDraft>;
}

export interface ZoneDraft {
  key: string;
  code: string;
  countries: string[];
  postalPrefixes: string[];
}

export interface RoundingDraft {
  key: string;
  upTo: string;
  increment: string;
}

export interface SurchargeDraft {
  key: string;
  type: SurchargeType;
  percent: string;
  amount: string;
  countries: string[];
  postalCodes: string[];
  maxSide: string;
  maxWeight: string;
}

export interface CardDraft {
  code: string;
  name: string;
  currency: string;
  effectiveFrom: string;
  minChargeableWeight: string;
  roundingScope: RoundingScope;
  rounding: RoundingDraft[];
  /** The partition whose zones the card prices ('' : zones of its own, filed as a partition on save). */
  partitionId: string;
  zones: ZoneDraft[];
  brackets: BracketDraft[];
  surcharges: SurchargeDraft[];
}

/** The editor's tabs; every error belongs to one. */
export type Section = 'basics' | 'zones' | 'prices' | 'surcharges';

/** Which cell each entry of the `prices` sent belongs to (same index). */
export interface PriceOrigin {
  bracketKey: string;
  zoneKey: string;
}

let keySeq = 0;
/** A key unique in this page's lifetime. */
export function newKey(prefix = 'k'): string {
  keySeq += 1;
  return `${prefix}${keySeq}`;
}

const text = (value: Decimal | null | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

const DECIMAL = /^\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a typed tag is a country code a card takes (core's rule: two upper-case letters). */
export const isCountryCode = (code: string): boolean => checkCode('countryCode', code, 'en-US') === undefined;

/** Whether a typed tag is a postal code or prefix a card takes (core's rule: letters, digits and `-`, up to 20, a `*` only at the end). */
export const isPostalCode = (code: string): boolean => checkCode('postalPrefix', code, 'en-US') === undefined;

/** A non-negative decimal as typed (`12`, `0.5`), for ordering rows (the checks are core's). */
function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

/** `1.500` → `1.5`, `2.0` → `2`: the same weight however it is written. */
export function normalizeDecimal(value: Decimal | null | undefined): string {
  const raw = text(value);
  if (!/^-?\d+(\.\d+)?$/.test(raw)) return raw;
  const [whole = '0', fraction = ''] = raw.replace(/^-/, '').split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const sign = raw.startsWith('-') && (int !== '0' || frac !== '') ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

const numeric = (value: string): number => (isDecimal(value) ? Number(value.trim()) : Number.NaN);

/** A weight for ordering rows: non-numbers last. */
function orderWeight(value: string): number {
  const n = numeric(value);
  return Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
}

export function emptyCell(mode: PriceMode = 'fixed'): CellDraft {
  return { mode, price: '', firstWeight: '', firstPrice: '', stepWeight: '', stepPrice: '', minCharge: '' };
}

export function emptySurcharge(type: SurchargeType): SurchargeDraft {
  return { key: newKey('s'), type, percent: '', amount: '', countries: [], postalCodes: [], maxSide: '', maxWeight: '' };
}

export function emptyZone(code = ''): ZoneDraft {
  return { key: newKey('z'), code, countries: [], postalPrefixes: [] };
}

export function emptyBracket(fromWeight = '', toWeight = ''): BracketDraft {
  return { key: newKey('b'), fromWeight, toWeight, cells: {} };
}

/** A new row below the last: it starts where the last one ends. */
export function nextBracket(brackets: readonly BracketDraft[]): BracketDraft {
  const last = brackets.at(-1);
  return emptyBracket(last ? last.toWeight || last.fromWeight : '0', '');
}

/** The example of the rounding hint: 0.5 kg steps up to 20 kg, then 1 kg. */
export function exampleRounding(): RoundingDraft[] {
  return [
    { key: newKey('r'), upTo: '20', increment: '0.5' },
    { key: newKey('r'), upTo: '9999', increment: '1' },
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDate(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
}

/**
 * The start of a new version copied from one starting on `from`: tomorrow, or the day after the
 * source when that is later (a version needs its own day).
 */
export function nextEffectiveFrom(from: string, today: Date = new Date()): string {
  const tomorrow = addDays(isoDate(today), 1);
  if (!DATE.test(from)) return tomorrow;
  const after = addDays(from, 1);
  return after > tomorrow ? after : tomorrow;
}

export function emptyDraft(today: Date = new Date()): CardDraft {
  return {
    code: '',
    name: '',
    currency: 'CNY',
    effectiveFrom: isoDate(today),
    minChargeableWeight: '0',
    roundingScope: 'parcel',
    rounding: [],
    partitionId: '',
    zones: [],
    brackets: [],
    surcharges: [],
  };
}

function cellOf(price: RatePrice): CellDraft {
  const mode = (PRICE_MODES as readonly string[]).includes(price.mode) ? price.mode : 'fixed';
  return {
    mode,
    price: text(price.price),
    firstWeight: text(price.firstWeight),
    firstPrice: text(price.firstPrice),
    stepWeight: text(price.stepWeight),
    stepPrice: text(price.stepPrice),
    minCharge: text(price.minCharge),
  };
}

/**
 * The matrix of a flat price list: one row per distinct bracket (a second entry for the same zone
 * and bracket opens another row, so nothing is lost), rows ordered by weight. A price naming a
 * zone the card lacks gets that zone (with no countries) so that it can be seen and fixed.
 */
export function pricesToMatrix(zones: readonly ZoneDraft[], prices: readonly RatePrice[]): { zones: ZoneDraft[]; brackets: BracketDraft[] } {
  const allZones = [...zones];
  const byCode = new Map<string, string>();
  for (const zone of allZones) if (!byCode.has(zone.code)) byCode.set(zone.code, zone.key);
  const brackets: (BracketDraft & { id: string })[] = [];
  for (const price of prices) {
    const code = text(price.zone);
    let zoneKey = byCode.get(code);
    if (zoneKey === undefined) {
      const zone = emptyZone(code);
      allZones.push(zone);
      byCode.set(code, zone.key);
      zoneKey = zone.key;
    }
    const id = `${normalizeDecimal(price.fromWeight)}|${normalizeDecimal(price.toWeight)}`;
    let row = brackets.find((bracket) => bracket.id === id && !(zoneKey in bracket.cells));
    if (!row) {
      row = { ...emptyBracket(text(price.fromWeight), text(price.toWeight)), id };
      brackets.push(row);
    }
    row.cells[zoneKey] = cellOf(price);
  }
  const sorted = brackets.toSorted((a, b) => orderWeight(a.fromWeight) - orderWeight(b.fromWeight) || orderWeight(a.toWeight) - orderWeight(b.toWeight));
  return { zones: allZones, brackets: sorted.map(({ key, fromWeight, toWeight, cells }) => ({ key, fromWeight, toWeight, cells })) };
}

/** The price entry of one cell (only the fields of its mode). */
export function cellToPrice(zone: string, fromWeight: string, toWeight: string, cell: CellDraft): RatePrice {
  const base = { zone, fromWeight: fromWeight.trim(), toWeight: toWeight.trim(), mode: cell.mode };
  switch (cell.mode) {
    case 'firstAdditional':
      return {
        ...base,
        firstWeight: cell.firstWeight.trim(),
        firstPrice: cell.firstPrice.trim(),
        stepWeight: cell.stepWeight.trim(),
        stepPrice: cell.stepPrice.trim(),
      };
    case 'perKg':
      return cell.minCharge.trim() ? { ...base, price: cell.price.trim(), minCharge: cell.minCharge.trim() } : { ...base, price: cell.price.trim() };
    default:
      return { ...base, price: cell.price.trim() };
  }
}

/**
 * The flat `prices` of the matrix: row by row, zone by zone (the zones' order), one entry per cell
 * that holds a price; `origins[i]` names the cell of `prices[i]`.
 */
export function matrixToPrices(zones: readonly ZoneDraft[], brackets: readonly BracketDraft[]): { prices: RatePrice[]; origins: PriceOrigin[] } {
  const prices: RatePrice[] = [];
  const origins: PriceOrigin[] = [];
  for (const bracket of brackets) {
    for (const zone of zones) {
      const cell = bracket.cells[zone.key];
      if (!cell) continue;
      prices.push(cellToPrice(zone.code.trim(), bracket.fromWeight, bracket.toWeight, cell));
      origins.push({ bracketKey: bracket.key, zoneKey: zone.key });
    }
  }
  return { prices, origins };
}

const list = (values: readonly string[] | null | undefined): string[] => (values ?? []).map((v) => String(v).trim()).filter((v) => v !== '');

function surchargeOf(surcharge: RateSurcharge): SurchargeDraft {
  const type = (SURCHARGE_TYPES as readonly string[]).includes(surcharge.type) ? surcharge.type : 'perTicket';
  return {
    key: newKey('s'),
    type,
    percent: text(surcharge.percent),
    amount: text(surcharge.amount),
    countries: list(surcharge.countries).map((c) => c.toUpperCase()),
    postalCodes: list(surcharge.postalCodes),
    maxSide: text(surcharge.maxSide),
    maxWeight: text(surcharge.maxWeight),
  };
}

/** The surcharge as the API takes it (only the fields of its type). */
export function surchargeToInput(surcharge: SurchargeDraft): RateSurcharge {
  switch (surcharge.type) {
    case 'fuel':
    case 'insurance':
      return { type: surcharge.type, percent: surcharge.percent.trim() };
    case 'perTicket':
      return { type: surcharge.type, amount: surcharge.amount.trim() };
    case 'remoteArea':
      return { type: surcharge.type, countries: [...surcharge.countries], postalCodes: [...surcharge.postalCodes], amount: surcharge.amount.trim() };
    case 'oversize': {
      const out: RateSurcharge = { type: surcharge.type, amount: surcharge.amount.trim() };
      if (surcharge.maxSide.trim()) out.maxSide = surcharge.maxSide.trim();
      if (surcharge.maxWeight.trim()) out.maxWeight = surcharge.maxWeight.trim();
      return out;
    }
  }
}

/** The editable draft of a saved card. */
export function detailToDraft(detail: RateCardDetail): CardDraft {
  const zones = (detail.zones ?? []).map((zone) => ({
    key: newKey('z'),
    code: text(zone.code),
    countries: list(zone.countries).map((c) => c.toUpperCase()),
    postalPrefixes: list(zone.postalPrefixes),
  }));
  const matrix = pricesToMatrix(zones, detail.prices ?? []);
  return {
    code: text(detail.code),
    name: text(detail.name),
    currency: text(detail.currency).toUpperCase(),
    effectiveFrom: text(detail.effectiveFrom).slice(0, 10),
    minChargeableWeight: text(detail.minChargeableWeight) || '0',
    roundingScope: detail.roundingScope === 'ticket' ? 'ticket' : 'parcel',
    rounding: (detail.weightRounding ?? []).map((step) => ({ key: newKey('r'), upTo: text(step.upTo), increment: text(step.increment) })),
    partitionId: text(detail.partitionId),
    zones: matrix.zones,
    brackets: matrix.brackets,
    surcharges: (detail.surcharges ?? []).map(surchargeOf),
  };
}

/** A copy of a card as a new version: same code and content, a later start. */
export function versionDraft(detail: RateCardDetail, today: Date = new Date()): CardDraft {
  return { ...detailToDraft(detail), effectiveFrom: nextEffectiveFrom(text(detail.effectiveFrom).slice(0, 10), today) };
}

/** What add/edit send, and the cell of each price (for the server's `prices[i]` errors). */
export function draftToInput(draft: CardDraft): { input: RateCardInput; origins: PriceOrigin[] } {
  const { prices, origins } = matrixToPrices(draft.zones, draft.brackets);
  return {
    input: {
      code: draft.code.trim().toUpperCase(),
      name: draft.name.trim(),
      currency: draft.currency.trim().toUpperCase(),
      effectiveFrom: draft.effectiveFrom.trim(),
      minChargeableWeight: draft.minChargeableWeight.trim() || '0',
      roundingScope: draft.roundingScope,
      weightRounding: draft.rounding.map((step) => ({ upTo: step.upTo.trim(), increment: step.increment.trim() })),
      ...(draft.partitionId ? { partitionId: draft.partitionId } : {}),
      zones: draft.zones.map((zone) => ({ code: zone.code.trim(), countries: [...zone.countries], postalPrefixes: [...zone.postalPrefixes] })),
      prices,
      surcharges: draft.surcharges.map(surchargeToInput),
    },
    origins,
  };
}

// ---------------------------------------------------------------------------------------------
// Error keys: one string per place in the editor that can show a message.
// ---------------------------------------------------------------------------------------------

export const HEADER_FIELDS = ['code', 'name', 'currency', 'effectiveFrom', 'minChargeableWeight', 'roundingScope'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

export const errorKeys = {
  header: (field: HeaderField) => field,
  rounding: (rowKey: string, field?: 'upTo' | 'increment') => (field ? `rounding.${rowKey}.${field}` : `rounding.${rowKey}`),
  zone: (zoneKey: string, field?: 'code' | 'countries' | 'postalPrefixes') => (field ? `zone.${zoneKey}.${field}` : `zone.${zoneKey}`),
  bracket: (bracketKey: string, field: 'fromWeight' | 'toWeight') => `bracket.${bracketKey}.${field}`,
  /** `field`: a price field (`price`, `firstWeight`, …), `mode` or `zone`; without it the whole cell. */
  cell: (bracketKey: string, zoneKey: string, field?: string) => (field ? `cell.${bracketKey}.${zoneKey}.${field}` : `cell.${bracketKey}.${zoneKey}`),
  surcharge: (surchargeKey: string, field?: string) => (field ? `surcharge.${surchargeKey}.${field}` : `surcharge.${surchargeKey}`),
};

/** The section an error key belongs to. */
export function sectionOf(key: string): Section {
  if (key.startsWith('zone.') || key === 'zones' || key === 'partitionId') return 'zones';
  if (key.startsWith('bracket.') || key.startsWith('cell.') || key === 'prices') return 'prices';
  if (key.startsWith('surcharge.') || key === 'surcharges') return 'surcharges';
  return 'basics';
}

/** The messages of one cell (any of its fields), keyed by field. */
export function cellErrors(errors: Readonly<Record<string, string>>, bracketKey: string, zoneKey: string): Record<string, string> {
  const prefix = `${errorKeys.cell(bracketKey, zoneKey)}.`;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === errorKeys.cell(bracketKey, zoneKey)) out[''] = message;
    else if (key.startsWith(prefix)) out[key.slice(prefix.length)] = message;
  }
  return out;
}

/** The messages of one section's keys. */
export function countBySection(errors: Readonly<Record<string, string>>): Record<Section, number> {
  const counts: Record<Section, number> = { basics: 0, zones: 0, prices: 0, surcharges: 0 };
  for (const key of Object.keys(errors)) counts[sectionOf(key)] += 1;
  return counts;
}

/** `prices[3].toWeight` → `{ root: 'prices', index: 3, field: 'toWeight' }`; `code` → `{ root: 'code' }`. */
export function parseFieldPath(path: string): { root: string; index?: number; field?: string } | undefined {
  const match = /^([A-Za-z_]\w*)(?:\[(\d+)\])?(?:\.([A-Za-z_]\w*))?/.exec(path.trim());
  if (!match?.[1]) return undefined;
  const out: { root: string; index?: number; field?: string } = { root: match[1] };
  if (match[2] !== undefined) out.index = Number(match[2]);
  if (match[3] !== undefined) out.field = match[3];
  return out;
}

const at = (key: string) => ({ key, section: sectionOf(key) });

/**
 * Where the server's field path points in the draft that was sent: the error key to show the
 * message at, and its section. `origins` are those of the `prices` sent. Undefined when the path
 * names nothing of the draft (the message is then shown for the whole card).
 */
export function locateServerField(path: string, draft: CardDraft, origins: readonly PriceOrigin[]): { key: string; section: Section } | undefined {
  const parsed = parseFieldPath(path);
  if (!parsed) return undefined;
  const { root, index, field } = parsed;
  if ((HEADER_FIELDS as readonly string[]).includes(root) && index === undefined) return at(root);
  switch (root) {
    case 'weightRounding': {
      if (index === undefined) return at('rounding');
      const row = draft.rounding[index];
      if (!row) return at('rounding');
      return at(errorKeys.rounding(row.key, field === 'upTo' || field === 'increment' ? field : undefined));
    }
    case 'partitionId':
      return at('partitionId');
    case 'zones': {
      if (index === undefined) return at('zones');
      const zone = draft.zones[index];
      if (!zone) return at('zones');
      return at(errorKeys.zone(zone.key, field === 'code' || field === 'countries' || field === 'postalPrefixes' ? field : undefined));
    }
    case 'prices': {
      if (index === undefined) return at('prices');
      const origin = origins[index];
      if (!origin) return at('prices');
      if (field === 'fromWeight' || field === 'toWeight') return at(errorKeys.bracket(origin.bracketKey, field));
      return at(errorKeys.cell(origin.bracketKey, origin.zoneKey, field));
    }
    case 'surcharges': {
      if (index === undefined) return at('surcharges');
      const surcharge = draft.surcharges[index];
      if (!surcharge) return at('surcharges');
      return at(errorKeys.surcharge(surcharge.key, field));
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Checks before saving: core's (through WASM), on what a save would send, so the editor shows
// every problem the server would refuse the card for, with the server's messages.
// ---------------------------------------------------------------------------------------------

/** A problem found before saving: where it shows (an error key) and core's message. */
export interface DraftIssue {
  key: string;
  message: string;
}

/** The fields a cell of each mode needs (minCharge is optional). */
export const MODE_FIELDS: Record<PriceMode, readonly (keyof Omit<CellDraft, 'mode'>)[]> = {
  fixed: ['price'],
  firstAdditional: ['firstWeight', 'firstPrice', 'stepWeight', 'stepPrice'],
  perKg: ['price', 'minCharge'],
};

/** The fields each surcharge type shows. */
export const SURCHARGE_FIELDS: Record<SurchargeType, readonly ('percent' | 'amount' | 'countries' | 'postalCodes' | 'maxSide' | 'maxWeight')[]> = {
  fuel: ['percent'],
  perTicket: ['amount'],
  remoteArea: ['countries', 'postalCodes', 'amount'],
  oversize: ['maxSide', 'maxWeight', 'amount'],
  insurance: ['percent'],
};

/** The problems of one cell (its mode and the mode's numbers), keyed by its field: core's messages. */
export function validateCell(cell: CellDraft, lang: Language): Partial<Record<keyof CellDraft, string>> {
  const out: Partial<Record<keyof CellDraft, string>> = {};
  // A bracket that reads, so that only the cell's own fields are judged.
  for (const issue of rateCardPriceIssues(cellToPrice('', '0', '1', cell), lang)) {
    const field = issue.field as keyof CellDraft;
    if (field in cell && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/**
 * Every problem of the draft, as core finds it in the card a save would send (code, name, date,
 * currency, rounding, zones, prices, surcharges), each at its place in the editor; one per place.
 */
export function validateDraft(draft: CardDraft, lang: Language): DraftIssue[] {
  const { input, origins } = draftToInput(draft);
  const issues: DraftIssue[] = [];
  for (const issue of rateCardIssues(input, lang)) {
    const key = locateServerField(issue.field, draft, origins)?.key ?? 'code';
    if (!issues.some((known) => known.key === key)) issues.push({ key, message: issue.message });
  }
  return issues;
}

/** Whether a cell's content (its mode's fields) differs between two drafts of it. */
export function sameCell(a: CellDraft | undefined, b: CellDraft | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.mode !== b.mode) return false;
  return MODE_FIELDS[a.mode].every((field) => a[field].trim() === b[field].trim());
}

// ---------------------------------------------------------------------------------------------
// Edits that touch more than one part of the draft.
// ---------------------------------------------------------------------------------------------

/** How many cells of the matrix hold a price for the zone. */
export function pricedCells(brackets: readonly BracketDraft[], zoneKey: string): number {
  return brackets.filter((bracket) => bracket.cells[zoneKey] !== undefined).length;
}

/** The zones of a partition as the draft's, each keeping the key of the draft's zone of the same code (its column of prices). */
function partitionZones(draft: Pick<CardDraft, 'zones'>, zones: readonly RateZone[]): ZoneDraft[] {
  const keyOf = new Map(draft.zones.map((zone) => [zone.code.trim(), zone.key]));
  return zones.map((zone) => ({ key: keyOf.get(zone.code) ?? newKey('z'), code: zone.code, countries: [...zone.countries], postalPrefixes: [...zone.postalPrefixes] }));
}

/** How many priced cells a switch to these zones would drop: those of the draft's zones whose code the partition lacks. */
export function droppedCells(draft: Pick<CardDraft, 'zones' | 'brackets'>, zones: readonly RateZone[]): number {
  const codes = new Set(zones.map((zone) => zone.code));
  return draft.zones.filter((zone) => !codes.has(zone.code.trim())).reduce((sum, zone) => sum + pricedCells(draft.brackets, zone.key), 0);
}

/**
 * The draft priced on a partition's zones: its zones become the partition's, each column of prices
 * staying with the zone of the same code; the prices of zones the partition lacks go
 * ({@link droppedCells} counts them first).
 */
export function withPartition(draft: CardDraft, partitionId: string, zones: readonly RateZone[]): CardDraft {
  const next = partitionZones(draft, zones);
  const kept = new Set(next.map((zone) => zone.key));
  const brackets = draft.brackets.map((bracket) => ({ ...bracket, cells: Object.fromEntries(Object.entries(bracket.cells).filter(([key]) => kept.has(key))) }));
  return { ...draft, partitionId, zones: next, brackets };
}

/** The draft without the zone and its column of prices. */
export function removeZone(draft: CardDraft, zoneKey: string): CardDraft {
  return {
    ...draft,
    zones: draft.zones.filter((zone) => zone.key !== zoneKey),
    brackets: draft.brackets.map((bracket) => {
      if (!(zoneKey in bracket.cells)) return bracket;
      const { [zoneKey]: _removed, ...cells } = bracket.cells;
      return { ...bracket, cells };
    }),
  };
}

/** The brackets with one cell set (or emptied with `undefined`). */
export function setCell(brackets: readonly BracketDraft[], bracketKey: string, zoneKey: string, cell: CellDraft | undefined): BracketDraft[] {
  return brackets.map((bracket) => {
    if (bracket.key !== bracketKey) return bracket;
    if (cell) return { ...bracket, cells: { ...bracket.cells, [zoneKey]: { ...cell } } };
    const { [zoneKey]: _removed, ...cells } = bracket.cells;
    return { ...bracket, cells };
  });
}

/** The brackets with every zone of one row priced like `cell`. */
export function setRow(brackets: readonly BracketDraft[], bracketKey: string, zones: readonly ZoneDraft[], cell: CellDraft): BracketDraft[] {
  return brackets.map((bracket) =>
    bracket.key === bracketKey ? { ...bracket, cells: Object.fromEntries(zones.map((zone) => [zone.key, { ...cell }])) } : bracket,
  );
}

/** The number of priced cells of the matrix (the `prices` entries a save sends). */
export function priceCount(draft: Pick<CardDraft, 'zones' | 'brackets'>): number {
  const keys = new Set(draft.zones.map((zone) => zone.key));
  return draft.brackets.reduce((sum, bracket) => sum + Object.keys(bracket.cells).filter((key) => keys.has(key)).length, 0);
}
