/** Test helpers for the builder and the editor: antd pickers driven as a user does, and the masters they offer. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BuilderMasters } from './useBuilderMasters';

/** The open list of the picker labelled `label`. */
async function listOf(label: string): Promise<HTMLElement> {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown) throw new Error(`The list of ${label} did not open`);
    return dropdown;
  });
}

/** Chooses `options` (their labels) in the picker labelled `label`. */
export async function pick(label: string, ...options: string[]): Promise<void> {
  const dropdown = await listOf(label);
  for (const option of options) fireEvent.click(await within(dropdown).findByTitle(option));
}

/** The labels the picker labelled `label` offers. */
export async function offered(label: string): Promise<string[]> {
  const dropdown = await listOf(label);
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title') ?? '');
}

export const MASTERS: BuilderMasters = {
  entities: {
    procedures: [{ id: 3, name: 'Cataract Surgery' }],
    diagnoses: [
      { id: 11, name: 'Cataract' },
      { id: 12, name: 'Glaucoma' },
      { id: 13, name: 'Senile Cataract' },
    ],
    evidence: [{ id: 21, name: 'A-scan biometry' }],
    drugs: [{ id: 31, name: 'Moxifloxacin' }],
    tissues: [{ id: 41, name: 'Lens' }],
    document: [
      { id: 51, name: 'Discharge Summary' },
      { id: 52, name: 'Final Bill' },
    ],
    clinicalattribute: [{ id: 61, name: 'Axial Length' }],
  },
  clinicalAttributes: [
    { id: 61, name: 'Axial Length' },
    { id: 62, name: 'Haemoglobin' },
  ],
};
