import type { DecisionLetter } from '@claims/shared-kernel';
import { failure } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { menuItem, openConsole, openMenu, selectRow, setUpConsoleTests } from '../../testing/console';
import { claimRow } from '../../testing/fixtures';

setUpConsoleTests();

const letter: DecisionLetter = {
  id: 5,
  claimId: 101,
  fileName: 'decision-letter-INT-0001.pdf',
  size: 900,
  adjudicationResult: 'ACCEPTED',
  createdBy: 'vitraya.admin',
  createdOn: '2026-03-01T10:00:00.000Z',
};

let savedAs: string[];
beforeEach(() => {
  savedAs = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
  URL.createObjectURL = jest.fn(() => 'blob:letter');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

const second = claimRow({ id: 102, intimation_number: 'INT-0002' });

describe("Decision Letter in the console's claim actions", () => {
  it("makes the selected claim's letter and saves it", async () => {
    const api = await openConsole(
      {
        'GET /claims': () => [claimRow(), second],
        'POST /claims/:claimId/letters': letter,
        'GET /claims/:claimId/letters/:letterId': () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      },
      'INT-0001',
    );
    selectRow('INT-0001');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Decision letter'));
    await waitFor(() => expect(savedAs).toEqual(['decision-letter-INT-0001.pdf']));
    expect(api.callsTo('POST /claims/:claimId/letters').map((call) => call.url)).toEqual(['/claims/101/letters?org=vitraya']);
  });

  it('asks for one claim, and says why the server refused one', async () => {
    const api = await openConsole(
      {
        'GET /claims': () => [claimRow(), second],
        'POST /claims/:claimId/letters': failure(409, 'Claim 101 has no verdict yet: a letter is made once it is verified'),
      },
      'INT-0001',
    );
    selectRow('INT-0001');
    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Decision letter'));
    expect(await screen.findByText('Select one claim for its decision letter')).toBeInTheDocument();
    expect(api.callsTo('POST /claims/:claimId/letters')).toEqual([]);

    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Decision letter'));
    expect(
      await screen.findByText('The decision letter could not be made: Claim 101 has no verdict yet: a letter is made once it is verified'),
    ).toBeInTheDocument();
    expect(savedAs).toEqual([]);
  });
});
