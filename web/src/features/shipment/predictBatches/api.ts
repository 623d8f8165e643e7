/**
 * Predict batches (`logistics:predictBatch:*`): a customer's pre-advice of the orders it hands to
 * the warehouse in one intake. Open while it gathers them (editable, deletable), handed over once
 * the goods are on their way (`handOver`; `reopen` takes them back), received by the warehouse.
 * What each status allows is core's (`batchSelectionIssue`, through WASM, as the server decides).
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { batchSelectionIssue, type BatchAction } from '../../../core';
import { currentLanguage } from '../../../i18n';

export type PredictBatchRecord = components['schemas']['PredictBatchRecord'];
export type PredictBatchInput = components['schemas']['PredictBatchForm'];
type BatchIds = components['schemas']['BatchIds'];

const BASE = '/logistics/predictBatch';
export const BATCH_PERMISSION = 'logistics:predictBatch';

export const { listPath: BATCH_LIST_PATH, exportPath: BATCH_EXPORT_PATH, add: addBatch, edit: editBatch, removeAny: deleteBatches } = resource<PredictBatchRecord, PredictBatchInput>(BASE);

/** The actions on a selection the toolbar offers (each behind `${BATCH_PERMISSION}:${action}`). */
export const MOVES = ['handOver', 'reopen'] as const;
export type BatchMove = (typeof MOVES)[number];

/** Open → handed (`handOver`) or handed → open (`reopen`), all of the selection or none; answers the batches after. */
export const moveBatches = (action: BatchMove, ids: string[]) => api.post<PredictBatchRecord[]>(`${BASE}/${action}`, { ids: ids.join(',') } satisfies BatchIds);

/** Core's refusal of `action` on these batches (naming those it does not apply to), if any. */
export const selectionIssue = (rows: readonly PredictBatchRecord[], action: BatchAction) =>
  batchSelectionIssue(
    rows.map((row) => [row.batchNo, row.status]),
    action,
    currentLanguage(),
  );

/** Whether core lets a batch take `action` in its status (the row's buttons). */
export const allows = (row: PredictBatchRecord, action: BatchAction) => selectionIssue([row], action) === undefined;
