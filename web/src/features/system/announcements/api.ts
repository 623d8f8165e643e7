/** Announcements of the tenant (contract dicts-notices.md, "Announcements"). */
import { api, type Envelope } from '../../../api/client';

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

export interface AnnouncementRecord {
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msgContent: string;
  startTime?: string | null;
  endTime?: string | null;
  sender?: string | null;
  priority: string;
  msgCategory: string;
  msgType: string;
  /** "id1,id2" */
  userIds?: string | null;
  /** "realname1,realname2" */
  userNames?: string | null;
  sendStatus: string;
  sendTime?: string | null;
  cancelTime?: string | null;
  openType?: string | null;
  openPage?: string | null;
  busType?: string | null;
  busId?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  readCount?: number | null;
}

export interface AnnouncementInput {
  id?: string;
  titile: string;
  msgContent: string;
  startTime?: string | null;
  endTime?: string | null;
  sender?: string | null;
  priority: Priority;
  msgCategory: MsgCategory;
  msgType: MsgType;
  userIds?: string | null;
  openType?: string | null;
  openPage?: string | null;
}

/** A user of the picker (a page of `GET /sys/user/list`). */
export interface PickedUser {
  id: string;
  username?: string;
  realname?: string | null;
}

/** Drafts and revoked announcements may be edited or released; released ones revoked. */
export const canEdit = (record: AnnouncementRecord) => record.sendStatus === '0' || record.sendStatus === '2';
export const canRelease = canEdit;
export const canRevoke = (record: AnnouncementRecord) => record.sendStatus === '1';

/** Form saves show their errors in the form: no notice. */
export function addAnnouncement(body: AnnouncementInput): Promise<Envelope<AnnouncementRecord>> {
  return api.post<AnnouncementRecord>('/sys/annountCement/add', body, { notify: false });
}

export function editAnnouncement(body: AnnouncementInput & { id: string }): Promise<Envelope<AnnouncementRecord>> {
  return api.put<AnnouncementRecord>('/sys/annountCement/edit', body, { notify: false });
}

export function deleteAnnouncement(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/annountCement/delete', { id });
}

export function deleteAnnouncements(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/annountCement/deleteBatch', { ids: ids.join(',') });
}

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
  return ids.map((id, index) => ({ id, realname: names[index] || null }));
}
