/** antd controls as the tests use them: buttons by their text, Selects and inputs by their input's id. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

export const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
export const findButton = async (name: string) => (await screen.findByText(name, { selector: 'button span' })).closest('button')!;

/** The dropdown of an antd Select (by its input's id), opened. */
async function dropdownOf(inputId: string): Promise<{ input: HTMLElement; dropdown: HTMLElement }> {
  const input = document.getElementById(inputId);
  if (!input) throw new Error(`no select #${inputId}`);
  fireEvent.mouseDown(input);
  const dropdown = await waitFor(() => {
    const shown = document.getElementById(`${inputId}_list`)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!shown) throw new Error(`the dropdown of #${inputId} is not open`);
    return shown;
  });
  return { input, dropdown };
}

/** Opens an antd Select (by its input's id) and picks the option with this title. */
export async function choose(inputId: string, optionText: string) {
  const { dropdown } = await dropdownOf(inputId);
  const option = await waitFor(() => {
    const shown = dropdown.querySelector<HTMLElement>(`.ant-select-item-option[title="${optionText}"]`);
    if (!shown) throw new Error(`option ${optionText} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

/** The options an antd Select (by its input's id) offers, by title. */
export async function optionsOf(inputId: string): Promise<string[]> {
  const { input, dropdown } = await dropdownOf(inputId);
  const titles = [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');
  fireEvent.mouseDown(input);
  return titles;
}

export const typeInto = (inputId: string, value: string) => {
  const input = document.getElementById(inputId) as HTMLInputElement | null;
  if (!input) throw new Error(`no input #${inputId}`);
  fireEvent.change(input, { target: { value } });
};

export const fieldValue = (inputId: string) => (document.getElementById(inputId) as HTMLInputElement).value;
