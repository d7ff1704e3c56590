/** Helpers of the annotation and findings tests: a claim page stand-in around the pieces, and antd pickers. */
import type { Claim } from '@claims/shared-kernel';
import { renderScreen } from '@claims/shared-kernel/testing';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { claimQuery } from '../../api/claims';
import type { ViewerPosition } from '../viewer/types';

export const onPage = (documentNumber: number, pageNumber: number): ViewerPosition => ({
  documentId: documentNumber + 6,
  documentNumber,
  documentName: documentNumber === 1 ? 'discharge.pdf' : 'bill.pdf',
  pageNumber,
  pageCount: documentNumber === 1 ? 6 : 1,
});

/**
 * The claim page as far as the annotation pieces see it: the claim from GET /claims/{id} (so a write that
 * invalidates it shows as a new GET), and a viewer whose page the test moves with the 'Go to' buttons.
 */
function ClaimPageStandIn({
  render,
  start,
}: {
  render: (claim: Claim, position: ViewerPosition | null) => ReactNode;
  start: ViewerPosition | null;
}) {
  const { data: claim } = useQuery(claimQuery(42, 'vitraya'));
  const [position, setPosition] = useState(start);
  if (!claim) return null;
  return (
    <>
      <button type="button" onClick={() => setPosition(onPage(2, 1))}>
        Go to PDF 2 page 1
      </button>
      <button type="button" onClick={() => setPosition(onPage(1, 5))}>
        Go to PDF 1 page 5
      </button>
      {render(claim, position)}
    </>
  );
}

export function renderOnClaimPage(
  render: (claim: Claim, position: ViewerPosition | null) => ReactNode,
  { query = 'org=vitraya&showAnnotation=true', start = onPage(1, 2) }: { query?: string; start?: ViewerPosition | null } = {},
) {
  return renderScreen(
    <Routes>
      <Route path="claims/:claimId" element={<ClaimPageStandIn render={render} start={start} />} />
    </Routes>,
    `/claims/42?${query}`,
  );
}

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
