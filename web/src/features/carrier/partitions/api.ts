/**
 * Partitions (`logistics:partition:*`, 分区表): the zones rate cards price, as their own records.
 * A card references one by `partitionId`; editing a partition re-zones every card that uses it
 * (the server refuses a change that would leave a card pricing a zone the partition lost), and a
 * partition in use cannot be deleted.
 */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { useListOptions } from '../../../components/list/useListOptions';

export type PartitionRecord = components['schemas']['PartitionRecord'];
export type PartitionInput = components['schemas']['PartitionForm'];

export const PARTITION_PERMISSION = 'logistics:partition';

export const {
  listPath: PARTITION_LIST_PATH,
  exportPath: PARTITION_EXPORT_PATH,
  add: addPartition,
  edit: editPartition,
  removeAny: deletePartitions,
} = resource<PartitionRecord, PartitionInput>('/logistics/partition');

/** The partition option lists' query key (asked again after a save: `useCrudList` invalidates by the list path). */
export const partitionKeys = { options: [PARTITION_LIST_PATH, 'options'] as const };

/** Every partition of the tenant, by code, for the rate card editor's choice. */
export const usePartitions = (enabled = true) => useListOptions<PartitionRecord>(partitionKeys.options, PARTITION_LIST_PATH, enabled);

/** "CODE · name" for selects and cells. */
export const partitionLabel = (p: Pick<PartitionRecord, 'code' | 'name' | 'nameEn'>, lang: string) => `${p.code} · ${(lang.startsWith('en') && p.nameEn) || p.name}`;
