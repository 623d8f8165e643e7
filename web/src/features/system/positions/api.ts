/** Positions (contract "Positions"): codes are unique within the caller's tenant. */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

/** The ranks a position may have, lowest first (labels in `sysPosition:rank.*`). */
export const POST_RANKS = ['staff', 'supervisor', 'manager', 'director', 'executive'] as const;
export type PostRank = (typeof POST_RANKS)[number];

export type PositionRecord = components['schemas']['PositionRecord'];
export type PositionInput = components['schemas']['PositionForm'];

const positions = resource<PositionRecord, PositionInput>('/sys/position');
export const { listPath: POSITION_LIST_PATH, exportPath: POSITION_EXPORT_PATH, add: addPosition, edit: editPosition, remove: deletePosition, removeBatch: deletePositions } = positions;
export const positionKeys = { all: ['system', 'positions'] as const };
