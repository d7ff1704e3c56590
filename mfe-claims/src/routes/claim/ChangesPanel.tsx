import { adjudicationResultLabel, formatInZone } from '@claims/shared-kernel';
import type { AdjudicationResult, Claim } from '@claims/shared-kernel';
import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { hasChanges, verificationChanges } from '../../components/verification/changes';
import { GROUP_TEXTS, procedureLabel, procedureNameOf } from '../../components/verification/display';
import { VERIFIED_FORMAT } from './verifiedText';

export const CHANGES_TITLE = 'What changed';
export const NOTHING_CHANGED = 'Nothing changed since the previous verification.';

const resultWord = (result: AdjudicationResult | null): string => (result ? adjudicationResultLabel(result) : 'Not verified');

/** After a re-run: the results that flipped and the items found or lost, compared with the previous verification. */
export function ChangesPanel({ claim, provider }: { claim: Claim; provider: boolean }) {
  const changes = useMemo(() => verificationChanges(claim), [claim]);
  if (!changes) return null;
  const label = (code: string) => procedureLabel(code, procedureNameOf(claim, code), claim.caseType, provider);
  const since = changes.previousVerifiedOn ? ` (previous verification ${formatInZone(changes.previousVerifiedOn, VERIFIED_FORMAT)})` : '';
  return (
    <section aria-label={CHANGES_TITLE}>
      <Card size="small" title={`${CHANGES_TITLE}${since}`}>
        {hasChanges(changes) ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.claim && <li>{`Claim result: ${resultWord(changes.claim.before)} → ${resultWord(changes.claim.after)}`}</li>}
            {changes.procedures.map(({ code, before, after }) => (
              <li key={`result ${code}`}>{`${label(code)}: ${resultWord(before)} → ${resultWord(after)}`}</li>
            ))}
            {changes.groups.map(({ code, group, found, lost }) => (
              <li key={`${code} ${group}`}>
                {`${label(code)}, ${GROUP_TEXTS[group].label}: `}
                {found.length > 0 && <Typography.Text type="success">{`found ${found.join(', ')}`}</Typography.Text>}
                {found.length > 0 && lost.length > 0 && '; '}
                {lost.length > 0 && <Typography.Text type="danger">{`lost ${lost.join(', ')}`}</Typography.Text>}
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{NOTHING_CHANGED}</Typography.Text>
        )}
      </Card>
    </section>
  );
}
