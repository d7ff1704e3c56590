import { DECISION_LABELS, type DecisionReason, masterKind } from '@claims/shared-kernel';
import { fetchDecisionReason, fetchDecisionReasonPage, searchDecisionReasons } from '../../api/decisionReasons';
import { MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig } from '../../components/MasterView';

export const DECISION_REASONS = masterKind('decisionReasons');

/** 'Approve, Query': the decisions a reason applies to, as the decision panel's buttons name them. */
export const appliesToText = (reason: DecisionReason): string => reason.decisions.map((d) => DECISION_LABELS[d]).join(', ');
const activeText = (reason: DecisionReason): string => (reason.active ? 'Yes' : 'No');

/** The Decision Reasons master (issue 23 §4) as the generic list and view screens show it. */
export const decisionReasonList: MasterListConfig<DecisionReason> = {
  path: DECISION_REASONS.module,
  title: DECISION_REASONS.title,
  rowKey: 'id',
  columns: [
    { key: 'code', title: 'Code', value: (r) => r.code, filterable: true },
    { key: 'description', title: 'Description', value: (r) => r.description, filterable: true },
    { key: 'decisions', title: 'Applies to', value: appliesToText },
    { key: 'active', title: 'Active', value: activeText },
  ],
  viewCode: (r) => r.code,
  fetchPage: fetchDecisionReasonPage,
  search: searchDecisionReasons,
};

export const decisionReasonView: MasterViewConfig<DecisionReason> = {
  path: DECISION_REASONS.module,
  listTitle: DECISION_REASONS.title,
  noun: DECISION_REASONS.noun,
  load: fetchDecisionReason,
  heading: (r) => r.code,
  fields: [
    { label: 'Code', value: (r) => r.code, logged: ['code'] },
    { label: 'Description', value: (r) => r.description, logged: ['description'] },
    { label: 'Applies to', value: appliesToText, logged: ['decisions'] },
    { label: 'Active', value: activeText, logged: ['active'] },
  ],
  editCode: (r) => r.code,
};

export const DecisionReasonListScreen = () => <MasterList config={decisionReasonList} />;
export const DecisionReasonViewScreen = () => <MasterView config={decisionReasonView} />;
