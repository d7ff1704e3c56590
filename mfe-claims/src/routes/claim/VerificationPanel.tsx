import { ArrowLeftOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { caseTypeShort, isDemoOrg, isProviderOrg, useSession } from '@claims/shared-kernel';
import type { Claim, VerificationStoppedCode } from '@claims/shared-kernel';
import { Alert, Button, Flex, Tooltip, Typography, theme } from 'antd';
import { AnnotationActions, ConfirmFindingsButton } from '../../components/annotation';
import { claimRuleVersion, procedureOrder } from '../../components/verification/display';
import type { DocumentPlace } from '../../components/verification/evidence';
import { ReasonText } from '../../components/verification/ReasonText';
import { ResultTag } from '../../components/verification/ResultTag';
import type { ViewerPosition } from '../../components/viewer/types';
import { ChangesPanel } from './ChangesPanel';
import { AnswersRequestedNotice } from './AnswersRequestedNotice';
import { DecisionLettersPanel } from './DecisionLettersPanel';
import { DocumentRoundsPanel } from './DocumentRoundsPanel';
import { ProcedurePanel } from './ProcedurePanel';
import { ReviewPanel } from './ReviewPanel';
import { VerificationProgressNotice } from './VerificationProgressNotice';
import { STOP_VERIFICATION, useCancelVerification } from './useCancelVerification';
import { useRerun } from './useRerun';
import { verifiedText } from './verifiedText';
import { verificationRunning } from './progress';

export const NOT_VERIFIED = 'This claim has not been verified yet.';
export const RUNNING_HINT = 'Verification in progress';

const VERIFICATION_STOPPED: VerificationStoppedCode = 'VERIFICATION_STOPPED';
/** A batch action (suspend, archive, discard, drop, a move) stopped the claim's queued verification; its message says which. */
const stoppedByBatch = (claim: Claim) => claim.error_code === VERIFICATION_STOPPED && !!claim.error_message;

/** Who may run verification again (the api's requireRerunRight): the provider's and the demo organisation, and super users. */
function useRerunAllowed(): boolean {
  const { organization, role } = useSession();
  return isProviderOrg(organization) || isDemoOrg(organization) || role === 'super_user';
}

export interface VerificationPanelProps {
  claim: Claim;
  org: string | undefined;
  position: ViewerPosition | null;
  activeKey: string | null;
  onShow: (place: DocumentPlace, key?: string | null) => void;
  onBack: () => void;
  onHelp: () => void;
}

/** The claim page's left panel: the claim, its result, the actions, what changed, then one panel per procedure. */
export function VerificationPanel({ claim, org, position, activeKey, onShow, onBack, onHelp }: VerificationPanelProps) {
  const { token } = theme.useToken();
  const provider = isProviderOrg(useSession((s) => s.organization));
  const rerunAllowed = useRerunAllowed();
  const rerun = useRerun(claim, org);
  const superUser = useSession((s) => s.role) === 'super_user';
  const cancel = useCancelVerification(claim, org);
  const running = verificationRunning(claim);
  const version = claimRuleVersion(claim.adjudicationDetails);
  const verified = verifiedText(claim.lastVerifiedOn, version);
  const codes = procedureOrder(claim);

  return (
    <Flex vertical gap={token.marginSM} style={{ padding: token.padding }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back
        </Button>
        <Tooltip title="Keyboard shortcuts (?)">
          <Button type="text" icon={<QuestionCircleOutlined />} aria-label="Keyboard shortcuts" onClick={onHelp} />
        </Tooltip>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">Case No.</Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {claim.referenceClaimId}
        </Typography.Title>
        <Typography.Text type="secondary">
          {claim.patientName} · {caseTypeShort(claim.caseType)}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={4} aria-label="Claim result" role="group">
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>Result</Typography.Text>
          <ResultTag result={claim.adjudicationResult} />
        </Flex>
        <ReasonText result={claim.adjudicationResult} reason={claim.adjudicationReason} />
        {stoppedByBatch(claim) ? (
          // A batch action took the claim off the queue: said plainly, since Run Verification is the way on.
          <Alert type="info" showIcon title={claim.error_message} />
        ) : (
          claim.error_message && (
            // The reason says it plainly; what the reader or the queue said is kept for whoever looks into it.
            <details data-testid="technical-detail">
              <summary style={{ cursor: 'pointer' }}>
                <Typography.Text type="secondary">Details</Typography.Text>
              </summary>
              <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {claim.error_code ? `${claim.error_code}: ${claim.error_message}` : claim.error_message}
              </Typography.Text>
            </details>
          )
        )}
        {verified && (
          <Typography.Text type="secondary" data-testid="verified">
            {verified}
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={8} wrap align="center">
        {rerunAllowed && (
          <Tooltip title={running ? RUNNING_HINT : undefined}>
            {/* React sends no mouse events to a disabled button: the wrapper lets the hint show. */}
            <span style={{ display: 'inline-flex' }}>
              <Button type="primary" disabled={running} loading={rerun.isPending} onClick={() => rerun.mutate()}>
                Run Verification
              </Button>
            </span>
          </Tooltip>
        )}
        <AnnotationActions claim={claim} position={position} />
        <ConfirmFindingsButton claim={claim} />
      </Flex>
      {claim.answersRequested && <AnswersRequestedNotice claim={claim} org={org} mayAnswer={rerunAllowed} />}
      {running && (
        <VerificationProgressNotice
          progress={claim.progress ?? null}
          action={
            superUser &&
            claim.progress && (
              <Button size="small" danger loading={cancel.stopping} onClick={cancel.confirmStop}>
                {STOP_VERIFICATION}
              </Button>
            )
          }
        />
      )}
      <ReviewPanel claim={claim} />
      <DocumentRoundsPanel claim={claim} org={org} />
      <DecisionLettersPanel claim={claim} org={org} />
      <ChangesPanel claim={claim} provider={provider} />
      {codes.length === 0 && !running && <Typography.Text type="secondary">{NOT_VERIFIED}</Typography.Text>}
      {codes.map((code) => (
        <ProcedurePanel
          key={code}
          claim={claim}
          org={org}
          code={code}
          provider={provider}
          showVersion={version === null}
          activeKey={activeKey}
          onShow={onShow}
        />
      ))}
    </Flex>
  );
}
