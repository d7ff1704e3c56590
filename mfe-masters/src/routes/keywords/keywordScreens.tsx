import type { KeywordEntity, KeywordModule } from '@claims/shared-kernel';
import { occurrenceKeys } from '@claims/shared-kernel/ui';
import { Typography } from 'antd';
import { fetchKeyword, fetchKeywordPage, searchKeywords } from '../../api/keywords';
import type { ListColumn, MasterListConfig } from '../../components/MasterList';
import type { MasterViewConfig, ViewField } from '../../components/MasterView';

/** How each keyword master is named on screen (spec 2 §2.2, §2.5); one entry per master. */
export interface KeywordMaster {
  module: KeywordModule;
  title: string;
  noun: string;
  nameLabel: string;
  aliasLabel: string;
  /** Diagnoses carry an ICD code. */
  icd: boolean;
}

const MASTERS: Record<KeywordModule, Omit<KeywordMaster, 'module'>> = {
  procedureGroup: { title: 'Procedure Group', noun: 'Procedure group', nameLabel: 'Group Name', aliasLabel: 'Group Alias', icd: false },
  diagnoses: { title: 'Diagnoses', noun: 'Diagnosis', nameLabel: 'Keyword', aliasLabel: 'alias', icd: true },
  tissues: { title: 'Tissues', noun: 'Tissue', nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  drugs: { title: 'Drugs', noun: 'Drug', nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  document: { title: 'Documents', noun: 'Document', nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  evidence: { title: 'Evidence', noun: 'Evidence', nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
};

export const KEYWORD_MASTERS: KeywordMaster[] = (Object.keys(MASTERS) as KeywordModule[]).map((module) => ({ module, ...MASTERS[module] }));

export const NO_ALIAS = 'No Alias';

function AliasList({ alias }: { alias: string[] }) {
  if (!alias.length) return <Typography.Text type="secondary">{NO_ALIAS}</Typography.Text>;
  const keys = occurrenceKeys(alias);
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      {alias.map((name, index) => (
        <li key={keys[index]}>{name}</li>
      ))}
    </ol>
  );
}

export function keywordList(master: KeywordMaster): MasterListConfig<KeywordEntity> {
  const columns: ListColumn<KeywordEntity>[] = [
    { key: 'id', title: 'ID', value: (k) => k.id },
    { key: 'name', title: master.nameLabel, value: (k) => k.name, filterable: true },
    { key: 'alias', title: master.aliasLabel, value: (k) => k.alias.join(', '), filterable: true },
    ...(master.icd ? [{ key: 'ICD_code', title: 'ICD code', value: (k: KeywordEntity) => k.ICD_code, filterable: true }] : []),
  ];
  return {
    path: master.module,
    title: master.title,
    rowKey: 'id',
    columns,
    viewCode: (k) => k.id,
    fetchPage: (page, size) => fetchKeywordPage(master.module, page, size),
    search: (filters, page, size) => searchKeywords(master.module, filters, page, size),
  };
}

export function keywordView(master: KeywordMaster): MasterViewConfig<KeywordEntity> {
  const fields: ViewField<KeywordEntity>[] = [
    { label: master.nameLabel, value: (k) => k.name },
    { label: master.aliasLabel === 'alias' ? 'Alias' : master.aliasLabel, value: (k) => <AliasList alias={k.alias} /> },
    ...(master.icd ? [{ label: 'ICD code', value: (k: KeywordEntity) => k.ICD_code }] : []),
  ];
  return {
    path: master.module,
    listTitle: master.title,
    noun: master.noun,
    load: (id) => fetchKeyword(master.module, id),
    heading: (k) => k.name,
    fields,
    editCode: (k) => k.id,
  };
}

/** Built once: the screens compare these configurations by identity. */
export const KEYWORD_SCREENS = KEYWORD_MASTERS.map((master) => ({ master, list: keywordList(master), view: keywordView(master) }));
