import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { DataTable, type DataColumn, type PageState, type SortState } from './DataTable';
import { renderPage } from '../test/render';


interface Row {
  id: string;
  name: string;
  children?: Row[];
}

const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'id', header: 'Id' },
];

const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function Harness(props: { onPage?: (page: PageState) => void; onSort?: (sort: SortState | undefined) => void; onSelect?: (ids: string[]) => void }) {
  const [page, setPage] = useState<PageState>({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState>();
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable
      columns={COLUMNS}
      rows={ROWS}
      total={35}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        props.onPage?.(next);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        props.onSort?.(next);
      }}
      selectedIds={selected}
      onSelectionChange={(ids) => {
        setSelected(ids);
        props.onSelect?.(ids);
      }}
      testId="table"
    />
  );
}

function Loading() {
  const [loading, setLoading] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setLoading(false)}>
        done
      </button>
      <DataTable columns={COLUMNS} rows={[]} loading={loading} page={{ pageNo: 1, pageSize: 10 }} />
    </>
  );
}

describe('DataTable', () => {
  test('shows rows, the total and pages through the server', async () => {
    const onPage = vi.fn<(page: PageState) => void>();
    renderPage(<Harness onPage={onPage} />);
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.getAllByTestId('table-row')).toHaveLength(2);
    expect(screen.getByTestId('table-total').textContent).toBe('共 35 条');
    fireEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(onPage).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 }));
    fireEvent.click(screen.getByTestId('page-4'));
    await waitFor(() => expect(onPage).toHaveBeenLastCalledWith({ pageNo: 4, pageSize: 10 }));
    fireEvent.change(screen.getByTestId('page-size'), { target: { value: '50' } });
    await waitFor(() => expect(onPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 50 }));
  });

  test('a sortable header cycles asc, desc, default', async () => {
    const onSort = vi.fn<(sort: SortState | undefined) => void>();
    renderPage(<Harness onSort={onSort} />);
    const header = await screen.findByTestId('sort-name');
    fireEvent.click(header);
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', order: 'asc' });
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', order: 'desc' });
    fireEvent.click(header);
    expect(onSort).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByTestId('sort-id')).toBeNull();
  });

  test('selects rows one by one and all on the page', async () => {
    const onSelect = vi.fn<(ids: string[]) => void>();
    renderPage(<Harness onSelect={onSelect} />);
    await screen.findByText('Alpha');
    const boxes = screen.getAllByTestId('row-checkbox');
    fireEvent.click(boxes[1]!);
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(['b']));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toBe('已选择 1 项'));
    fireEvent.click(screen.getByTestId('select-all'));
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(['b', 'a']));
    fireEvent.click(screen.getByTestId('select-all'));
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith([]));
  });

  test('shows skeleton rows while loading and the empty state without rows', async () => {
    renderPage(<Loading />);
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('done'));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
  });

  test('tree rows expand and collapse', async () => {
    const tree: Row[] = [{ id: 'p', name: 'Parent', children: [{ id: 'c', name: 'Child' }] }];
    renderPage(<DataTable columns={COLUMNS} rows={tree} getSubRows={(row) => row.children} pagination={false} testId="tree" />);
    const parentRow = (await screen.findByText('Parent')).closest('tr')!;
    expect(screen.queryByText('Child')).toBeNull();
    fireEvent.click(within(parentRow).getByRole('button', { name: '展开' }));
    expect(await screen.findByText('Child')).toBeTruthy();
    fireEvent.click(within(parentRow).getByRole('button', { name: '收起' }));
    expect(screen.queryByText('Child')).toBeNull();
  });
});
