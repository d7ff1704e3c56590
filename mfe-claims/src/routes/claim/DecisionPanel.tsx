import {
  CLAIM_DECISION_LABELS,
  DECISION_LABELS,
  DECISION_NOTE_MAX,
  DECISIONS,
  type Claim,
  type Decision,
  type DecisionRecord,
  formatInZone,
  isDemoOrg,
  isProviderOrg,
  useSession,
} from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { claimKeys } from '../../api/claims';
import { claimDecisionsQuery, decisionKeys, decisionReasonsQuery, recordDecisions } from '../../api/decisions';
import { ResultTag } from '../../components/verification/ResultTag';

export const CHANGE_DECISION = 'Change decision';
export const REASON_REQUIRED = 'A denial needs a reason';
const DECIDED_FORMAT = 'DD-MM-YYYY HH:mm';

/**
 * Who may record a decision, as the api decides (requireDecisionRight): the provider's and the demo organisation's
 * users on any claim they see, an insurer's users on ADJUDICATED claims.
 */
export function useMayDecide(claim: Claim): boolean {
  const organization = useSession((s) => s.organization);
  return isProviderOrg(organization) || isDemoOrg(organization) || claim.status === 'ADJUDICATED';
}

/** 'Denied · Procedure not covered (NOT-COVERED)': a record's decision and its reason as it read. */
function decisionText(record: DecisionRecord): string {
  const decided = CLAIM_DECISION_LABELS[record.decision];
  return record.reasonCode ? `${decided} · ${record.reasonDescription} (${record.reasonCode})` : decided;
}

const byWhom = (record: DecisionRecord) => `by ${record.decidedBy} at ${formatInZone(record.decidedAt, DECIDED_FORMAT)}`;

/** The form of a new decision: the decision, a reason of the active ones that apply to it, a note, Save. */
function DecisionForm({
  claimId,
  org,
  code,
  onDone,
  onCancel,
}: {
  claimId: number;
  org: string | undefined;
  code: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const reasons = useQuery(decisionReasonsQuery());
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reasonCode, setReasonCode] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: (chosen: Decision) =>
      recordDecisions(claimId, { decisions: [{ procedureCode: code, decision: chosen, reasonCode, note: note.trim() || undefined }] }, org),
    onSuccess: (answer) => {
      queryClient.setQueriesData({ queryKey: decisionKeys.of(claimId) }, answer);
      // The claims list's Decision column and the claim's review state change with it.
      void queryClient.invalidateQueries({ queryKey: claimKeys.all, predicate: (query) => query.queryKey[1] !== 'decisions' });
      onDone();
    },
  });
  const offered = (reasons.data ?? []).filter((reason) => reason.active && decision !== null && reason.decisions.includes(decision));
  const reasonMissing = decision === 'DENY' && !reasonCode;
  const choose = (next: Decision) => {
    setDecision(next);
    setReasonCode(undefined);
  };

  return (
    <Flex vertical gap={token.marginXS} role="group" aria-label={`Decide ${code}`}>
      <Flex gap={token.marginXS} wrap>
        {DECISIONS.map((option) => (
          <Button
            key={option}
            size="small"
            type={decision === option ? 'primary' : 'default'}
            aria-pressed={decision === option}
            onClick={() => choose(option)}
          >
            {DECISION_LABELS[option]}
          </Button>
        ))}
      </Flex>
      {decision && (
        <>
          <Select
            aria-label="Reason"
            size="small"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={decision === 'DENY' ? 'Select a reason (required)' : 'Select a reason'}
            loading={reasons.isPending}
            value={reasonCode}
            onChange={(value?: string) => setReasonCode(value)}
            options={offered.map((reason) => ({ value: reason.code, label: `${reason.description} (${reason.code})` }))}
            status={reasonMissing ? 'warning' : undefined}
          />
          {reasonMissing && <Typography.Text type="secondary">{REASON_REQUIRED}</Typography.Text>}
          <Input.TextArea
            aria-label="Note"
            rows={2}
            maxLength={DECISION_NOTE_MAX}
            placeholder="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      )}
      {save.error && <Alert type="error" showIcon title={save.error.message} />}
      <Flex gap={token.marginXS}>
        <Button
          size="small"
          type="primary"
          disabled={!decision || reasonMissing}
          loading={save.isPending}
          onClick={() => decision && save.mutate(decision)}
        >
          Save
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * One procedure's decision on the claim page (issue 23 §4): the adjudicator's verdict beside the person's decision.
 * A saved decision is final: 'Change decision' records a new one, and the procedure's decisions are listed newest
 * first.
 */
export function DecisionPanel({ claim, org, code }: { claim: Claim; org: string | undefined; code: string }) {
  const { token } = theme.useToken();
  const mayDecide = useMayDecide(claim);
  const decisions = useQuery(claimDecisionsQuery(claim.id, claim.lastVerifiedOn, org));
  const [changing, setChanging] = useState(false);

  return (
    <section aria-label={`Decision on ${code}`}>
      <LoadState query={decisions}>
        {(data) => {
          const procedure = data.procedures.find((p) => p.procedureCode === code);
          if (!procedure) return null;
          const { current, history } = procedure;
          return (
            <Flex vertical gap={token.marginXS}>
              <Flex gap={token.marginXS} align="center" wrap>
                <Typography.Text type="secondary">Adjudicator</Typography.Text>
                <ResultTag result={procedure.verdict} />
                <Typography.Text type="secondary">Decision</Typography.Text>
                {current ? (
                  <Tag color={current.differs ? 'warning' : undefined}>{CLAIM_DECISION_LABELS[current.decision]}</Tag>
                ) : (
                  <Typography.Text type="secondary">none yet</Typography.Text>
                )}
                {current?.differs && <Typography.Text type="warning">differs from the verdict</Typography.Text>}
              </Flex>
              {current && !changing && (
                <Flex vertical gap={2} data-testid="current-decision">
                  <Typography.Text>{decisionText(current)}</Typography.Text>
                  {current.note && <Typography.Text italic>{current.note}</Typography.Text>}
                  <Typography.Text type="secondary">{`Recorded ${byWhom(current)}`}</Typography.Text>
                  {mayDecide && (
                    <Button size="small" style={{ alignSelf: 'flex-start' }} onClick={() => setChanging(true)}>
                      {CHANGE_DECISION}
                    </Button>
                  )}
                </Flex>
              )}
              {mayDecide && (!current || changing) && (
                <DecisionForm
                  claimId={claim.id}
                  org={org}
                  code={code}
                  onDone={() => setChanging(false)}
                  onCancel={current ? () => setChanging(false) : undefined}
                />
              )}
              {history.length > 1 && (
                <details>
                  <summary style={{ cursor: 'pointer' }}>
                    <Typography.Text type="secondary">{`Decision history (${history.length})`}</Typography.Text>
                  </summary>
                  <ol aria-label={`Decision history of ${code}`} style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
                    {history.map((record) => (
                      <li key={record.id}>
                        <Typography.Text>{decisionText(record)}</Typography.Text>{' '}
                        <Typography.Text type="secondary">{byWhom(record)}</Typography.Text>
                        {record.note && (
                          <Typography.Text italic>
                            {' — '}
                            {record.note}
                          </Typography.Text>
                        )}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </Flex>
          );
        }}
      </LoadState>
    </section>
  );
}
