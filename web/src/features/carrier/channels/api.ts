/** Channels (contract "Suppliers and channels", `logistics:channel:*`): a supplier's services. */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { useListOptions } from '../../../components/list/useListOptions';

export { TRANS_TYPES, transTypeLabel, type TransType } from '../../../lib/transport';

export type ChannelRecord = components['schemas']['ChannelRecord'];
export type ChannelInput = components['schemas']['ChannelForm'];

export const { listPath: CHANNEL_LIST_PATH, exportPath: CHANNEL_EXPORT_PATH, add: addChannel, edit: editChannel, removeAny: deleteChannels } = resource<ChannelRecord, ChannelInput>('/logistics/channel');
export const channelKeys = { options: ['carrier', 'channels', 'options'] as const };

/** Every channel of the tenant, by code (for selects and for naming channels in other lists). */
export const useChannelOptions = (enabled = true) => useListOptions<ChannelRecord>(channelKeys.options, CHANNEL_LIST_PATH, enabled);

/** "CODE · name" for selects and cells. */
export const channelLabel = (channel: Pick<ChannelRecord, 'code' | 'name' | 'title'>) => `${channel.code} · ${channel.title || channel.name}`;
