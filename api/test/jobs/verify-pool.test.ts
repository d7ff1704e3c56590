/** The adjudicator in its thread pool: the same verdict as in the api's thread, and a verification past its allowance stopped. */
import { describe, expect, jest, test } from '@jest/globals';
import { createVerifierPool, VerificationTimedOut } from '../../src/jobs/verify-pool';
import { verifyClaim, type VerificationInput } from '../../src/verification';
import { docFromText, emptyMasters, keyword, ruleOf } from '../../testing/verification/fixtures';

jest.setTimeout(60_000);

const input: VerificationInput = {
  claim: { id: 7, caseType: 'SETTLEMENT', procedureCodes: ['P1'], hospitalCode: null, organization: 'vitraya' },
  documents: [docFromText('summary.pdf', ['DISCHARGE SUMMARY\nDiagnosis: Senile cataract\nProcedure: Phacoemulsification'])],
  masters: emptyMasters({
    procedures: [{ ...keyword('Cataract Surgery', ['Phacoemulsification']), procedure_code: 'P1' }],
    diagnoses: [keyword('Senile cataract')],
    documents: [keyword('Discharge Summary')],
  }),
  rules: {
    P1: ruleOf({
      diagnosisRule: {
        booleanOperator: 'AND',
        statements: [
          { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 1, valuesToFind: ['Senile cataract'] },
        ],
      },
    }),
  },
};

describe('the verifier pool', () => {
  test("judges a claim in a thread exactly as the api's thread would", async () => {
    const pool = createVerifierPool({ threads: 1, memoryMb: 256, timeoutSeconds: 30 });
    try {
      const inThread = await pool.verify(input);
      expect(inThread).toEqual(verifyClaim(input));
      expect(inThread.adjudicationResult).toBe('ACCEPTED');
    } finally {
      await pool.close();
    }
  });

  test('stops every verification past its allowance, saying so', async () => {
    const pool = createVerifierPool({ threads: 1, memoryMb: 256, timeoutSeconds: 0.001 });
    try {
      await expect(pool.verify(input)).rejects.toBeInstanceOf(VerificationTimedOut);
      await expect(pool.verify(input)).rejects.toThrow('The verification took longer than 0.001 s and was stopped');
    } finally {
      await pool.close();
    }
  });

  test('a verification the job no longer wants is aborted', async () => {
    const pool = createVerifierPool({ threads: 1, memoryMb: 256, timeoutSeconds: 30 });
    try {
      const controller = new AbortController();
      const verdict = pool.verify(input, controller.signal);
      controller.abort(new Error('the worker is stopping'));
      await expect(verdict).rejects.toThrow();
      expect((await pool.verify(input)).adjudicationResult).toBe('ACCEPTED');
    } finally {
      await pool.close();
    }
  });
});
