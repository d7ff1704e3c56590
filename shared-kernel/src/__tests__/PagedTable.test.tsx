import { fireEvent, screen } from '@testing-library/react';
import { useState, type Key } from 'react';
import { renderScreen } from '../testing/render';
import { PagedTable } from '../ui/PagedTable';

interface Row {
  id: number;
  name: string;
}

function Harness({
  rows,
  total,
  loading = false,
  onPage,
}: {
  rows: Row[];
  total: number;
  loading?: boolean;
  onPage?: (page: number, size?: number) => void;
}) {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <PagedTable<Row>
      title="Hospitals"
      avatar="H"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      list={{ rows, total, loading, page: 1, pageSize: 10, setPage: onPage ?? (() => {}) }}
      rowKey="id"
      searchText="city"
      selectedKeys={selected}
      onSelectionChange={setSelected}
    />
  );
}

test('the title carries the total in brackets and the search text is highlighted', async () => {
  renderScreen(<Harness rows={[{ id: 1, name: 'City Hospital' }]} total={31} />);
  expect(await screen.findByTestId('table-title')).toHaveTextContent('Hospitals (31)');
  expect(screen.getByText('City').tagName).toBe('MARK');
});

test('an empty list says No Data Found, and its total is 0', async () => {
  renderScreen(<Harness rows={[]} total={0} />);
  expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  expect(screen.getByTestId('table-title')).toHaveTextContent(/^Hospitals \(0\)$/);
});

test('while the first page loads the title has no total yet, rather than a false (0)', async () => {
  renderScreen(<Harness rows={[]} total={0} loading />);
  expect(await screen.findByTestId('table-title')).toHaveTextContent(/^Hospitals$/);
});

test('selecting rows shows how many are selected', async () => {
  renderScreen(
    <Harness
      rows={[
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ]}
      total={2}
    />,
  );
  const boxes = await screen.findAllByRole('checkbox');
  fireEvent.click(boxes[1]);
  fireEvent.click(boxes[2]);
  expect(await screen.findByText('2 row(s) selected')).toBeInTheDocument();
});

test('changing the page asks for the 1-based page and the page size', async () => {
  const onPage = jest.fn();
  renderScreen(<Harness rows={Array.from({ length: 10 }, (_, i) => ({ id: i, name: `H${i}` }))} total={35} onPage={onPage} />);
  fireEvent.click(await screen.findByTitle('2'));
  expect(onPage).toHaveBeenCalledWith(2, 10);
});
