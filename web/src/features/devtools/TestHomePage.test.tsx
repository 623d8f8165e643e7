import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import i18n from '../../i18n';
import { clearPopupCache } from '../../components/popup';
import { fakeServer } from '../../test/api';
import { fill } from '../../test/list';
import { renderPage } from '../../test/render';
import TestHomePage from './TestHomePage';

const server = () =>
  fakeServer({
    'GET /online/cgreport/api/getRpColumns/dict_popup': {
      result: {
        cgRpConfigId: 'r1',
        cgRpConfigName: 'Dictionaries',
        columns: [
          { title: 'Code', dataIndex: 'code', align: 'center', sorter: true },
          { title: 'Name', dataIndex: 'name', align: 'center', sorter: false },
        ],
        dictOptions: {},
      },
    },
    'GET /online/cgreport/api/getQueryInfo/r1': { result: [{ field: 'name', label: 'Name', view: 'text', mode: 'single', type: 'String' }] },
    'GET /online/cgreport/api/getData/r1': { result: { records: [{ code: 'sex', name: 'Sex' }, { code: 'priority', name: 'Priority' }], total: 2 } },
  });

afterEach(() => clearPopupCache());

describe('component bench', () => {
  test('the popup field follows the settings typed: core refuses bad ones, a good one fills the values', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    server();
    renderPage(<TestHomePage />);
    expect((await screen.findByTestId('test-home-popup-error')).textContent).toBe('The popup is not configured correctly!');
    expect(screen.getByTestId('test-home-popup-button').hasAttribute('disabled')).toBe(true);

    fill({ 'test-home-code': 'dict_popup', 'test-home-org': 'code,name', 'test-home-dest': 'a' });
    await waitFor(() => expect(screen.getByTestId('test-home-popup-error').textContent).toBe('The popup is not configured correctly: the source and target fields differ in number!'));

    fill({ 'test-home-dest': 'dictCode,dictName' });
    await waitFor(() => expect(screen.queryByTestId('test-home-popup-error')).toBeNull());
    expect(screen.getByTestId('test-home-values').textContent).toBe('Nothing picked yet');
    fireEvent.click(screen.getByTestId('test-home-popup-button'));
    const picker = await screen.findByTestId('test-home-popup-picker');
    fireEvent.click(await within(picker).findByText('Priority'));
    fireEvent.click(within(picker).getByTestId('test-home-popup-picker-ok'));
    await waitFor(() => expect(screen.getByTestId('test-home-values').textContent).toBe('dictCode = priority\ndictName = Priority'));
    expect((screen.getByTestId('test-home-popup-input') as HTMLInputElement).value).toBe('priority');
  });
});
