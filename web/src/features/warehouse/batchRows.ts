/**
 * The rows of a batch intake: what is scanned or pasted (number, weight, length, width, height)
 * and, once sent, the server's answer for the row.
 */
import type { IntakeBatchRow } from './api';
import type { IntakeIssue } from './intakeCheck';

/** What a row holds, as typed. */
export interface BatchScan {
  number: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}

export interface BatchRowState extends BatchScan {
  /** A local id (React keys, removal). */
  id: string;
  /** The server's answer for this row, once sent. */
  outcome?: IntakeBatchRow;
  /** Why the row cannot be sent as it is (core's check, here before sending): the cell at fault and the message. */
  issue?: IntakeIssue;
}

export const EMPTY_SCAN: BatchScan = { number: '', weight: '', length: '', width: '', height: '' };

let nextId = 0;
/** A new row of `scan`. */
export const batchRow = (scan: BatchScan): BatchRowState => {
  nextId += 1;
  return { ...scan, id: `row-${nextId}` };
};

/** Whether a cell reads as a number ("1.5", "1,5"). */
const numeric = (cell: string) => /^\d+(?:[.,]\d+)?$/.test(cell.trim());
/** A spreadsheet's decimal comma becomes a point. */
const decimal = (cell: string | undefined) => (cell ?? '').trim().replace(',', '.');

/**
 * Rows pasted from a spreadsheet: one a line, cells separated by tabs (or, for text typed by
 * hand, by commas, semicolons or spaces); number, weight, length, width, height. Empty lines and
 * a header line (a weight cell that is not a number, e.g. "weight") are skipped.
 */
export function parseRows(text: string): BatchScan[] {
  const rows: BatchScan[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cells = (line.includes('\t') ? line.split('\t') : line.trim().split(/\s*[;,]\s*|\s+/)).map((cell) => cell.trim());
    const [number = '', weight, length, width, height] = cells;
    if (!number) continue;
    if (weight !== undefined && weight !== '' && !numeric(weight)) continue;
    rows.push({ number, weight: decimal(weight), length: decimal(length), width: decimal(width), height: decimal(height) });
  }
  return rows;
}

/** Whether pasted text holds rows (several lines or cells) rather than one scanned number. */
export const looksLikeRows = (text: string) => /[\t\n]/.test(text.trim());

/** Rows still to send: not received yet. */
export const unsent = (rows: readonly BatchRowState[]) => rows.filter((row) => !row.outcome?.success);
