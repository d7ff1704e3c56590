import { CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ANNOTATION_ENTITIES, annotationSlotsOfAll, emptyAnnotationEntry, EXPECTED_RESULTS, formatInZone } from '@claims/shared-kernel';
import type { Annotation, AnnotationBody, AnnotationEntity, AnnotationEntry, Claim, ExpectedResult } from '@claims/shared-kernel';
import { LoadState, useChanged } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { annotationKeys, annotationQuery, updateAnnotation } from '../../api/annotations';
import type { ViewerPosition } from '../viewer/types';
import { AnnotationEntityDialog } from './AnnotationEntityDialog';
import { type EntriesByEntity, entriesOfRecord, followViewer } from './entries';
import { useEntityNames } from './nameOptions';
import { FormItemSpacing } from '../FormItemSpacing';

export const CHANGES_SAVED = 'Changes Saved Successfully';
/** Spec 1 §9: the success notice shows for 2000 ms. */
const NOTICE_SECONDS = 2;

const EXPECTED_RESULT_OPTIONS = EXPECTED_RESULTS.map((r) => ({ value: r.code, label: r.label }));

/** One line of an entry: what was found, how it was written and where. */
function describe(entity: AnnotationEntity, entry: AnnotationEntry): string {
  const page =
    entity.kind === 'document' && entry.endPage && entry.endPage !== entry.page
      ? `pages ${entry.page} - ${entry.endPage}`
      : `page ${entry.page}`;
  return [
    entry.alias ? `${entry.name} (${entry.alias})` : entry.name,
    entity.kind === 'clinical_attribute' && entry.value ? `${entry.value} ${entry.unit}`.trim() : null,
    entry.writtenType,
    entry.page ? page : null,
    entry.pdf ? `PDF ${entry.pdf}` : null,
    entity.kind === 'clinical_attribute' ? entry.docName || null : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The record's own fields, sent back with every edit (the slots are the entries, renumbered from 1). */
function fixedFields(record: Annotation): AnnotationBody {
  const { claim_id, reference_claim_id, procedure_code, procedure_name, expected_result, verification_result, case_type } = record;
  return {
    claim_id,
    reference_claim_id,
    procedure_code,
    expected_result,
    ...(procedure_name ? { procedure_name } : {}),
    ...(verification_result ? { verification_result } : {}),
    ...(case_type ? { case_type } : {}),
  };
}

interface DialogState {
  entity: AnnotationEntity;
  /** The entry's position in its entity's list; null for a new one. */
  index: number | null;
  initial: AnnotationEntry;
}

function AnnotationRecord({ claim, record, position }: { claim: Claim; record: Annotation; position: ViewerPosition | null }) {
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [expected, setExpected] = useState<ExpectedResult>(record.expected_result);
  const [remarks, setRemarks] = useState(record.remarks ?? '');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const names = useEntityNames(claim, record.procedure_code, true);
  const entries = entriesOfRecord(record);

  // A saved record is the new starting point of the drafts.
  if (useChanged([record])) {
    setExpected(record.expected_result);
    setRemarks(record.remarks ?? '');
  }

  const saving = useMutation({
    mutationFn: (next: { expected: ExpectedResult; remarks: string; entries: EntriesByEntity }) =>
      updateAnnotation(record.id, {
        ...fixedFields(record),
        expected_result: next.expected,
        ...(next.remarks.trim() ? { remarks: next.remarks.trim() } : {}),
        ...annotationSlotsOfAll(next.entries),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(annotationKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: annotationKeys.list });
      setDialog(null);
      void message.success({ content: CHANGES_SAVED, duration: NOTICE_SECONDS });
    },
    onError: (error) => void message.error(error.message),
  });
  const save = (next: Partial<{ expected: ExpectedResult; remarks: string; entries: EntriesByEntity }>) =>
    saving.mutate({ expected: record.expected_result, remarks: record.remarks ?? '', entries, ...next });

  const withEntry = (entity: AnnotationEntity, index: number | null, entry: AnnotationEntry | null): EntriesByEntity => {
    const list = entries[entity.kind];
    const next =
      index === null ? [...list, entry!] : entry ? list.map((e, i) => (i === index ? entry : e)) : list.filter((_, i) => i !== index);
    return { ...entries, [entity.kind]: next };
  };
  const confirmDelete = (entity: AnnotationEntity, index: number) =>
    modal.confirm({
      title: `Delete ${entity.label} ${index + 1}?`,
      content: describe(entity, entries[entity.kind][index]),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => save({ entries: withEntry(entity, index, null) }),
    });

  const draftChanged = expected !== record.expected_result || remarks.trim() !== (record.remarks ?? '');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {record.procedure_code}
        {record.procedure_name ? ` - ${record.procedure_name}` : ''} · annotated by {record.username} on{' '}
        {formatInZone(record.annotated_on, 'YYYY-MM-DD HH:mm')}
      </Typography.Text>
      <FormItemSpacing>
        <Form layout="vertical" component={false}>
          <Form.Item label="Expected Result" htmlFor="annotation-view-expected">
            <Select<ExpectedResult>
              id="annotation-view-expected"
              value={expected}
              options={EXPECTED_RESULT_OPTIONS}
              onChange={setExpected}
            />
          </Form.Item>
          <Form.Item label="Remarks" htmlFor="annotation-view-remarks">
            <Input.TextArea
              id="annotation-view-remarks"
              rows={2}
              maxLength={2000}
              value={remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
          </Form.Item>
          <Flex justify="end">
            <Button
              size="small"
              type="primary"
              disabled={!draftChanged}
              loading={saving.isPending && !dialog}
              onClick={() => save({ expected, remarks })}
            >
              Save Changes
            </Button>
          </Flex>
        </Form>
      </FormItemSpacing>
      {ANNOTATION_ENTITIES.map((entity) => (
        <section key={entity.kind} aria-label={entity.label}>
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ marginTop: token.marginXS, marginBottom: token.marginXXS }}>
              {entity.label}
            </Typography.Title>
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              onClick={() =>
                setDialog({
                  entity,
                  index: null,
                  initial: position ? followViewer(entity, emptyAnnotationEntry(), position) : emptyAnnotationEntry(),
                })
              }
            >
              Add {entity.label}
            </Button>
          </Flex>
          {entries[entity.kind].length === 0 && <Typography.Text type="secondary">None recorded</Typography.Text>}
          {entries[entity.kind].map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are numbered by position (renumbered on save)
            <Flex key={index} justify="space-between" align="center" gap={4}>
              <Typography.Text>
                {index + 1}. {describe(entity, entry)}
              </Typography.Text>
              <Flex>
                <Button
                  type="text"
                  size="small"
                  aria-label={`Edit ${entity.label} ${index + 1}`}
                  icon={<EditOutlined />}
                  onClick={() => setDialog({ entity, index, initial: entry })}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label={`Delete ${entity.label} ${index + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(entity, index)}
                />
              </Flex>
            </Flex>
          ))}
        </section>
      ))}
      {dialog && (
        <AnnotationEntityDialog
          claim={claim}
          entity={dialog.entity}
          initial={dialog.initial}
          isNew={dialog.index === null}
          names={names}
          position={position}
          saving={saving.isPending}
          onSave={(entry) => save({ entries: withEntry(dialog.entity, dialog.index, entry) })}
          onCancel={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}

/** 'View Annotation' (spec 1 §2): the claim's annotation with its entities, edited in place (max height 550 px). */
export function AnnotationPanel({
  claim,
  annotationId,
  position,
  onClose,
}: {
  claim: Claim;
  annotationId: number;
  position: ViewerPosition | null;
  onClose: () => void;
}) {
  const { token } = theme.useToken();
  const query = useQuery(annotationQuery(annotationId));
  return (
    <Card
      size="small"
      title="Annotation"
      extra={<Button type="text" size="small" aria-label="Close annotation" icon={<CloseOutlined />} onClick={onClose} />}
    >
      <div style={{ maxHeight: 550, overflowY: 'auto', paddingRight: token.paddingXXS }} data-testid="annotation-panel">
        <LoadState query={query}>{(record) => <AnnotationRecord claim={claim} record={record} position={position} />}</LoadState>
      </div>
    </Card>
  );
}
