import { type ClinicalUnit, masterKind } from '@claims/shared-kernel';
import { Table } from 'antd';
import { fetchTestUnit, fetchTestUnitPage, searchTestUnits } from '../../api/testUnits';
import { NoAlias } from '../../components/AliasList';
import { MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig } from '../../components/MasterView';

export const TEST_UNITS = masterKind('clinicalUnit');
/** The editor's and the view's name for one (spec 3 §1: 'the screen title reads Test Unit'). */
export const TEST_UNIT = 'Test Unit';

type UnitAlias = ClinicalUnit['alias'][number];

/** The test unit view's alias table: keyword and conversion unit per row (spec 2 §2.9), or 'No Alias'. */
function UnitAliasTable({ alias }: { alias: UnitAlias[] }) {
  if (!alias.length) return <NoAlias />;
  return (
    <Table<UnitAlias & { position: number }>
      size="small"
      pagination={false}
      rowKey="position"
      dataSource={alias.map((row, index) => ({ ...row, position: index + 1 }))}
      columns={[
        { key: 'keyword', title: 'Keyword', dataIndex: 'keyword' },
        { key: 'conversion_unit', title: 'Conversion Unit', dataIndex: 'conversion_unit' },
      ]}
    />
  );
}

/** The test units master as the generic list and view screens show it (spec 2 §2.2, §2.9; spec 3 §3.2). */
export const testUnitList: MasterListConfig<ClinicalUnit> = {
  path: TEST_UNITS.module,
  title: TEST_UNITS.title,
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'ID', value: (u) => u.id },
    { key: 'name', title: 'Name', value: (u) => u.name, filterable: true },
    { key: 'alias', title: 'Alias Keyword', value: (u) => u.alias.map((a) => a.keyword).join(', '), filterable: true },
    { key: 'conversion_unit', title: 'Conversion Unit', value: (u) => u.alias.map((a) => a.conversion_unit).join(', ') },
  ],
  viewCode: (u) => u.id,
  fetchPage: fetchTestUnitPage,
  search: searchTestUnits,
};

export const testUnitView: MasterViewConfig<ClinicalUnit> = {
  path: TEST_UNITS.module,
  listTitle: TEST_UNITS.title,
  noun: TEST_UNITS.noun,
  load: fetchTestUnit,
  heading: (u) => u.name,
  fields: [
    { label: 'Name', value: (u) => u.name, logged: ['name'] },
    { label: 'Alias', value: (u) => <UnitAliasTable alias={u.alias} />, logged: ['alias'] },
  ],
  editCode: (u) => u.id,
};

export const TestUnitListScreen = () => <MasterList config={testUnitList} />;
export const TestUnitViewScreen = () => <MasterView config={testUnitView} />;
