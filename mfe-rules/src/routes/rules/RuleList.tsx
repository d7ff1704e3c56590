import { PlusOutlined } from '@ant-design/icons';
import { caseTypeShort, useSession } from '@claims/shared-kernel';
import { usePagedList, FilterPanel, LimitedSelect, PagedTable } from '@claims/shared-kernel/ui';
import type { RuleListRow, RuleSearchBody } from '@claims/shared-kernel';
import { Button, Col, Flex, Form, Row, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchRulePage, ruleKeys, searchRules } from '../../api/rules';
import { chosenFilter, filterLock } from '../../components/filterLock';
import { InsurerSelect } from '../../components/InsurerSelect';
import { SelectAllPicker } from '../../components/SelectAllPicker';
import { useInsurer } from './useInsurer';
import { useRuleFilterOptions } from './useRuleFilterOptions';

type FilterField = keyof Required<RuleSearchBody>;
type Selection = Record<FilterField, string[]>;

const EMPTY_SELECTION: Selection = { procedureCode: [], procedureName: [], diagnosis: [], document: [], clinicalAttribute: [] };

/** A pre-authorisation rule's procedure carries the suffix _preauth, which the list shows as a space. */
export const displayProcedureCode = (code: string): string => code.replace(/_preauth$/, ' ');

/** Long lists stay on one line within the column; hovering shows them whole. */
const NameList = ({ names }: { names: string[] }) => (
  <div title={names.join(', ')} style={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
    {names.join(', ')}
  </div>
);

const columns: TableColumnsType<RuleListRow> = [
  {
    key: 'code',
    title: 'Procedure Code',
    render: (_, row) => (
      <Flex gap={6} align="center">
        <span data-testid="procedure-code">{displayProcedureCode(row.procedures.procedure_code)}</span>
        {/* Rows of one procedure differ by case type; the spec's columns alone would not tell them apart. */}
        {row.case_type === 'PRE_AUTH' && <Tag color="purple">{caseTypeShort(row.case_type)}</Tag>}
      </Flex>
    ),
  },
  { key: 'procedure', title: 'Procedure', render: (_, row) => row.procedures.name },
  { key: 'diagnoses', title: 'Diagnoses', render: (_, row) => <NameList names={row.diagnosisList} /> },
  { key: 'documents', title: 'Documents', render: (_, row) => <NameList names={row.document} /> },
];

/**
 * The Procedure Protocol list (spec 2 §2.2, §2.3). The provider's organisation picks the insurer
 * whose rules it sees (kept in ?org= so the way back from a rule returns to it); insurer users see
 * their own organisation's. The filter panel searches the server with what is chosen; once applied the
 * filter is locked (Filter disabled) until the choices change or Reset Filter clears them. Super users
 * (who may write rules) have Create.
 */
export function RuleList() {
  const navigate = useNavigate();
  const { insurer, canChoose, choose: chooseInsurer } = useInsurer();

  const options = useRuleFilterOptions();
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [applied, setApplied] = useState<RuleSearchBody | null>(null);

  const list = usePagedList<RuleListRow>(ruleKeys.list(insurer, applied), (page, pageSize) =>
    applied ? searchRules(insurer, applied, page, pageSize) : fetchRulePage(insurer, page, pageSize),
  );

  const { filterDisabled } = filterLock(selection, applied);
  const superUser = useSession((s) => s.role === 'super_user');
  const choose = (field: FilterField) => (chosen: string[]) => setSelection((s) => ({ ...s, [field]: chosen }));
  const picker = (field: FilterField, label: string, names: string[]) => (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <LimitedSelect
        aria-label={label}
        placeholder={label}
        value={selection[field]}
        onChange={choose(field)}
        options={names.map((n) => ({ value: n, label: n }))}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  return (
    <Flex vertical gap={12}>
      <FilterPanel
        filterDisabled={filterDisabled}
        onFilter={() => setApplied(chosenFilter(selection))}
        onReset={() => {
          setSelection(EMPTY_SELECTION);
          setApplied(null);
        }}
      >
        <Form layout="vertical" component="div">
          <Row gutter={[16, 12]}>
            <Col xs={24} md={12} xl={8}>
              {picker('procedureCode', 'Procedure Code', options.procedureCodes)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              {picker('procedureName', 'Procedure Name', options.procedureNames)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Diagnosis" style={{ marginBottom: 0 }} extra="Type 4 or more characters to select all matches">
                <SelectAllPicker label="Diagnosis" options={options.diagnoses} value={selection.diagnosis} onChange={choose('diagnosis')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              {picker('document', 'Document', options.documents)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              {picker('clinicalAttribute', 'Clinical Attribute', options.clinicalAttributes)}
            </Col>
          </Row>
        </Form>
      </FilterPanel>
      <PagedTable<RuleListRow>
        title="Procedure Protocol"
        columns={columns}
        list={list}
        rowKey="id"
        onRowClick={(row) => navigate(`/rules/view/${row.id}?org=${encodeURIComponent(insurer)}`)}
        toolbar={
          <Flex gap={12} align="center">
            {canChoose && <InsurerSelect value={insurer} onChange={chooseInsurer} />}
            {superUser && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/rules/create?org=${encodeURIComponent(insurer)}`)}>
                Create
              </Button>
            )}
          </Flex>
        }
      />
    </Flex>
  );
}
