import { KEYWORD_MODULES, type KeywordEntity, type KeywordModule, masterKind } from '@claims/shared-kernel';
import { fetchKeyword, fetchKeywordPage, searchKeywords } from '../../api/keywords';
import { AliasList } from '../../components/AliasList';
import { type ListColumn, MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig, type ViewField } from '../../components/MasterView';
import type { ComponentType } from 'react';
import { KeywordEditor } from './KeywordEditor';

/** How each keyword master is named on screen (spec 2 §2.2, §2.5); its title and noun come from the contract's MASTER_KINDS. */
export interface KeywordMaster {
  module: KeywordModule;
  title: string;
  noun: string;
  nameLabel: string;
  aliasLabel: string;
  /** Diagnoses carry an ICD code. */
  icd: boolean;
}

const FIELDS: Record<KeywordModule, Pick<KeywordMaster, 'nameLabel' | 'aliasLabel' | 'icd'>> = {
  procedureGroup: { nameLabel: 'Group Name', aliasLabel: 'Group Alias', icd: false },
  diagnoses: { nameLabel: 'Keyword', aliasLabel: 'alias', icd: true },
  tissues: { nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  drugs: { nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  document: { nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
  evidence: { nameLabel: 'Keyword', aliasLabel: 'alias', icd: false },
};

export const KEYWORD_MASTERS: KeywordMaster[] = KEYWORD_MODULES.map((module) => {
  const { title, noun } = masterKind(module);
  return { module, title, noun, ...FIELDS[module] };
});

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
    { label: master.nameLabel, value: (k) => k.name, logged: ['name'] },
    {
      label: master.aliasLabel === 'alias' ? 'Alias' : master.aliasLabel,
      value: (k) => <AliasList alias={k.alias} />,
      logged: ['alias'],
    },
    ...(master.icd ? [{ label: 'ICD code', value: (k: KeywordEntity) => k.ICD_code, logged: ['ICD_code'] }] : []),
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

/** Each keyword master's route screens: its list, its view, and its editor (create and edit). */
export const KEYWORD_ROUTE_SCREENS = {} as Record<KeywordModule, Record<'list' | 'view' | 'editor', ComponentType>>;
for (const { master, list, view } of KEYWORD_SCREENS) {
  KEYWORD_ROUTE_SCREENS[master.module] = {
    list: () => <MasterList config={list} />,
    view: () => <MasterView config={view} />,
    editor: () => <KeywordEditor master={master} />,
  };
}
