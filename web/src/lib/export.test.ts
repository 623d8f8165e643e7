import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeServer } from '../test/api';
import { buildCsv, csvField, exportAll, exportCsv, type CsvColumn } from './export';


interface Row {
  name: string;
  note: string | null;
  count: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: '名称', value: (row) => row.name },
  { header: 'Note', value: (row) => row.note },
  { header: 'Count', value: (row) => row.count },
];

function captureDownload() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('CSV export', () => {
  test('quotes commas, quotes and line breaks, and starts with a BOM', () => {
    const csv = buildCsv(COLUMNS, [
      { name: '张三, 李四', note: 'say "hi"', count: 3 },
      { name: 'line\nbreak', note: null, count: 0 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['名称,Note,Count', '"张三, 李四","say ""hi""",3', '"line\nbreak",,0', '']);
  });

  // Spreadsheet formulas are defused; numbers and phone numbers are kept.
  test.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd', "'@cmd"],
    ['-12.5', '-12.5'],
    ['+8613800000000', '+8613800000000'],
    [' padded', '" padded"'],
  ])('the field %s is written %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  test('exportCsv downloads a UTF-8 file with the BOM bytes', async () => {
    const { blobs, names } = captureDownload();
    exportCsv('用户', COLUMNS, [{ name: '王五', note: 'ok', count: 1 }]);
    expect(names).toEqual(['用户.csv']);
    expect(blobs[0]?.type).toContain('text/csv');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  test('exportAll pages through the list 1000 at a time and reports progress', async () => {
    const { blobs } = captureDownload();
    const records = Array.from({ length: 1500 }, (_, index) => ({ name: `n${index}`, note: '', count: index }));
    const fetchMock = fakeServer({
      'GET /sys/user/list': (_body, url) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        const pageSize = Number(url.searchParams.get('pageSize'));
        return { result: { records: records.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: records.length } };
      },
    });
    const progress: [number, number][] = [];
    const count = await exportAll<Row>('/sys/user/list', { username: 'n', status: '' }, COLUMNS, {
      filename: 'users.csv',
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(count).toBe(1500);
    expect(progress).toEqual([
      [1000, 1500],
      [1500, 1500],
    ]);
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    expect(urls.map((url) => url.searchParams.get('pageSize'))).toEqual(['1000', '1000']);
    expect(urls[0]?.searchParams.get('username')).toBe('n');
    expect(urls[0]?.searchParams.has('status')).toBe(false);
    const text = await blobs[0]!.text();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1501);
  });
});
