import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AliasListEditor, UNDO_LIMIT } from './AliasListEditor';

/** The editor as a form holds it: the list in state, Reset going back to what was loaded. */
function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AliasListEditor label="Attribute Alias" value={value} onChange={setValue} initial={initial} />
      <output data-testid="sent">{JSON.stringify(value)}</output>
    </>
  );
}

const group = () => screen.getByRole('group', { name: 'Attribute Alias' });
const button = (name: string | RegExp) => within(group()).getByRole('button', { name });
const aliases = () => screen.getAllByLabelText(/^Alias \d+$/).map((input) => (input as HTMLInputElement).value);
/** What the form holds (and would save). */
const held = () => JSON.parse(screen.getByTestId('sent').textContent ?? 'null') as string[];
const type = (row: number, text: string) => fireEvent.change(screen.getByLabelText(`Alias ${row}`), { target: { value: text } });
const leave = (row: number) => fireEvent.blur(screen.getByLabelText(`Alias ${row}`));
const undo = () => fireEvent.click(button(/Undo/));
const redo = () => fireEvent.click(button(/Redo/));
const enter = (element: HTMLElement) => fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('a new list', () => {
  it('starts with one empty row, marked as required, with nothing to add, undo or redo', () => {
    render(<Harness initial={[]} />);
    expect(aliases()).toEqual(['']);
    expect(screen.getByLabelText('Alias 1').closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error')).not.toBeNull();
    expect(button('Add alias after 1')).toBeDisabled();
    expect(button(/Undo/)).toBeDisabled();
    expect(button(/Redo/)).toBeDisabled();
    expect(button('Move alias 1 to first')).toBeDisabled();
    expect(button('Move alias 1 to last')).toBeDisabled();
  });

  it('offers a new row only once the rows have text, and Enter adds it after the row and focuses it', async () => {
    render(<Harness initial={[]} />);
    type(1, 'pyrexia');
    expect(button('Add alias after 1')).toBeEnabled();
    enter(screen.getByLabelText('Alias 1'));
    expect(aliases()).toEqual(['pyrexia', '']);
    expect(button('Add alias after 1')).toBeDisabled();
    expect(button('Add alias after 2')).toBeDisabled();
    enter(screen.getByLabelText('Alias 2'));
    expect(aliases()).toEqual(['pyrexia', '']);
    await waitFor(() => expect(screen.getByLabelText('Alias 2')).toHaveFocus(), { timeout: 2000 });
    type(2, '   ');
    expect(button('Add alias after 1')).toBeDisabled();
    type(2, 'febrile');
    fireEvent.click(button('Add alias after 1'));
    expect(aliases()).toEqual(['pyrexia', '', 'febrile']);
  });
});

describe('moving rows', () => {
  it('moves a row first, last and to a typed position, keeping each input with its row', () => {
    render(<Harness initial={['a', 'b', 'c', 'd']} />);
    const cInput = screen.getByDisplayValue('c');
    fireEvent.click(button('Move alias 3 to first'));
    expect(aliases()).toEqual(['c', 'a', 'b', 'd']);
    expect(screen.getByDisplayValue('c')).toBe(cInput);
    fireEvent.click(button('Move alias 1 to last'));
    expect(aliases()).toEqual(['a', 'b', 'd', 'c']);
    expect(button('Move alias 1 to first')).toBeDisabled();
    expect(button('Move alias 4 to last')).toBeDisabled();

    const position = screen.getByLabelText('Position of alias 4');
    fireEvent.change(position, { target: { value: '2' } });
    enter(position);
    expect(aliases()).toEqual(['a', 'c', 'b', 'd']);
    expect(held()).toEqual(['a', 'c', 'b', 'd']);
    expect(screen.getByLabelText('Position of alias 2')).toHaveValue('2');
  });

  it('takes only digits as a position; leaving the box moves, past the end means last, 0 or empty puts it back', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    const first = screen.getByLabelText('Position of alias 1');
    fireEvent.change(first, { target: { value: '2x' } });
    expect(first).toHaveValue('1');
    fireEvent.change(first, { target: { value: '-1' } });
    expect(first).toHaveValue('1');
    fireEvent.change(first, { target: { value: '0' } });
    fireEvent.blur(first);
    expect(first).toHaveValue('1');
    expect(aliases()).toEqual(['a', 'b', 'c']);
    fireEvent.change(first, { target: { value: '' } });
    enter(first);
    expect(first).toHaveValue('1');
    expect(button(/Undo/)).toBeDisabled();

    fireEvent.change(first, { target: { value: '99' } });
    fireEvent.blur(first);
    expect(aliases()).toEqual(['b', 'c', 'a']);
  });
});

describe('deleting rows', () => {
  it('removes the row; the last one left becomes an empty row', () => {
    render(<Harness initial={['a', 'b']} />);
    fireEvent.click(button('Delete alias 1'));
    expect(aliases()).toEqual(['b']);
    fireEvent.click(button('Delete alias 1'));
    expect(aliases()).toEqual(['']);
    expect(held()).toEqual(['']);
  });
});

describe('undo, redo and reset', () => {
  it('undoes typing in one row as one step, and each add, move and delete as one step', () => {
    render(<Harness initial={['pyrexia']} />);
    type(1, 'p');
    type(1, 'py');
    type(1, 'pyr');
    leave(1);
    fireEvent.click(button('Add alias after 1'));
    type(2, 'febrile');
    fireEvent.click(button('Move alias 2 to first'));
    fireEvent.click(button('Delete alias 2'));
    expect(aliases()).toEqual(['febrile']);

    undo();
    expect(aliases()).toEqual(['febrile', 'pyr']);
    undo();
    expect(aliases()).toEqual(['pyr', 'febrile']);
    undo();
    expect(aliases()).toEqual(['pyr', '']);
    undo();
    expect(aliases()).toEqual(['pyr']);
    undo();
    expect(aliases()).toEqual(['pyrexia']);
    expect(held()).toEqual(['pyrexia']);
    expect(button(/Undo/)).toBeDisabled();

    redo();
    expect(aliases()).toEqual(['pyr']);
    redo();
    redo();
    expect(aliases()).toEqual(['pyr', 'febrile']);
    redo();
    redo();
    expect(aliases()).toEqual(['febrile']);
    expect(button(/Redo/)).toBeDisabled();
  });

  it('starts a new step when typing moves to another row or comes back after leaving', () => {
    render(<Harness initial={['a', 'b']} />);
    type(1, 'a1');
    type(2, 'b1');
    type(1, 'a12');
    undo();
    expect(aliases()).toEqual(['a1', 'b1']);
    undo();
    expect(aliases()).toEqual(['a1', 'b']);
    undo();
    expect(aliases()).toEqual(['a', 'b']);
  });

  it('forgets what could be redone once something new is done', () => {
    render(<Harness initial={['a']} />);
    type(1, 'b');
    leave(1);
    type(1, 'c');
    undo();
    expect(aliases()).toEqual(['b']);
    expect(button(/Redo/)).toBeEnabled();
    type(1, 'x');
    expect(button(/Redo/)).toBeDisabled();
    undo();
    expect(aliases()).toEqual(['b']);
    undo();
    expect(aliases()).toEqual(['a']);
  });

  it(`keeps the last ${UNDO_LIMIT} steps, dropping the oldest, and redoes all ${UNDO_LIMIT}`, () => {
    render(<Harness initial={['start']} />);
    for (let step = 1; step <= UNDO_LIMIT + 2; step += 1) {
      type(1, `alias ${step}`);
      leave(1);
    }
    for (let step = 0; step < UNDO_LIMIT; step += 1) undo();
    expect(aliases()).toEqual(['alias 2']);
    expect(button(/Undo/)).toBeDisabled();
    for (let step = 0; step < UNDO_LIMIT; step += 1) redo();
    expect(aliases()).toEqual([`alias ${UNDO_LIMIT + 2}`]);
    expect(button(/Redo/)).toBeDisabled();
    undo();
    expect(aliases()).toEqual([`alias ${UNDO_LIMIT + 1}`]);
  });

  it('goes back to the list as loaded on Reset, which can itself be undone', () => {
    render(<Harness initial={['pyrexia', 'febrile']} />);
    fireEvent.click(button('Delete alias 1'));
    type(1, 'fever');
    fireEvent.click(button('Add alias after 1'));
    fireEvent.click(button('Reset'));
    expect(aliases()).toEqual(['pyrexia', 'febrile']);
    expect(held()).toEqual(['pyrexia', 'febrile']);
    undo();
    expect(aliases()).toEqual(['fever', '']);
    redo();
    expect(aliases()).toEqual(['pyrexia', 'febrile']);
  });

  it('resets an empty list to one empty row', () => {
    render(<Harness initial={[]} />);
    type(1, 'x');
    fireEvent.click(button('Reset'));
    expect(aliases()).toEqual(['']);
  });
});
