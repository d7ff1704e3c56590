import { masterKind, type Procedure } from '@claims/shared-kernel';
import { fetchProcedure, fetchProcedureCount, fetchProcedurePage, searchProcedures } from '../../api/procedures';
import { AliasList } from '../../components/AliasList';
import { MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig } from '../../components/MasterView';

export const PROCEDURES = masterKind('procedures');

/** The procedures master as the generic list and view screens show it (spec 2 §2.2, §2.9). */
export const procedureList: MasterListConfig<Procedure> = {
  path: PROCEDURES.module,
  title: PROCEDURES.title,
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'Procedure ID', value: (p) => p.id },
    { key: 'procedure_code', title: 'Procedure Code', value: (p) => p.procedure_code, filterable: true },
    { key: 'name', title: 'Procedure Name', value: (p) => p.name, filterable: true },
    { key: 'procedure_group', title: 'ProcedureGroup', value: (p) => p.procedure_group?.name, filterable: true },
    { key: 'snomedct_code', title: 'SNOMED CODE', value: (p) => p.snomedct_code, filterable: true },
  ],
  viewCode: (p) => p.id,
  fetchPage: fetchProcedurePage,
  search: searchProcedures,
  count: fetchProcedureCount,
};

export const procedureView: MasterViewConfig<Procedure> = {
  path: PROCEDURES.module,
  listTitle: PROCEDURES.title,
  noun: PROCEDURES.noun,
  load: fetchProcedure,
  heading: (p) => p.name,
  fields: [
    { label: 'Procedure Code', value: (p) => p.procedure_code, logged: ['procedure_code'] },
    { label: 'SNOMED Code', value: (p) => p.snomedct_code, logged: ['snomedct_code'] },
    { label: 'Procedure Name', value: (p) => p.name, logged: ['name'] },
    { label: 'Procedure Group', value: (p) => p.procedure_group?.name, logged: ['procedure_group'] },
    { label: 'Procedure Alias', value: (p) => <AliasList alias={p.alias} />, logged: ['alias'] },
  ],
  editCode: (p) => p.id,
};

export const ProcedureListScreen = () => <MasterList config={procedureList} />;
export const ProcedureViewScreen = () => <MasterView config={procedureView} />;
