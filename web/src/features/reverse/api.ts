/**
 * Returns (reverse logistics, docs/api/returns.md): a parcel that comes back and what the
 * forwarder and its customer agree to do with it. The return itself (`/reverse/return`: list,
 * detail with everything attached to it, the lifecycle steps and the warehouse's receiving scan),
 * its files (`/reverse/returnAttachment`), its comment thread (`/reverse/returnComment`), its
 * tracking of the way back (`/reverse/returnTrack`) and the fees and refunds posted for it
 * (`/reverse/returnAccount`, with an `Idempotency-Key`).
 *
 * The server's OpenAPI document does not describe these calls yet: the records are declared here
 * as the contract gives them. Refusals come back as the error's message in the request's
 * language; the pages show them inline (`notify: false`).
 */
import { ApiError, api, BASE_PATH, contextHeaders, errorKey, errorMessage, type Envelope } from '../../api/client';
import { isOneOf } from '../../components/form/options';
import type { ReturnAction } from '../../core';
import { saveBlob } from '../../lib/export';
import { getToken } from '../../lib/session';

/** A return's statuses, in lifecycle order (core's `returns::STATUSES`). */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'completed', 'rejected', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** Why a parcel comes back (`other` needs a detail). */
export const RETURN_REASONS = ['refused', 'undeliverable', 'addressIssue', 'damaged', 'customerReturn', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** What is done with it. */
export const RETURN_DECISIONS = ['reship', 'returnToSender', 'destroy', 'hold'] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];
/** The condition the warehouse finds it in (a note unless intact). */
export const RETURN_CONDITIONS = ['intact', 'damagedPackaging', 'damagedGoods', 'opened', 'missingItems'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
/** Money on a return: a fee charged to the customer, a refund paid to it; each at most once. */
export const ACCOUNT_KINDS = ['fee', 'refund'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/** Who wrote a comment or made a decision. */
export const RETURN_SIDES = ['customer', 'staff'] as const;

/** The largest file a return takes (core's `MAX_ATTACHMENT_BYTES`), and what the picker offers. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';
/** The bytes core reads to know a file's kind. */
export const ATTACHMENT_HEAD_BYTES = 16;

/** Button permission codes (the web checks button codes only; the server checks its own). */
export const RETURN_PERMISSION = 'reverse:return';
export const ADD_PERMISSION = `${RETURN_PERMISSION}:add`;
export const EXPORT_PERMISSION = `${RETURN_PERMISSION}:export`;
/** Staff: approve, reject, complete (and add tracking events). */
export const HANDLE_PERMISSION = `${RETURN_PERMISSION}:handle`;
/** Customers: cancel, propose a decision, attach files. */
export const EDIT_PERMISSION = `${RETURN_PERMISSION}:edit`;
/** The warehouse: receive a returned parcel by scanning it. */
export const RECEIVE_PERMISSION = `${RETURN_PERMISSION}:receive`;
/** Staff: post a fee or a refund. */
export const ACCOUNT_PERMISSION = `${RETURN_PERMISSION}:account`;

export const isReturnStatus = (value: string | null | undefined): value is ReturnStatus => isOneOf(RETURN_STATUSES, value);
export const isReturnReason = (value: string | null | undefined): value is ReturnReason => isOneOf(RETURN_REASONS, value);
export const isReturnDecision = (value: string | null | undefined): value is ReturnDecision => isOneOf(RETURN_DECISIONS, value);
export const isReturnCondition = (value: string | null | undefined): value is ReturnCondition => isOneOf(RETURN_CONDITIONS, value);
export const isAccountKind = (value: string | null | undefined): value is AccountKind => isOneOf(ACCOUNT_KINDS, value);

export interface ReturnRecord {
  id: string;
  returnNo: string;
  customerId: string;
  customerUsername?: string | null;
  shipmentId: string;
  parcelId?: string | null;
  serialNumber: string;
  parcelNo?: string | null;
  sysTrackNo?: string | null;
  trackNo?: string | null;
  reason: string;
  reasonDetail?: string | null;
  returnTrackNo?: string | null;
  status: string;
  decision?: string | null;
  decisionRemark?: string | null;
  decisionSide?: string | null;
  decisionBy?: string | null;
  decisionTime?: string | null;
  condition?: string | null;
  conditionRemark?: string | null;
  receivedBy?: string | null;
  receivedTime?: string | null;
  reshipShipmentId?: string | null;
  reshipSerialNumber?: string | null;
  currency: string;
  remark?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
  completeTime?: string | null;
}

export interface ReturnAttachmentRecord {
  id: string;
  returnId: string;
  returnNo: string;
  fileName: string;
  mime: string;
  sizeBytes: number;
  createBy?: string | null;
  createTime?: string | null;
}

export interface ReturnCommentRecord {
  id: string;
  returnId: string;
  returnNo: string;
  side: string;
  username?: string | null;
  realname?: string | null;
  content: string;
  createTime?: string | null;
}

export interface ReturnTrackRecord {
  id: string;
  returnId: string;
  returnNo: string;
  status: string;
  location?: string | null;
  detail?: string | null;
  eventTime?: string | null;
  source?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

export interface ReturnAccountRecord {
  id: string;
  returnId: string;
  returnNo: string;
  customerId: string;
  kind: string;
  /** Decimal text in major units (`"5.00"`). */
  amount: string;
  currency: string;
  tradeNo?: string | null;
  remark?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

/** A return with everything attached to it, and what the caller may do to it now. */
export interface ReturnDetail extends ReturnRecord {
  attachments: ReturnAttachmentRecord[];
  comments: ReturnCommentRecord[];
  tracks: ReturnTrackRecord[];
  accounts: ReturnAccountRecord[];
  actions: string[];
}

export interface ReturnRequestForm {
  number: string;
  reason: string;
  reasonDetail?: string | null;
  returnTrackNo?: string | null;
}

export interface ReturnDecisionForm {
  id: string;
  decision: string;
  decisionRemark?: string | null;
}

export interface ReturnReceiveForm {
  number: string;
  condition: string;
  conditionRemark?: string | null;
}

export interface ReturnTrackForm {
  returnId: string;
  status: string;
  location?: string | null;
  detail: string;
  /** When it happened (UTC); blank: now. */
  eventTime?: string | null;
}

export interface ReturnAccountForm {
  returnId: string;
  kind: string;
  amount: string;
  remark?: string | null;
}

const RETURN_BASE = '/reverse/return';
const ATTACHMENT_BASE = '/reverse/returnAttachment';
const COMMENT_BASE = '/reverse/returnComment';
const TRACK_BASE = '/reverse/returnTrack';
const ACCOUNT_BASE = '/reverse/returnAccount';

export const RETURN_LIST_PATH = `${RETURN_BASE}/list`;
export const RETURN_EXPORT_PATH = `${RETURN_BASE}/exportXls`;
export const ATTACHMENT_LIST_PATH = `${ATTACHMENT_BASE}/list`;
export const COMMENT_LIST_PATH = `${COMMENT_BASE}/list`;
export const TRACK_LIST_PATH = `${TRACK_BASE}/list`;
export const ACCOUNT_LIST_PATH = `${ACCOUNT_BASE}/list`;

/** The lists of a return's parts (each exported by the server to those who may export or list it). */
export const PART_LISTS = {
  account: { base: ACCOUNT_BASE, permission: 'reverse:returnAccount' },
  attachment: { base: ATTACHMENT_BASE, permission: 'reverse:returnAttachment' },
  comment: { base: COMMENT_BASE, permission: 'reverse:returnComment' },
  track: { base: TRACK_BASE, permission: 'reverse:returnTrack' },
} as const;
export type ReturnPart = keyof typeof PART_LISTS;

const quiet = { notify: false } as const;

/** A return with its files, comments, tracks, fees and the actions the caller may take. */
export const getReturn = (id: string) => api.get<ReturnDetail>(`${RETURN_BASE}/queryById`, { id }, quiet);

/** Opens a return for an order (its serial, system tracking or tracking number) or a parcel (its number). */
export const addReturn = (body: ReturnRequestForm) => api.post<ReturnRecord>(`${RETURN_BASE}/add`, body, quiet);

/** The lifecycle steps that take the return alone (`approve` may carry a remark). */
export type LifecycleStep = Extract<ReturnAction, 'approve' | 'reject' | 'cancel' | 'complete'>;
export const stepReturn = (step: LifecycleStep, id: string) => api.post<ReturnRecord>(`${RETURN_BASE}/${step}`, { id }, quiet);

/** Records a decision and who made it. */
export const decideReturn = (body: ReturnDecisionForm) => api.post<ReturnRecord>(`${RETURN_BASE}/decide`, body, quiet);

/** The warehouse's scan: the return awaiting that number becomes received. */
export const receiveReturn = (body: ReturnReceiveForm) => api.post<ReturnRecord>(`${RETURN_BASE}/receive`, body, quiet);

/** Uploads an image or a PDF to a return (multipart `returnId`, `file`). */
export function uploadAttachment(returnId: string, file: File): Promise<Envelope<ReturnAttachmentRecord>> {
  const form = new FormData();
  form.append('returnId', returnId);
  form.append('file', file);
  return api.upload<ReturnAttachmentRecord>(`${ATTACHMENT_BASE}/upload`, form, quiet);
}

export const deleteAttachment = (id: string) => api.delete(`${ATTACHMENT_BASE}/delete`, { id }, quiet);

export const addComment = (returnId: string, content: string) => api.post<ReturnCommentRecord>(`${COMMENT_BASE}/add`, { returnId, content }, quiet);

export const addTrack = (body: ReturnTrackForm) => api.post<ReturnTrackRecord>(`${TRACK_BASE}/add`, body, quiet);

/** Posts a fee or refund to the customer's wallet; a retry with the same key is answered once. */
export const addAccount = (body: ReturnAccountForm, key: string) => api.post<ReturnAccountRecord>(`${ACCOUNT_BASE}/add`, body, { ...quiet, headers: { 'Idempotency-Key': key } });

/**
 * An attachment's bytes, fetched with the session's header (the file is only given to those who
 * may see its return), or its refusal as an {@link ApiError}.
 */
export async function fetchAttachment(id: string): Promise<Blob> {
  const headers: Record<string, string> = { ...contextHeaders() };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  let response: Response;
  try {
    response = await fetch(`${BASE_PATH}${ATTACHMENT_BASE}/download?${new URLSearchParams({ id }).toString()}`, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, errorMessage(0, undefined));
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    const status = response.ok ? (envelope?.code ?? 500) : response.status;
    throw new ApiError(status, errorMessage(status, envelope?.message, errorKey(envelope)), envelope);
  }
  return response.blob();
}

/** Saves an attachment under its name. */
export async function downloadAttachment(attachment: Pick<ReturnAttachmentRecord, 'id' | 'fileName'>): Promise<void> {
  saveBlob(await fetchAttachment(attachment.id), attachment.fileName);
}

/** The first bytes of a file (what core reads its kind from). */
export async function fileHead(file: Blob, bytes = ATTACHMENT_HEAD_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/** Trimmed text, or null when blank (optional fields of a body). */
export const textOrNull = (text: string | null | undefined): string | null => {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
};
