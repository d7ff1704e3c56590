import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderScreen } from '../testing/render';
import { LimitedSelect, PICKER_LIMITS } from '../ui/LimitedSelect';

const diagnoses = (count: number, name = (i: number) => `Diagnosis ${String(i).padStart(2, '0')}`) =>
  Array.from({ length: count }, (_, i) => ({ value: `d${i + 1}`, label: name(i + 1) }));

function Harness({ options, initial = [], max }: { options: { value: string; label: string }[]; initial?: string[]; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LimitedSelect aria-label="Diagnoses" options={options} value={value} onChange={setValue} max={max} />
      <output data-testid="chosen">{value.join(',')}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Diagnoses', { selector: 'input' });
const chosen = () => screen.getByTestId('chosen').textContent?.split(',').filter(Boolean) ?? [];
const tags = () => Array.from(document.querySelectorAll('.ant-select-selection-item')).map((tag) => tag.textContent);
const typeSearch = (text: string) => fireEvent.change(input(), { target: { value: text } });
const open = () => fireEvent.mouseDown(input());
const selectAll = () => screen.queryByRole('button', { name: 'Select All' });

async function pick(label: string) {
  const option = await waitFor(() => {
    const shown = Array.from(document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${label}"]`)).at(-1);
    if (!shown) throw new Error(`${label} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

it('offers Select All only once 4 characters are typed, and chooses what matches', async () => {
  const options = [...diagnoses(3, (i) => `Cataract type ${i}`), { value: 'g', label: 'Glaucoma' }];
  renderScreen(<Harness options={options} />);
  open();
  typeSearch('cat');
  await screen.findByTitle('Cataract type 1');
  expect(selectAll()).not.toBeInTheDocument();
  typeSearch('cata');
  fireEvent.click(await screen.findByRole('button', { name: 'Select All' }));
  expect(chosen()).toEqual(['d1', 'd2', 'd3']);
  expect(tags()).toEqual(['Cataract type 1', 'Cataract type 2', 'Cataract type 3']);
  expect(input()).toHaveValue('');
});

it('keeps Select All within the 10 selections and says so', async () => {
  renderScreen(<Harness options={diagnoses(14)} initial={['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7']} />);
  open();
  typeSearch('diagnosis');
  expect(await screen.findByText('Only 3 more can be chosen (at most 10)')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
  expect(chosen()).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10']);
  expect(await screen.findByText('At most 10 can be chosen')).toBeInTheDocument();
  expect(selectAll()).not.toBeInTheDocument();
});

it('takes at most 10 selections: the others are disabled and the list says why', async () => {
  renderScreen(<Harness options={diagnoses(12)} initial={diagnoses(9).map((d) => d.value)} />);
  open();
  typeSearch('11');
  await pick('Diagnosis 11');
  expect(chosen()).toHaveLength(10);
  expect(await screen.findByText('At most 10 can be chosen')).toBeInTheDocument();
  const tenth = await waitFor(() => {
    const option = document.querySelector('.ant-select-item-option[title="Diagnosis 10"]');
    if (!option) throw new Error('Diagnosis 10 is not listed');
    return option;
  });
  expect(tenth).toHaveClass('ant-select-item-option-disabled');
  await act(async () => {
    fireEvent.click(tenth);
  });
  expect(chosen()).toHaveLength(10);
  expect(chosen()).not.toContain('d10');
});

it(`lists the first ${PICKER_LIMITS.options} matches and narrows them as the user types`, async () => {
  renderScreen(<Harness options={diagnoses(60)} />);
  open();
  expect(await screen.findByText('Showing 50 of 60: type to narrow the list')).toBeInTheDocument();
  typeSearch('Diagnosis 5');
  await waitFor(() => expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument());
  await pick('Diagnosis 55');
  expect(chosen()).toEqual(['d55']);
});

it(`shows at most ${PICKER_LIMITS.tags} tags and keeps chosen labels while the search hides their options`, async () => {
  const options = diagnoses(25);
  renderScreen(<Harness options={options} max={25} initial={options.slice(0, 22).map((d) => d.value)} />);
  expect(tags()).toHaveLength(PICKER_LIMITS.tags + 1);
  expect(tags().at(-1)).toMatch(/\+ ?2/);
  open();
  typeSearch('Diagnosis 24');
  await screen.findByTitle('Diagnosis 24');
  expect(tags()[0]).toBe('Diagnosis 01');
});
