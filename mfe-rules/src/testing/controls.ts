/** antd's pickers and dialogs, driven and found as a user does (tests only). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

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

/** The open dialog with this title (antd's dialogs are labelled by an id the tests' id generator makes ambiguous). */
export const findDialog = (title: string): Promise<HTMLElement> =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!dialog) throw new Error(`No dialog titled '${title}' is open`);
    return dialog;
  });
