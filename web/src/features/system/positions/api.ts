/** Positions (contract "Positions"): codes are unique within the caller's tenant. */
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';

/** The ranks a position may have, lowest first (labels in `sysPosition:rank.*`). */
export const POST_RANKS = ['staff', 'supervisor', 'manager', 'director', 'executive'] as const;
export type PostRank = (typeof POST_RANKS)[number];

export type PositionRecord = components['schemas']['PositionRecord'];

export interface PositionInput {
  id?: string;
  code: string;
  name: string;
  nameEn?: string | null;
  postRank: string;
}

export const POSITION_LIST_PATH = '/sys/position/list';
export const positionKeys = { all: ['system', 'positions'] as const };

export function addPosition(body: PositionInput): Promise<Envelope<PositionRecord>> {
  return api.post<PositionRecord>('/sys/position/add', body, { notify: false });
}

export function editPosition(body: PositionInput & { id: string }): Promise<Envelope<PositionRecord>> {
  return api.put<PositionRecord>('/sys/position/edit', body, { notify: false });
}

export function deletePosition(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/position/delete', { id });
}

export function deletePositions(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/position/deleteBatch', { ids: ids.join(',') });
}
