import type { Claim, EvidenceLocation } from '@claims/shared-kernel';
import { RuleTree } from '@claims/shared-kernel/ui';
import { Card, Collapse, Flex, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { procedureLabel, procedureNameOf, reasonText, RULE_TREES } from '../../components/verification/display';
import { placeOfEvidence, type DocumentPlace } from '../../components/verification/evidence';
import { ReasonText } from '../../components/verification/ReasonText';
import { ResultTag } from '../../components/verification/ResultTag';
import { WhyNotAccepted } from '../../components/verification/WhyNotAccepted';
import { whyNotAccepted } from '../../components/verification/whyNotAccepted';
import { EntityGroups } from './EntityGroups';

export const RULES_TITLE = 'Rules behind the result';

export interface ProcedurePanelProps {
  claim: Claim;
  code: string;
  provider: boolean;
  /** The procedures were verified against different rule versions: each panel says its own. */
  showVersion: boolean;
  activeKey: string | null;
  onShow: (place: DocumentPlace, key?: string | null) => void;
}

/** One procedure code's verification: its result, why it was not accepted, the entities found and the rules. */
export function ProcedurePanel({ claim, code, provider, showVersion, activeKey, onShow }: ProcedurePanelProps) {
  const verification = claim.adjudicationDetails![code];
  const name = procedureNameOf(claim, code);
  const remedies = useMemo(
    () => whyNotAccepted(verification, { severalDocuments: claim.documents.length > 1 }),
    [verification, claim.documents],
  );
  const showEvidence = (evidence: EvidenceLocation) => onShow(placeOfEvidence(evidence));
  const { adjudicationResult: result, adjudicationReason: reason, ruleVersion } = verification;
  // The claim's reason is said above; a procedure's own is repeated only when it differs.
  const ownReason = reasonText(result, reason) !== reasonText(claim.adjudicationResult, claim.adjudicationReason);

  return (
    <section aria-label={`Procedure ${code}`}>
      <Card
        size="small"
        title={
          <Tooltip title={name}>
            <span>{procedureLabel(code, name, claim.caseType, provider)}</span>
          </Tooltip>
        }
        extra={<ResultTag result={result} />}
      >
        <Flex vertical gap={10}>
          {ownReason && <ReasonText result={result} reason={reason} />}
          {showVersion && ruleVersion != null && (
            <Typography.Text type="secondary">{`verified against rule version ${ruleVersion}`}</Typography.Text>
          )}
          <WhyNotAccepted remedies={remedies} onEvidence={showEvidence} />
          <EntityGroups claim={claim} code={code} verification={verification} activeKey={activeKey} onShow={onShow} />
          <Collapse
            size="small"
            items={[
              {
                key: 'rules',
                label: RULES_TITLE,
                children: (
                  <Flex vertical gap={12}>
                    {RULE_TREES.map(({ name: tree, title }) => (
                      <div key={tree}>
                        <Typography.Text strong>{title}</Typography.Text>
                        <RuleTree rule={verification[tree]} onEvidence={showEvidence} />
                      </div>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </section>
  );
}
