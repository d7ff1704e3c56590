import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { canCreateClaims, verificationResultText } from '../constants';
import { shorten } from '../format';
import { DATE_RANGE_ERROR, dateRangeError } from '../ui/FilterPanel';
import { Highlight } from '../ui/highlight';

test.each([
  ['ACCEPTED', null, 'Clinical Verification Pass'],
  ['REJECTED', 'Diagnosis not found', 'Clinical Verification Fail'],
  [
    'QUERY',
    'Protocol not configured for Cataract (SETTLEMENT)',
    'Clinical Verification Fail- Protocol not configured for Cataract (SETTLEMENT)',
  ],
  ['QUERY', null, 'Required Document not found'],
  ['SUSPENDED', null, 'Clinical Verification Fail- Case record not found'],
] as const)('verification result %s with reason %s reads "%s"', (result, reason, text) => {
  expect(verificationResultText(result, reason)).toBe(text);
});

test('the date range may span at most 90 days and must not run backwards', () => {
  const start = dayjs('2026-01-01');
  expect(dateRangeError(start, start.add(90, 'day'))).toBeNull();
  expect(dateRangeError(start, start.add(91, 'day'))).toBe(DATE_RANGE_ERROR);
  expect(dateRangeError(start, start.subtract(1, 'day'))).toBe(DATE_RANGE_ERROR);
  expect(dateRangeError(null, start)).toBeNull();
});

test('procedure names shorten to 15 characters once longer than 17', () => {
  expect(shorten('Cataract surgery')).toBe('Cataract surgery');
  expect(shorten('Phacoemulsification with IOL')).toBe('Phacoemulsifica...');
});

test('claims may be created by the provider, three insurers and the demo organisation', () => {
  expect(['vitraya', 'starhealth', 'maxbupa', 'bajaj', 'vitraya-demo', 'ML'].map(canCreateClaims)).toEqual([
    true,
    true,
    true,
    true,
    true,
    false,
  ]);
});

test('search text is marked wherever it occurs, whatever its case', () => {
  render(
    <p data-testid="cell">
      <Highlight text="Cataract, senile cataract" query="CATARACT" />
    </p>,
  );
  const marks = screen.getByTestId('cell').querySelectorAll('mark');
  expect([...marks].map((m) => m.textContent)).toEqual(['Cataract', 'cataract']);
});
