import { type Docgroup, masterKind } from '@claims/shared-kernel';
import { Collapse, Flex, Tag } from 'antd';
import { fetchDocgroup, fetchDocgroupPage, searchDocgroups } from '../../api/docgroups';
import { MasterList, type MasterListConfig } from '../../components/MasterList';
import { MasterView, type MasterViewConfig } from '../../components/MasterView';
import { ConfigurationSummary } from './ConfigurationSummary';

export const DOCGROUPS_PATH = 'docgroups';
export const { title: DOCGROUPS_TITLE, noun: DOCGROUP_NOUN } = masterKind(DOCGROUPS_PATH);

const documentNames = (group: Docgroup) => group.docgroup_id.map((d) => d.name).join(', ');
const hospitalCodes = (group: Docgroup) => group.hospital_id.map((h) => h.hospital_code).join(', ');

/** The document segregation list (spec 2 §2.2): Document Segregation ID, Document Name, Hospital Code. */
export const docgroupList: MasterListConfig<Docgroup> = {
  path: DOCGROUPS_PATH,
  title: DOCGROUPS_TITLE,
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'Document Segregation ID', value: (g) => g.id },
    { key: 'document_name', title: 'Document Name', value: documentNames, filterable: true },
    { key: 'hospital_code', title: 'Hospital Code', value: hospitalCodes, filterable: true },
  ],
  viewCode: (g) => g.id,
  fetchPage: fetchDocgroupPage,
  search: searchDocgroups,
};

function Hospitals({ group }: { group: Docgroup }) {
  return (
    <Flex wrap gap={4}>
      {group.hospital_id.map((h) => (
        <Tag key={h.id} title={h.name}>
          {h.hospital_code} - {h.name}
        </Tag>
      ))}
    </Flex>
  );
}

/** Each document of the group with its configuration, one panel per document. */
function Documents({ group }: { group: Docgroup }) {
  return (
    <Collapse
      size="small"
      defaultActiveKey={group.docgroup_id.map((d) => d.id)}
      items={group.docgroup_id.map((document) => ({
        key: document.id,
        label: document.name,
        children: group.docgroupConfig_id[document.name] && <ConfigurationSummary config={group.docgroupConfig_id[document.name]} />,
      }))}
    />
  );
}

/** The generic view (spec 2 §2.9) of one group: its hospitals and each document's configuration. */
export const docgroupView: MasterViewConfig<Docgroup> = {
  path: DOCGROUPS_PATH,
  listTitle: DOCGROUPS_TITLE,
  noun: DOCGROUP_NOUN,
  load: fetchDocgroup,
  heading: (g) => `${DOCGROUPS_TITLE} ${g.id}`,
  fields: [
    { label: 'Document Segregation ID', value: (g) => g.id },
    { label: 'Hospital Code', value: (g) => <Hospitals group={g} />, logged: ['hospital_code'] },
    // Each document's configuration is logged as its own field, '{document} configuration' (spelled out already).
    { label: 'Documents', value: (g) => <Documents group={g} />, logged: ['documents'] },
  ],
  editCode: (g) => g.id,
};

export const DocgroupListScreen = () => <MasterList config={docgroupList} />;
export const DocgroupViewScreen = () => <MasterView config={docgroupView} />;
