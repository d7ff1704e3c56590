import { insurerLabel, useSession, type Claim, type EvidenceLocation } from '@claims/shared-kernel';
import { RuleTree } from '@claims/shared-kernel/ui';
import { Card, Collapse, Flex, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { procedureLabel, procedureNameOf, reasonText, RULE_TREES } from '../../components/verification/display';
import { placeOfEvidence, type DocumentPlace } from '../../components/verification/evidence';
import { ReasonText } from '../../components/verification/ReasonText';
import { ResultTag } from '../../components/verification/ResultTag';
import { WhyNotAccepted } from '../../components/verification/WhyNotAccepted';
import { whyNotAccepted } from '../../components/verification/whyNotAccepted';
import { DecisionPanel } from './DecisionPanel';
import { EntityGroups } from './EntityGroups';

export const RULES_TITLE = 'Rules behind the result';
export const EDIT_RULE = 'Edit Rule';

/** Whose rule judged the procedure, for the provider's staff: an insurer's own, or the provider's in its place. */
export function ruleOwnerText(ruleOrganization: string | null | undefined, claimOrganization: string): string | null {
  if (!ruleOrganization) return null;
  const owner = insurerLabel(ruleOrganization);
  return ruleOrganization === claimOrganization
    ? `Judged by the rule of ${owner}`
    : `Judged by the rule of ${owner} (${insurerLabel(claimOrganization)} has none of its own)`;
}

export interface ProcedurePanelProps {
  claim: Claim;
  /** The organisation the page was opened with (?org), which the claim's calls name. */
  org: string | undefined;
  code: string;
  provider: boolean;
  /** The procedures were verified against different rule versions: each panel says its own. */
  showVersion: boolean;
  activeKey: string | null;
  onShow: (place: DocumentPlace, key?: string | null) => void;
}

/** One procedure code's verification: its result, why it was not accepted, the entities found and the rules. */
export function ProcedurePanel({ claim, org, code, provider, showVersion, activeKey, onShow }: ProcedurePanelProps) {
  const verification = claim.adjudicationDetails![code];
  const name = procedureNameOf(claim, code);
  const remedies = useMemo(
    () => whyNotAccepted(verification, { severalDocuments: claim.documents.length > 1 }),
    [verification, claim.documents],
  );
  const showEvidence = (evidence: EvidenceLocation) => onShow(placeOfEvidence(evidence));
  const { adjudicationResult: result, adjudicationReason: reason, ruleVersion, ruleId, ruleOrganization } = verification;
  const superUser = useSession((s) => s.role) === 'super_user';
  const owner = provider ? ruleOwnerText(ruleOrganization, claim.organization) : null;
  // The rule editor returns to this claim (with its organisation) after a save.
  const editRuleUrl =
    provider && superUser && ruleId != null
      ? `/rules/edit/${ruleId}?${new URLSearchParams({ org: ruleOrganization ?? claim.organization, claimId: String(claim.id), claimOrg: claim.organization })}`
      : null;
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
          <DecisionPanel claim={claim} org={org} code={code} />
          {ownReason && <ReasonText result={result} reason={reason} />}
          {showVersion && ruleVersion != null && (
            <Typography.Text type="secondary">{`verified against rule version ${ruleVersion}`}</Typography.Text>
          )}
          {(owner || editRuleUrl) && (
            <Flex gap={8} align="center" wrap>
              {owner && <Typography.Text type="secondary">{owner}</Typography.Text>}
              {editRuleUrl && <Link to={editRuleUrl}>{EDIT_RULE}</Link>}
            </Flex>
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
