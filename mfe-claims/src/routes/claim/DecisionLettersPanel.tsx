import { FilePdfOutlined } from '@ant-design/icons';
import { formatInZone } from '@claims/shared-kernel';
import type { Claim, DecisionLetter } from '@claims/shared-kernel';
import {
  DECISION_LETTER,
  decisionLetterKeys,
  fetchDecisionLetters,
  LoadState,
  saveDecisionLetter,
  useMakeDecisionLetter,
} from '@claims/shared-kernel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { VERIFIED_FORMAT } from './verifiedText';

export const EARLIER_LETTERS = 'Earlier letters';
export const NO_LETTERS = 'No letter has been made for this claim yet.';
export const DOWNLOAD_FAILED = 'The letter could not be downloaded';

/** 'Made by {user} on {time}', the time in the display zone. */
export const letterLine = (letter: DecisionLetter): string =>
  `Made by ${letter.createdBy} on ${formatInZone(letter.createdOn, VERIFIED_FORMAT)} (${letter.adjudicationResult ?? 'not verified'})`;

/**
 * 'Decision letter' on the claim page (issue 24 §4): makes a letter of the verdict as it stands and saves it, and
 * lists the letters made before (who, when), each downloadable again as it was made. Offered once the claim has a
 * verdict; the list is read when asked for (or once a letter is made), so opening a claim costs no call.
 */
export function DecisionLettersPanel({ claim, org }: { claim: Claim; org: string | undefined }) {
  const { message } = App.useApp();
  const make = useMakeDecisionLetter(org);
  const [listed, setListed] = useState(false);
  const letters = useQuery({
    queryKey: decisionLetterKeys.claim(claim.id, org),
    queryFn: () => fetchDecisionLetters(claim.id, org),
    enabled: listed,
  });
  const download = useMutation({
    mutationFn: (letter: DecisionLetter) => saveDecisionLetter(letter, org),
    onError: (error: Error) => void message.error(`${DOWNLOAD_FAILED}: ${error.message}`),
  });
  if (claim.adjudicationResult === null) return null;

  return (
    <Flex vertical gap={8} role="region" aria-label={DECISION_LETTER}>
      <Flex gap={8} wrap align="center">
        <Button
          icon={<FilePdfOutlined />}
          loading={make.isPending}
          onClick={() => make.mutate(claim.id, { onSuccess: () => setListed(true) })}
        >
          {DECISION_LETTER}
        </Button>
        {!listed && (
          <Button type="link" onClick={() => setListed(true)}>
            {EARLIER_LETTERS}
          </Button>
        )}
      </Flex>
      {listed && (
        <LoadState query={letters} isEmpty={() => false}>
          {(list) =>
            list.length === 0 ? (
              <Typography.Text type="secondary">{NO_LETTERS}</Typography.Text>
            ) : (
              <Flex vertical gap={4} role="list" aria-label={EARLIER_LETTERS}>
                <Typography.Text type="secondary">{EARLIER_LETTERS}</Typography.Text>
                {list.map((letter) => (
                  <Flex key={letter.id} gap={8} align="center" role="listitem">
                    <Typography.Text>{letterLine(letter)}</Typography.Text>
                    <Button
                      type="link"
                      size="small"
                      aria-label={`Download ${letter.fileName}`}
                      loading={download.isPending && download.variables?.id === letter.id}
                      onClick={() => download.mutate(letter)}
                    >
                      Download
                    </Button>
                  </Flex>
                ))}
              </Flex>
            )
          }
        </LoadState>
      )}
    </Flex>
  );
}
