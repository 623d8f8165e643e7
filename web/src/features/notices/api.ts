/** Announcements of the signed-in user (contract "Announcements"; the field `titile` is spelt as the server spells it). */
import { api, type Envelope } from '../../api/client';
import type { components } from '../../api/schema';

/** L = general, M = important, H = urgent. */
export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** "1" announcement, "2" system message. */
export type MsgCategory = '1' | '2';

/** An unread announcement of the bell (`listByUser`). */
export type NoticeItem = components['schemas']['NoticeItem'];
/** `GET /sys/annountCement/listByUser`: the caller's unread announcements and system messages. */
export type NoticesByUser = components['schemas']['UserNotices'];
/** `GET /sys/annountCement/queryById`. */
export type AnnouncementRecord = components['schemas']['AnnouncementRecord'];
/** A row of `GET /sys/sysAnnouncementSend/getMyAnnouncementSend` (`readFlag` 0 unread, 1 read). */
export type MyAnnouncementRecord = components['schemas']['MyAnnouncement'];

/** What opening an announcement needs (bell item or list row). */
export interface OpenableNotice {
  id: string;
  openType?: string | null;
  openPage?: string | null;
}

/** Announcements per kind in the bell (contract default 5). */
export const BELL_PAGE_SIZE = 5;
export const NOTICES_BY_USER_PATH = '/sys/annountCement/listByUser';
export const MY_ANNOUNCEMENTS_PATH = '/sys/sysAnnouncementSend/getMyAnnouncementSend';

export const noticeKeys = {
  all: ['notices'] as const,
  byUser: ['notices', 'byUser'] as const,
  detail: (id: string) => ['notices', 'detail', id] as const,
};

const EMPTY_LIST: NoticeItem[] = [];

/** The bell's data; missing lists or totals count as none. Errors are not shown (the bell stays quiet). */
export async function fetchNoticesByUser(signal?: AbortSignal): Promise<NoticesByUser> {
  const envelope = await api.get<Partial<NoticesByUser> | null>(NOTICES_BY_USER_PATH, { pageSize: BELL_PAGE_SIZE }, { notify: false, signal });
  const result = envelope.result ?? {};
  return {
    anntMsgList: result.anntMsgList ?? EMPTY_LIST,
    anntMsgTotal: Number(result.anntMsgTotal ?? 0),
    sysMsgList: result.sysMsgList ?? EMPTY_LIST,
    sysMsgTotal: Number(result.sysMsgTotal ?? 0),
  };
}

export async function fetchAnnouncement(id: string, signal?: AbortSignal): Promise<AnnouncementRecord> {
  const envelope = await api.get<AnnouncementRecord>('/sys/annountCement/queryById', { id }, { notify: false, signal });
  return envelope.result;
}

/** Marks one announcement read for the caller (idempotent). */
export function markNoticeRead(anntId: string): Promise<Envelope<unknown>> {
  return api.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }, { notify: false });
}

/** Marks all the caller's announcements read. */
export function markAllNoticesRead(): Promise<Envelope<unknown>> {
  return api.put('/sys/sysAnnouncementSend/readAll');
}

/** Whether a row of the user's list is read (`readFlag` 1). */
export function isRead(record: Pick<MyAnnouncementRecord, 'readFlag'>): boolean {
  return String(record.readFlag) === '1';
}
