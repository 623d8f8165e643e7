/** Announcements of the tenant (contract dicts-notices.md, "Announcements"). */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export const ANNOUNCEMENT_LIST_PATH = '/sys/annountCement/list';
export const USER_LIST_PATH = '/sys/user/list';

/** Longest content the server takes. */
export const MAX_CONTENT = 100_000;
export const MAX_TITLE = 100;

export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_COLORS: Record<Priority, string> = { L: 'gray', M: 'orange', H: 'red' };

/** "1" announcement, "2" system message. */
export const CATEGORIES = ['1', '2'] as const;
export type MsgCategory = (typeof CATEGORIES)[number];

/** "0" draft, "1" released, "2" revoked. */
export const SEND_STATUSES = ['0', '1', '2'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const SEND_STATUS_COLORS: Record<SendStatus, string> = { '0': 'gray', '1': 'green', '2': 'orange' };

export const MSG_TYPES = ['ALL', 'USER'] as const;
export type MsgType = (typeof MSG_TYPES)[number];

/** How a reader opens what the announcement is about ('' none). */
export const OPEN_TYPES = ['', 'url', 'component'] as const;
export type OpenType = (typeof OPEN_TYPES)[number];

export const isPriority = (value: unknown): value is Priority => (PRIORITIES as readonly unknown[]).includes(value);
export const isCategory = (value: unknown): value is MsgCategory => (CATEGORIES as readonly unknown[]).includes(String(value));
export const isSendStatus = (value: unknown): value is SendStatus => (SEND_STATUSES as readonly unknown[]).includes(String(value));

export type AnnouncementRecord = components['schemas']['AnnouncementRecord'];
export type AnnouncementInput = components['schemas']['AnnouncementForm'];

/** A user of the picker (a row of `GET /sys/user/list`, or a receiver named by a record: no username then). */
export type PickedUser = Pick<components['schemas']['UserInfo'], 'id'> & Partial<Pick<components['schemas']['UserInfo'], 'username' | 'realname'>>;

/** Drafts and revoked announcements may be edited or released; released ones revoked. */
export const canEdit = (record: AnnouncementRecord) => record.sendStatus === '0' || record.sendStatus === '2';
export const canRelease = canEdit;
export const canRevoke = (record: AnnouncementRecord) => record.sendStatus === '1';

export const { add: addAnnouncement, edit: editAnnouncement, remove: deleteAnnouncement, removeBatch: deleteAnnouncements } = resource<AnnouncementRecord, AnnouncementInput>('/sys/annountCement');

/** Released now; the readers are notified live. */
export function releaseAnnouncement(id: string): Promise<Envelope<unknown>> {
  return api.get('/sys/annountCement/doReleaseData', { id });
}

/** (sic: the path keeps JeecgBoot's spelling.) */
export function revokeAnnouncement(id: string): Promise<Envelope<unknown>> {
  return api.get('/sys/annountCement/doReovkeData', { id });
}

/** Chosen users of a record: ids and names zipped (names may be missing). */
export function recordUsers(record: Pick<AnnouncementRecord, 'userIds' | 'userNames'> | undefined): PickedUser[] {
  const ids = (record?.userIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  const names = (record?.userNames ?? '').split(',').map((name) => name.trim());
  return ids.map((id, index) => ({ id, realname: names[index] || undefined }));
}
