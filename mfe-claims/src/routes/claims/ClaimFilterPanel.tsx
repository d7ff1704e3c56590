import { adjudicationResultLabel, ADJUDICATION_RESULTS, CASE_TYPES, LIMITS, REVIEW_FILTER_STATUSES } from '@claims/shared-kernel';
import { dateRangeError, DateRangeFields, FilterPanel, LimitedSelect } from '@claims/shared-kernel/ui';
import type { AdjudicationResult, CaseType, ClaimStatus } from '@claims/shared-kernel';
import { Checkbox, Col, Form, Row, Select } from 'antd';
import { useState } from 'react';
import type { ClaimFilterOptions } from '../../api/lookups';
import {
  ANSWERS_REQUESTED,
  DECISION_DIFFERS,
  DOCUMENTS_REQUESTED,
  emptyClaimFilter,
  INSURER_RESULTS,
  OVERDUE,
  offersAdjudicationResult,
  type ClaimFilter,
} from './claimFilter';
import { FormItemSpacing } from '../../components/FormItemSpacing';

const STATUS_OPTIONS = REVIEW_FILTER_STATUSES.map((s) => ({ value: s, label: s }));
const CASE_TYPE_OPTIONS = CASE_TYPES.map((c) => ({ value: c.code, label: c.label }));
const resultOptions = (results: readonly AdjudicationResult[]) => results.map((r) => ({ value: r, label: adjudicationResultLabel(r) }));
const RESULT_OPTIONS = resultOptions(ADJUDICATION_RESULTS);
const INSURER_RESULT_OPTIONS = resultOptions(INSURER_RESULTS);

export interface ClaimFilterPanelProps {
  onFilter: (filter: ClaimFilter) => void;
  /** Called after the panel has put its own fields back (dates to today, nothing chosen). */
  onReset: () => void;
  /** The provider's organisation gets every field; others the dates. */
  fullFilter: boolean;
  /** Insurer users also filter their adjudicated claims by result. */
  insurer: boolean;
  options: ClaimFilterOptions;
}

/** The claims filter; it keeps its fields to itself so typing does not re-render the table. */
export function ClaimFilterPanel({ onFilter, onReset, fullFilter, insurer, options }: ClaimFilterPanelProps) {
  const [value, onChange] = useState<ClaimFilter>(emptyClaimFilter);
  const reset = () => {
    onChange(emptyClaimFilter());
    onReset();
  };
  const set = <K extends keyof ClaimFilter>(key: K, next: ClaimFilter[K]) => onChange({ ...value, [key]: next });
  const setStatuses = (statuses: ClaimStatus[]) =>
    onChange({ ...value, statuses, adjudicationResults: offersAdjudicationResult(statuses) ? value.adjudicationResults : [] });

  const resultField = (options: typeof RESULT_OPTIONS) => (
    <FormItemSpacing step="none">
      <Form.Item label="Adjudication Result">
        <Checkbox.Group<AdjudicationResult>
          options={options}
          value={value.adjudicationResults}
          onChange={(v) => set('adjudicationResults', v)}
        />
      </Form.Item>
    </FormItemSpacing>
  );

  // Claims with a document request open (issue 24 §1).
  const documentsField = (
    <Form.Item>
      <Checkbox checked={value.documentsRequested} onChange={(event) => set('documentsRequested', event.target.checked)}>
        {DOCUMENTS_REQUESTED}
      </Checkbox>
    </Form.Item>
  );

  // Claims verified while their procedure questions wait for answers (issue 24 §3).
  const answersField = (
    <Form.Item>
      <Checkbox checked={value.answersRequested} onChange={(event) => set('answersRequested', event.target.checked)}>
        {ANSWERS_REQUESTED}
      </Checkbox>
    </Form.Item>
  );

  // Claims where a person's decision differs from the adjudicator's verdict (issue 23 §4).
  const differsField = (
    <Form.Item>
      <Checkbox checked={value.decisionDiffers} onChange={(event) => set('decisionDiffers', event.target.checked)}>
        {DECISION_DIFFERS}
      </Checkbox>
    </Form.Item>
  );

  // Open reviews past their due time (issue 23 §2).
  const overdueField = (
    <Form.Item>
      <Checkbox checked={value.overdue} onChange={(event) => set('overdue', event.target.checked)}>
        {OVERDUE}
      </Checkbox>
    </Form.Item>
  );

  return (
    <FilterPanel onFilter={() => onFilter(value)} onReset={reset} filterDisabled={!!dateRangeError(value.range.from, value.range.to)}>
      <DateRangeFields value={value.range} onChange={(range) => set('range', range)} />
      {insurer && (
        <Form layout="vertical" component="div">
          {resultField(INSURER_RESULT_OPTIONS)}
          {documentsField}
          {answersField}
          {differsField}
          {overdueField}
        </Form>
      )}
      {fullFilter && (
        <Form layout="vertical" component="div">
          <Row gutter={12}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Status">
                <LimitedSelect<ClaimStatus>
                  aria-label="Status"
                  placeholder="Select status"
                  options={STATUS_OPTIONS}
                  value={value.statuses}
                  onChange={setStatuses}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Hospital Code">
                <LimitedSelect
                  aria-label="Hospital Code"
                  placeholder="Select hospitals"
                  options={options.hospitals}
                  value={value.hospitalCodes}
                  onChange={(v) => set('hospitalCodes', v)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="User Name">
                <Select<string[]>
                  aria-label="User Name"
                  mode="tags"
                  allowClear
                  maxCount={LIMITS.multiSelectMax}
                  tokenSeparators={[',', ' ']}
                  notFoundContent={null}
                  placeholder="Type user names"
                  value={value.userNames}
                  onChange={(v) => set('userNames', v.map((name) => name.trim()).filter(Boolean))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Procedures">
                <LimitedSelect
                  aria-label="Procedures"
                  placeholder="Select procedures"
                  options={options.procedures}
                  value={value.procedureCodes}
                  onChange={(v) => set('procedureCodes', v)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Batches">
                <LimitedSelect<number>
                  aria-label="Batches"
                  placeholder="Select batches"
                  options={options.batches}
                  value={value.batchIds}
                  onChange={(v) => set('batchIds', v)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Assigned To">
                <Select<string[]>
                  aria-label="Assigned To"
                  mode="tags"
                  allowClear
                  maxCount={LIMITS.multiSelectMax}
                  tokenSeparators={[',', ' ']}
                  notFoundContent={null}
                  placeholder="Type reviewers' user names"
                  value={value.assignedTo}
                  onChange={(v) => set('assignedTo', v.map((name) => name.trim()).filter(Boolean))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Case Type">
                <LimitedSelect<CaseType>
                  aria-label="Case Type"
                  placeholder="Select case types"
                  options={CASE_TYPE_OPTIONS}
                  value={value.caseTypes}
                  onChange={(v) => set('caseTypes', v)}
                />
              </Form.Item>
            </Col>
          </Row>
          {offersAdjudicationResult(value.statuses) && resultField(RESULT_OPTIONS)}
          {documentsField}
          {answersField}
          {differsField}
          {overdueField}
        </Form>
      )}
    </FilterPanel>
  );
}
