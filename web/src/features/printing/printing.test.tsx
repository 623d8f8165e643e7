import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { calls, openPage, paged, rowOf, urlOf } from '../../test/list';
import { renderPage } from '../../test/render';
import PrinterListPage from './PrinterListPage';
import { PrintDialog } from './PrintDialog';
import { PrintTemplateEditor } from './PrintTemplateEditor';
import ChangeLabelPage from './ChangeLabelPage';
import CarrierLabelListPage from './CarrierLabelListPage';
import { bodyOf } from '../../test/list';

const PRINTERS = [
  { id: 'p1', printerName: 'Zebra ZD421', paperFormat: '100x150', outputFormat: 'zpl', dpi: 300, izHorizontal: 0, izPreview: 1, izDefault: 1, width: 100, height: 150, remark: null, createTime: '2026-11-28 10:00:00' },
  { id: 'p2', printerName: 'Office laser', paperFormat: 'a4', outputFormat: 'pdf', dpi: 203, izHorizontal: 0, izPreview: 1, izDefault: 0, width: 210, height: 297, remark: null, createTime: '2026-11-28 11:00:00' },
];

const pdf = () => new Response(new Blob(['%PDF-1.7 label'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });

beforeAll(() => {
  // jsdom has no object URLs; the dialog only hands them to the preview frame.
  URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:label');
  URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
});

describe('printers page', () => {
  test('lists the user’s printers with their size, format and resolution in the user’s language', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    openPage(<PrinterListPage />, fakeServer({ 'GET /logistics/lodopPrinter/list': paged(PRINTERS) }), 'logistics:printer:list');
    const zebra = await rowOf('Zebra ZD421');
    expect(within(zebra).getByText('ZPL（热敏）')).toBeTruthy();
    expect(within(zebra).getByText('300 dpi')).toBeTruthy();
    expect(within(await rowOf('Office laser')).getByText('A4（每页4张）')).toBeTruthy();
  });
});

describe('print dialog', () => {
  test('one order: its labels from the printer chosen by default, previewed as the PDF', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({ 'GET /logistics/lodopPrinter/list': paged(PRINTERS), 'GET /logistics/shipment/label': pdf() });
    renderPage(<PrintDialog ids={['s1']} listPath="/logistics/shipment/list" onClose={() => {}} />);
    await waitFor(() => expect((screen.getByTestId('print-printer') as HTMLSelectElement).value).toBe('p1'));
    // The default printer's options are used (ZPL at 300 dpi); the manual options are locked.
    expect((screen.getByTestId('print-format') as HTMLSelectElement).value).toBe('zpl');
    fireEvent.change(screen.getByTestId('print-printer'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('print-start'));
    expect(await screen.findByTestId('print-preview')).toBeTruthy();
    const url = urlOf(fetchMock, 'GET', '/logistics/shipment/label');
    expect([url.searchParams.get('ids'), url.searchParams.get('size'), url.searchParams.get('format'), url.searchParams.get('dpi')]).toEqual(['s1', '100x150', 'pdf', '203']);
  });

  test('a selection: a batch task with progress, then the file and the orders that failed', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    let polls = 0;
    const report = { total: 2, printed: 1, failed: 1, labels: 1, format: 'pdf', rows: [
      { id: 's1', serialNumber: 'B2C1', success: true, message: null, labels: 1 },
      { id: 's2', serialNumber: 'B2C2', success: false, message: 'B2C2：尚无跟踪号，不能打印标签!', labels: 0 },
    ] };
    const fetchMock = fakeServer({
      'GET /logistics/lodopPrinter/list': paged([]),
      'POST /logistics/shipment/printBatch': { result: { taskId: 't1', total: 2 } },
      'GET /sys/task/queryById': () => {
        polls += 1;
        return { result: polls < 2 ? { id: 't1', kind: 'label_batch', status: 'running', total: 2, done: 1 } : { id: 't1', kind: 'label_batch', status: 'done', total: 2, done: 2, result: JSON.stringify(report) } };
      },
      'GET /logistics/shipment/printBatch/file': pdf(),
    });
    renderPage(<PrintDialog ids={['s1', 's2']} listPath="/logistics/shipment/list" onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('print-start'));
    expect(await screen.findByTestId('print-failures', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('B2C2：尚无跟踪号，不能打印标签!')).toBeTruthy();
    expect(screen.getByTestId('print-preview')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/logistics/shipment/printBatch/file')).toHaveLength(1);
  });
});

/** The selected element's x (mm) as the editor shows it. */
const x = () => (screen.getByTestId('template-element-x') as HTMLInputElement).value;

describe('template editor', () => {
  const TEMPLATE = { size: '100x150', elements: [{ kind: 'text', x: 5, y: 5, w: 40, h: 8, content: '{consigneeName}', fontSize: 9, bold: false, align: 'left', thickness: 0.3, inverse: false }] };

  test('core checks the template as it is edited; arrow keys move the selected element', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    fakeServer({ 'GET /sys/printTemplate/default': { result: TEMPLATE } });
    renderPage(<PrintTemplateEditor target={{ mode: 'add' }} onClose={() => {}} />);
    const element = (await screen.findAllByTestId('template-element'))[0];
    fireEvent.pointerDown(element!);
    fireEvent.pointerUp(screen.getByTestId('template-canvas').querySelector('svg')!);
    expect(x()).toBe('5');
    fireEvent.keyDown(screen.getByTestId('template-canvas'), { key: 'ArrowRight' });
    expect(x()).toBe('5.5');
    fireEvent.keyDown(screen.getByTestId('template-canvas'), { key: 'ArrowRight', shiftKey: true });
    expect(x()).toBe('10.5');
    // Out of the label: core's message, saving and previewing held back.
    fireEvent.change(screen.getByTestId('template-element-x'), { target: { value: '90' } });
    expect((await screen.findByTestId('template-element-issue')).textContent).toBe('Element 1 lies outside the label (millimetres, at most one decimal place)!');
    expect((screen.getByTestId('template-save') as HTMLButtonElement).disabled).toBe(true);
    // An unknown field is named.
    fireEvent.change(screen.getByTestId('template-element-x'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('template-element-content'), { target: { value: '{nope}' } });
    expect((await screen.findByTestId('template-element-issue')).textContent).toBe('Element 1 refers to an unknown field: nope!');
  });
});

describe('change label', () => {
  test('a refused scan shows why; a swap shows old and new numbers and opens the print dialog', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'GET /logistics/labelSwap/list': paged([]),
      'GET /logistics/lodopPrinter/list': paged([]),
      'POST /logistics/labelSwap/swap': (body) =>
        (body as { number: string }).number === 'AA473124828GB'
          ? { status: 400, message: 'The check digit of AA473124828GB is wrong: please scan again!' }
          : { result: { id: 'w1', customerId: 'c1', shipmentId: 's1', serialNumber: 'B2C1', oldNo: 'LX1CN', newNo: 'LX2CN', createTime: '2026-11-28 10:00:00' } },
    });
    openPage(<ChangeLabelPage />, fetchMock, 'logistics:labelSwap:list', 'logistics:labelSwap:add');
    const scan = await screen.findByTestId('swap-number');
    fireEvent.change(scan, { target: { value: 'AA473124828GB' } });
    fireEvent.submit(scan.closest('form')!);
    expect((await screen.findByTestId('swap-problem')).textContent).toContain('check digit');
    fireEvent.change(scan, { target: { value: 'lx1cn ' } });
    fireEvent.change(screen.getByTestId('swap-reason'), { target: { value: 'torn' } });
    fireEvent.submit(scan.closest('form')!);
    expect((await screen.findByTestId('swap-done')).textContent).toContain('LX1CN → LX2CN');
    expect(bodyOf(fetchMock, 'POST', '/logistics/labelSwap/swap')).toEqual({ number: 'lx1cn', reason: 'torn' });
    expect(await screen.findByTestId('print-dialog')).toBeTruthy();
  });
});

describe('carrier labels', () => {
  const LABELS = [
    { id: 'l1', customerId: 'c1', shipmentId: 's1', serialNumber: 'B2C1', source: 'carrier', carrier: 'UPS', trackNo: '1ZSBX12345678901', fileSize: 20480, createBy: 'alice', createTime: '2026-11-28 10:00:00' },
  ];

  test('lists kept labels by source; an upload is checked here first, then names the order and number', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = fakeServer({
      'GET /logistics/carrierLabel/list': paged(LABELS),
      'POST /logistics/carrierLabel/upload': (body) => {
        const form = body as FormData;
        return form.get('serialNumber') === 'B2C9'
          ? { status: 400, message: 'B2C9：此订单的面单由系统生成，无需上传!' }
          : { result: { pages: 2, record: { ...LABELS[0], id: 'l2', serialNumber: String(form.get('serialNumber')), source: 'upload' } } };
      },
    });
    openPage(<CarrierLabelListPage />, fetchMock, 'logistics:carrierLabel:list', 'logistics:carrierLabel:upload', 'logistics:carrierLabel:delete');
    const row = await rowOf('B2C1');
    expect(within(row).getByText('承运商接口')).toBeTruthy();
    expect(within(row).getByText('1ZSBX12345678901')).toBeTruthy();

    fireEvent.click(screen.getByTestId('carrier-label-upload-open'));
    const submit = await screen.findByTestId('carrier-label-upload-submit');
    fireEvent.click(submit);
    expect(await screen.findByText('请输入系统单号!')).toBeTruthy();
    fireEvent.change(screen.getByTestId('carrier-label-serial'), { target: { value: 'B2C9' } });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('carrier-label-file'), { target: { files: [text] } });
    expect(await screen.findByText('只能上传 PDF 文件!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/logistics/carrierLabel/upload')).toHaveLength(0);

    const label = new File(['%PDF-1.7 label %%EOF'], 'label.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('carrier-label-file'), { target: { files: [label] } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('carrier-label-upload-error')).textContent).toContain('无需上传');
    fireEvent.change(screen.getByTestId('carrier-label-serial'), { target: { value: 'B2C2' } });
    fireEvent.change(screen.getByTestId('carrier-label-track-no'), { target: { value: '1Z999AA10123456784' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('carrier-label-upload-dialog')).toBeNull());
    const sent = calls(fetchMock, 'POST', '/logistics/carrierLabel/upload').at(-1)?.[1]?.body as FormData;
    expect([sent.get('serialNumber'), sent.get('trackNo'), (sent.get('file') as File).name]).toEqual(['B2C2', '1Z999AA10123456784', 'label.pdf']);
  });
});
