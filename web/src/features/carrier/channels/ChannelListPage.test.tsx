import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, fillAndSubmit, openDialog, openPage, pickOption, rowOf, sentBody, urlOf } from '../../../test/list';
import ChannelListPage from './ChannelListPage';

const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', title: '敦豪', status: 1 },
  { id: 's2', code: 'YUN', name: '云途', title: '云途', status: 1 },
];
const SERVICES = [
  { id: 'sv1', supplierId: 's1', code: 'DHL-WPX', name: '全球特快', nameEn: 'Express Worldwide', title: '全球特快', serviceType: 'express', status: 1 },
  { id: 'sv2', supplierId: 's2', code: 'YUN-STD', name: '云途标准', nameEn: null, title: '云途标准', serviceType: 'standard', status: 1 },
  { id: 'sv3', supplierId: 's2', code: 'YUN-ECO', name: '云途经济', nameEn: null, title: '云途经济', serviceType: 'economy', status: 1 },
];
const CHANNELS = [
  { id: 'c1', supplierId: 's1', serviceId: 'sv1', code: 'DHL-EXP', name: 'DHL 快递', nameEn: 'DHL Express', title: 'DHL 快递', transType: 'express', status: 1, remark: null, createTime: '2026-01-01 10:00:00' },
  { id: 'c2', supplierId: 's2', code: 'YUN-SEA', name: '云途海运', nameEn: null, title: '云途海运', transType: 'sea', status: 1, remark: null, createTime: '2026-01-02 10:00:00' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': { result: { records: SUPPLIERS, total: 2 } },
    'GET /logistics/carrierService/list': (_body, url) => {
      const supplierId = url.searchParams.get('supplierId');
      const records = supplierId ? SERVICES.filter((service) => service.supplierId === supplierId) : SERVICES;
      return { result: { records, total: records.length } };
    },
    'GET /logistics/channel/list': (_body, url) => {
      const supplierId = url.searchParams.get('supplierId');
      const records = supplierId ? CHANNELS.filter((channel) => channel.supplierId === supplierId) : CHANNELS;
      return { result: { records, total: records.length } };
    },
    ...extra,
  });
}

describe('channels page', () => {
  test('names each channel’s supplier and its transport', async () => {
    openPage(<ChannelListPage />, server(), 'logistics:channel:list');
    const row = (await screen.findByText('DHL-EXP')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('敦豪')).toBeTruthy());
    expect(within(row).getByText('快递')).toBeTruthy();
    // The service it ships with; a channel naming none shows a dash.
    await waitFor(() => expect(within(row).getByText('DHL-WPX')).toBeTruthy());
    expect(within(row).getByText('全球特快')).toBeTruthy();
    expect(within(screen.getByText('YUN-SEA').closest('tr')!).getByText('海运')).toBeTruthy();
  });

  test('choosing a supplier filters at once', async () => {
    const fetchMock = openPage(<ChannelListPage />, server(), 'logistics:channel:list');
    await screen.findByText('DHL-EXP');
    await pickOption(screen.getByTestId('channel-search-supplier'), 'YUN · 云途', 's2');
    await waitFor(() => expect(screen.queryByText('DHL-EXP')).toBeNull());
    expect(urlOf(fetchMock, 'GET', '/logistics/channel/list').searchParams.get('supplierId')).toBe('s2');
    expect(screen.getByText('YUN-SEA')).toBeTruthy();
  });

  test('a new channel needs a supplier and starts with the filtered one', async () => {
    const fetchMock = openPage(<ChannelListPage />, server({ 'POST /logistics/channel/add': { message: '添加成功！', result: CHANNELS[1] } }), 'logistics:channel:list', 'logistics:channel:add');
    await screen.findByText('DHL-EXP');
    let dialog = await openDialog('channel-add', 'channel-form');
    fillAndSubmit(dialog, {});
    expect(await within(dialog).findByText('请选择物流商')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('channel-form')).toBeNull());

    await pickOption(screen.getByTestId('channel-search-supplier'), 'YUN · 云途', 's2');
    await waitFor(() => expect(screen.queryByText('DHL-EXP')).toBeNull());
    dialog = await openDialog('channel-add', 'channel-form');
    expect((within(dialog).getByTestId('channel-supplier') as HTMLSelectElement).value).toBe('s2');
    fillAndSubmit(dialog, { 'channel-code': 'yun-air', 'channel-name': '云途空运', 'channel-trans-type': 'air' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/channel/add')).toEqual({
      supplierId: 's2',
      code: 'YUN-AIR',
      name: '云途空运',
      nameEn: null,
      transType: 'air',
      serviceId: null,
      status: 1,
      remark: null,
    });
  }, 15_000);

  test('the service is one of the chosen supplier’s, cleared when the supplier changes', async () => {
    const fetchMock = openPage(<ChannelListPage />, server({ 'POST /logistics/channel/add': { message: '添加成功！', result: CHANNELS[1] } }), 'logistics:channel:list', 'logistics:channel:add');
    await screen.findByText('DHL-EXP');
    const dialog = await openDialog('channel-add', 'channel-form');
    const service = within(dialog).getByTestId('channel-service') as HTMLSelectElement;
    // No supplier yet: nothing to choose from.
    expect(service.disabled).toBe(true);
    await pickOption(within(dialog).getByTestId('channel-supplier'), 'YUN · 云途', 's2');
    await pickOption(service, 'YUN-ECO · 云途经济', 'sv3');
    expect(within(service).queryByText('DHL-WPX · 全球特快')).toBeNull();
    expect(urlOf(fetchMock, 'GET', '/logistics/carrierService/list').searchParams.get('supplierId')).toBe('s2');
    expect(urlOf(fetchMock, 'GET', '/logistics/carrierService/list').searchParams.get('pageSize')).toBe('1000');

    await pickOption(within(dialog).getByTestId('channel-supplier'), 'DHL · 敦豪', 's1');
    await waitFor(() => expect(service.value).toBe(''));
    await pickOption(service, 'DHL-WPX · 全球特快', 'sv1');
    expect(within(service).queryByText('YUN-ECO · 云途经济')).toBeNull();
    fillAndSubmit(dialog, { 'channel-code': 'dhl-eco', 'channel-name': 'DHL 经济' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/channel/add')).toMatchObject({ supplierId: 's1', serviceId: 'sv1', code: 'DHL-ECO' });
  }, 15_000);

  test('a service not of the channel’s supplier shows the server’s message under the service', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <ChannelListPage />,
      server({ 'PUT /logistics/channel/edit': { status: 400, message: "The service is not the channel's supplier's!", result: { field: 'serviceId', key: 'service_wrong_supplier' } } }),
      'logistics:channel:list',
      'logistics:channel:edit',
    );
    const dialog = await openDialog('channel-edit', 'channel-form', await rowOf('DHL-EXP'));
    const service = within(dialog).getByTestId('channel-service') as HTMLSelectElement;
    await waitFor(() => expect(service.value).toBe('sv1'));
    fillAndSubmit(dialog, {});
    expect((await within(dialog).findByTestId('channel-service-error')).textContent).toBe("The service is not the channel's supplier's!");
    expect(bodyOf(fetchMock, 'PUT', '/logistics/channel/edit')).toMatchObject({ id: 'c1', supplierId: 's1', serviceId: 'sv1' });
  }, 15_000);

  test('batch delete sends the selected ids', async () => {
    const fetchMock = openPage(<ChannelListPage />, server({ 'DELETE /logistics/channel/delete': { message: '删除成功!' } }), 'logistics:channel:list', 'logistics:channel:delete');
    await screen.findByText('DHL-EXP');
    fireEvent.click(screen.getByTestId('select-all'));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('channel-batch-delete'));
    expect((await screen.findByTestId('channel-delete-confirm')).textContent).toContain('2');
    fireEvent.click(screen.getByTestId('channel-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/logistics/channel/delete')).toHaveLength(1));
    expect(urlOf(fetchMock, 'DELETE', '/logistics/channel/delete').searchParams.get('ids')).toBe('c1,c2');
  });
});
