import { DeleteOutlined, EditOutlined, ExperimentOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Docgroup, DocgroupSaveBody, Hospital } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { LimitedSelect, DeleteConfirm } from '@claims/shared-kernel/ui';
import { App, Button, Flex, Form, Modal, Table, Tooltip, Typography, theme } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createDocgroup, deleteDocgroup, fetchDocgroup, tryDocgroupOnClaims, updateDocgroup } from '../../api/docgroups';
import { useMasterWrite } from '../../api/queries';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import { ConfigurationDialog } from './ConfigurationDialog';
import { ConfigurationSummary } from './ConfigurationSummary';
import { type DocumentConfiguration, documentsOf, groupProblems, groupsText, saveBody } from './configuration';
import { DOCGROUP_NOUN, DOCGROUPS_PATH, DOCGROUPS_TITLE } from './docgroupScreens';
import { SegregationPreviewPanel } from './SegregationPreviewPanel';

const LIST_PATH = `/${DOCGROUPS_PATH}`;

interface HospitalOption {
  value: number;
  label: string;
}
const hospitalLabel = (h: Pick<Hospital, 'hospital_code' | 'name'>) => `${h.hospital_code} - ${h.name}`;
const toHospitalOptions = (rows: Hospital[]): HospitalOption[] => rows.map((h) => ({ value: h.id, label: hospitalLabel(h) }));

/** Which dialog is open over the documents table: a configuration being added or edited, or one being looked at or deleted. */
type Dialog = { kind: 'configure'; index: number | null } | { kind: 'view'; index: number } | { kind: 'delete'; index: number } | null;

/**
 * Document segregation create and edit (spec 2 §2.7, §5): the hospitals (up to 10), 'Add Configuration', and the
 * documents table with edit, view and delete. Configurations are kept here until Save sends the whole group.
 */
function DocgroupForm({ group }: { group?: Docgroup }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [hospitalIds, setHospitalIds] = useState<number[]>(() => group?.hospital_id.map((h) => h.id) ?? []);
  const [documents, setDocuments] = useState<DocumentConfiguration[]>(() => (group ? documentsOf(group) : []));
  const [dialog, setDialog] = useState<Dialog>(null);
  const lookup = useLookup(lookupQueries.hospitals(), { select: toHospitalOptions });
  // The group's own hospitals are offered even before (or without) the lookup, so its tags read as codes.
  const ownOptions = (group?.hospital_id ?? []).map((h) => ({ value: h.id, label: hospitalLabel(h) }));
  const hospitalOptions = [...ownOptions.filter((own) => !lookup.some((o) => o.value === own.value)), ...lookup];

  const save = useMasterWrite(DOCGROUPS_PATH, (body: DocgroupSaveBody) => (group ? updateDocgroup(group.id, body) : createDocgroup(body)));
  const remove = useMasterWrite(DOCGROUPS_PATH, (id: number) => deleteDocgroup(id));
  const problems = groupProblems(hospitalIds, documents);
  // 'Try on claims' (as the rule editor offers it): the group as edited, against recent verified claims of its hospitals.
  const preview = useMutation({ mutationFn: tryDocgroupOnClaims });
  const tryOnClaims = () => preview.mutate({ ...saveBody(hospitalIds, documents), ...(group ? { id: group.id } : {}) });

  const submit = () =>
    save.mutate(saveBody(hospitalIds, documents), {
      onSuccess: () => {
        void message.success('Saved Successfully');
        void navigate(LIST_PATH);
      },
    });
  const storeConfiguration = (index: number | null, configuration: DocumentConfiguration) => {
    setDocuments((rows) => (index === null ? [...rows, configuration] : rows.map((row, i) => (i === index ? configuration : row))));
    setDialog(null);
  };
  const opened = dialog && dialog.index !== null ? documents[dialog.index] : null;

  return (
    <EditorFrame
      heading={group ? 'Edit' : 'Create'}
      subject={DOCGROUPS_TITLE}
      listPath={LIST_PATH}
      listTitle={DOCGROUPS_TITLE}
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={group && { run: (outcome) => remove.mutate(group.id, outcome), pending: remove.isPending }}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Hospital Codes" htmlFor="docgroup-hospitals" required extra="Up to 10 hospitals">
          <LimitedSelect<number>
            id="docgroup-hospitals"
            placeholder="Select hospitals"
            options={hospitalOptions}
            value={hospitalIds}
            onChange={(ids) => setHospitalIds(ids ?? [])}
          />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: token.marginXS }}>
          <Typography.Text strong>Documents</Typography.Text>
          <Button type="link" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'configure', index: null })}>
            Add Configuration
          </Button>
        </Flex>
        <Table<DocumentConfiguration>
          size="small"
          pagination={false}
          rowKey={(row) => row.document.id}
          dataSource={documents}
          locale={{ emptyText: 'No Data Found' }}
          columns={[
            { key: 'name', title: 'Document Name', render: (_, row) => row.document.name },
            { key: 'begin', title: 'Beginning Alias', render: (_, row) => groupsText(row.config.begin_alias) },
            {
              key: 'actions',
              title: 'Actions',
              width: 130,
              render: (_, row, index) => (
                <Flex gap={4}>
                  <Tooltip title="Edit">
                    <Button
                      type="text"
                      aria-label={`Edit ${row.document.name}`}
                      icon={<EditOutlined />}
                      onClick={() => setDialog({ kind: 'configure', index })}
                    />
                  </Tooltip>
                  <Tooltip title="View">
                    <Button
                      type="text"
                      aria-label={`View ${row.document.name}`}
                      icon={<EyeOutlined />}
                      onClick={() => setDialog({ kind: 'view', index })}
                    />
                  </Tooltip>
                  <Tooltip title="Delete">
                    <Button
                      type="text"
                      danger
                      aria-label={`Delete ${row.document.name}`}
                      icon={<DeleteOutlined />}
                      onClick={() => setDialog({ kind: 'delete', index })}
                    />
                  </Tooltip>
                </Flex>
              ),
            },
          ]}
        />
        <Flex align="center" gap={16} style={{ marginTop: token.margin }}>
          <Button type="primary" disabled={problems.length > 0} loading={save.isPending} onClick={submit}>
            Save
          </Button>
          <Button icon={<ExperimentOutlined />} disabled={problems.length > 0} loading={preview.isPending} onClick={tryOnClaims}>
            Try on claims
          </Button>
          {problems.length > 0 && (
            <Typography.Text type="secondary" data-testid="save-problems">
              {problems.join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      </Form>
      {(preview.isPending || preview.data || preview.error) && (
        <SegregationPreviewPanel result={preview.data} pending={preview.isPending} error={preview.error} />
      )}

      {dialog?.kind === 'configure' && (
        <ConfigurationDialog
          editing={opened}
          takenDocumentIds={documents.filter((_, i) => i !== dialog.index).map((row) => row.document.id)}
          hospitalsChosen={hospitalIds.length > 0}
          onSave={(configuration) => storeConfiguration(dialog.index, configuration)}
          onCancel={() => setDialog(null)}
        />
      )}
      <Modal
        open={dialog?.kind === 'view'}
        title={opened?.document.name}
        width={760}
        onCancel={() => setDialog(null)}
        footer={<Button onClick={() => setDialog(null)}>Close</Button>}
        destroyOnHidden
      >
        {opened && <ConfigurationSummary config={opened.config} />}
      </Modal>
      <DeleteConfirm
        open={dialog?.kind === 'delete'}
        busy={false}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDocuments((rows) => rows.filter((_, i) => i !== dialog?.index));
          setDialog(null);
        }}
      />
    </EditorFrame>
  );
}

/** /docgroups/create and /docgroups/edit/{id}; the provider's super users only, as the api writes masters (spec 2 §6). */
export default function DocgroupEditor() {
  return (
    <MasterEditorRoute
      module={DOCGROUPS_PATH}
      load={fetchDocgroup}
      noun={DOCGROUP_NOUN}
      listPath={LIST_PATH}
      form={(group) => <DocgroupForm key={group?.id} group={group} />}
    />
  );
}
