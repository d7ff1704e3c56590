/**
 * Decision letters (issue 24 §4) as the claim page and the console's claim actions use them: the calls, their query
 * keys, and making a letter that is then saved at once under its own name.
 */
import { callApi, saveBlob } from '@claims/shared-kernel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { DecisionLetter } from '../contract';

export const DECISION_LETTER = 'Decision letter';
export const LETTER_FAILED = 'The decision letter could not be made';

const orgQuery = (org?: string): { org?: string } => (org ? { org } : {});

export const decisionLetterKeys = {
  all: ['decisionLetters'] as const,
  claim: (claimId: number, org?: string) => ['decisionLetters', claimId, org ?? null] as const,
};

/** GET /claims/{claimId}/letters?org: the claim's letters, newest first. */
export function fetchDecisionLetters(claimId: number, org?: string): Promise<DecisionLetter[]> {
  return callApi('GET /claims/:claimId/letters', { params: { claimId }, query: orgQuery(org) });
}

/** GET /claims/{claimId}/letters/{letterId}?org, saved under the letter's file name. */
export async function saveDecisionLetter(letter: DecisionLetter, org?: string): Promise<void> {
  const data = await callApi('GET /claims/:claimId/letters/:letterId', {
    params: { claimId: letter.claimId, letterId: letter.id },
    query: orgQuery(org),
    config: { responseType: 'blob' },
  });
  saveBlob(data, letter.fileName);
}

/** POST /claims/{claimId}/letters?org: a new letter of the claim's verdict as it stands. */
export function makeDecisionLetter(claimId: number, org?: string): Promise<DecisionLetter> {
  return callApi('POST /claims/:claimId/letters', { params: { claimId }, query: orgQuery(org) });
}

/** Makes a claim's letter and saves it; the claim's list of letters is read again. A refusal is said with its reason. */
export function useMakeDecisionLetter(org?: string) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (claimId: number) => {
      const letter = await makeDecisionLetter(claimId, org);
      await saveDecisionLetter(letter, org);
      return letter;
    },
    onSuccess: (letter) => void queryClient.invalidateQueries({ queryKey: decisionLetterKeys.claim(letter.claimId, org) }),
    onError: (error: Error) => void message.error(`${LETTER_FAILED}: ${error.message}`),
  });
}
