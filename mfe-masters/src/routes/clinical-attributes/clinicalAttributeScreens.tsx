import { type ClinicalAttribute, masterKind } from '@claims/shared-kernel';
import { Table, Typography } from 'antd';
import { fetchClinicalAttribute, fetchClinicalAttributePage, searchClinicalAttributes } from '../../api/clinicalAttributes';
import { AliasList } from '../../components/AliasList';
import { MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig } from '../../components/MasterView';
import { draftOf } from './draft';
import { DocumentOverrideTable, PatternOverrideTable } from './OverrideTables';

export const CLINICAL_ATTRIBUTES = masterKind('clinicalAttribute');

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const unitNames = (a: ClinicalAttribute) => (a.clinical_unit ?? []).map((u) => u.name).join(', ');
const limit = (value: number | null | undefined) => (value === null || value === undefined ? '-' : value);

type TextValue = ClinicalAttribute['text_possible_values'][number];

function TextValues({ values }: { values: TextValue[] }) {
  if (!values.length) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Table<TextValue>
      size="small"
      pagination={false}
      rowKey="text_value"
      dataSource={values}
      columns={[
        { key: 'text_value', title: 'Text Value', dataIndex: 'text_value' },
        { key: 'alias', title: 'Alias', render: (_, v) => v.text_value_alias.join(', ') },
      ]}
    />
  );
}

/** The clinical attributes as the generic list shows them (spec 2 §2.2). */
export const clinicalAttributeList: MasterListConfig<ClinicalAttribute> = {
  path: CLINICAL_ATTRIBUTES.module,
  title: CLINICAL_ATTRIBUTES.title,
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'ID', value: (a) => a.id },
    { key: 'name', title: 'Name', value: (a) => a.name, filterable: true },
    { key: 'alias', title: 'Alias', value: (a) => a.alias.join(', '), filterable: true },
    { key: 'value_type', title: 'Value Type', value: (a) => a.value_type, filterable: true },
    { key: 'tabular', title: 'Tabular', value: (a) => yesNo(a.tabular) },
    { key: 'distributed_attribute_value', title: 'Distributed Attribute Value', value: (a) => yesNo(a.distributed_attribute_value) },
    { key: 'clinical_unit', title: 'Test Unit', value: unitNames },
  ],
  viewCode: (a) => a.id,
  fetchPage: fetchClinicalAttributePage,
  search: searchClinicalAttributes,
};

/** One clinical attribute as the generic view shows it (spec 2 §2.9), its overrides in the editor's tables. */
export const clinicalAttributeView: MasterViewConfig<ClinicalAttribute> = {
  path: CLINICAL_ATTRIBUTES.module,
  listTitle: CLINICAL_ATTRIBUTES.title,
  noun: CLINICAL_ATTRIBUTES.noun,
  load: fetchClinicalAttribute,
  heading: (a) => a.name,
  fields: [
    { label: 'Name', value: (a) => a.name, logged: ['name'] },
    { label: 'Alias', value: (a) => <AliasList alias={a.alias} />, logged: ['alias'] },
    { label: 'Value Type', value: (a) => a.value_type, logged: ['value_type'] },
    {
      label: 'Limits',
      value: (a) =>
        a.value_type === 'Text'
          ? '-'
          : `Lower Limit ${limit(a.number_range?.lower_limit)}, Upper Limit ${limit(a.number_range?.upper_limit)}`,
      logged: ['number_range'],
    },
    { label: 'Text Values', value: (a) => <TextValues values={a.text_possible_values} />, logged: ['text_possible_values'] },
    { label: 'Test Unit', value: (a) => unitNames(a) || '-', logged: ['clinical_unit'] },
    { label: 'Tabular', value: (a) => yesNo(a.tabular), logged: ['tabular'] },
    {
      label: 'Distributed Attribute Value',
      value: (a) => yesNo(a.distributed_attribute_value),
      logged: ['distributed_attribute_value'],
    },
    { label: 'Override Items', value: (a) => <DocumentOverrideTable entries={draftOf(a).overrides} />, logged: ['overrides'] },
    { label: 'Override Message', value: (a) => a.override_message || '-', logged: ['override_message'] },
    {
      label: 'Pattern overrides',
      value: (a) => <PatternOverrideTable entries={draftOf(a).patterns} />,
      logged: ['patternOverridesForValues'],
    },
  ],
  editCode: (a) => a.id,
  // The log keeps the chosen units' ids beside their names.
  historyLabels: { fk_clinical_unit: 'Test Unit IDs' },
};

export const ClinicalAttributeListScreen = () => <MasterList config={clinicalAttributeList} />;
/** Spec 3 §2.1 lists /clinicals among the list screens beside /clinicalAttribute: both show the clinical attributes. */
export const ClinicalsListScreen = () => <MasterList config={clinicalAttributeList} />;
export const ClinicalAttributeViewScreen = () => <MasterView config={clinicalAttributeView} />;
