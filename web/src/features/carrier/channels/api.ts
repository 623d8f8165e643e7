/** Channels (contract "Suppliers and channels", `logistics:channel:*`): a supplier's services. */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, type Envelope } from '../../../api/client';
import { isOneOf } from '../shared/filters';
import { fetchOptions } from '../shared/options';

export interface ChannelRecord {
  id: string;
  supplierId: string;
  /** Upper-cased, 2–32 letters, digits, `_` or `-` from a letter; unique per tenant. */
  code: string;
  name: string;
  nameEn?: string | null;
  /** The name in the request's language. */
  title?: string | null;
  transType?: string | null;
  /** 1 in use, 0 stopped. */
  status: number;
  remark?: string | null;
  createTime?: string | null;
}

export interface ChannelInput {
  id?: string;
  supplierId: string;
  code: string;
  name: string;
  nameEn: string | null;
  transType: string | null;
  status: number;
  remark: string | null;
}

/** Suggestions for `transType` (free text; labels in `carrierChannel:transType.*`). */
export const TRANS_TYPES = ['express', 'air', 'sea', 'rail', 'truck', 'post'] as const;
export type TransType = (typeof TRANS_TYPES)[number];

/** A transport type's label: known codes translated, others as typed. */
export const transTypeLabel = (t: TFunction<'carrierChannel'>, value: string | null | undefined): string =>
  isOneOf(TRANS_TYPES, value) ? t(`transType.${value}`) : (value ?? '');

export const CHANNEL_LIST_PATH = '/logistics/channel/list';
export const channelKeys = { options: ['carrier', 'channels', 'options'] as const };

export function addChannel(body: ChannelInput): Promise<Envelope<ChannelRecord>> {
  return api.post<ChannelRecord>('/logistics/channel/add', body, { notify: false });
}

export function editChannel(body: ChannelInput & { id: string }): Promise<Envelope<ChannelRecord>> {
  return api.put<ChannelRecord>('/logistics/channel/edit', body, { notify: false });
}

export function deleteChannels(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/logistics/channel/delete', ids.length === 1 ? { id: ids[0] } : { ids: ids.join(',') });
}

/** Every channel of the tenant, by code (for selects and for naming channels in other lists). */
export function useChannelOptions(enabled = true) {
  return useQuery({
    queryKey: channelKeys.options,
    queryFn: ({ signal }) => fetchOptions<ChannelRecord>(CHANNEL_LIST_PATH, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** "CODE · name" for selects and cells. */
export const channelLabel = (channel: Pick<ChannelRecord, 'code' | 'name' | 'title'>) => `${channel.code} · ${channel.title || channel.name}`;
