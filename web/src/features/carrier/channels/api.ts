/** Channels (contract "Suppliers and channels", `logistics:channel:*`): a supplier's services. */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';
import { fetchOptions } from '../../../components/form/fetchOptions';

export { TRANS_TYPES, transTypeLabel, type TransType } from '../../../lib/transport';

export type ChannelRecord = components['schemas']['ChannelRecord'];

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
