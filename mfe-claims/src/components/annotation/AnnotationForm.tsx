import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ANNOTATION_ENTITIES, annotationEntity, annotationSlotsOfAll, emptyAnnotationEntry, EXPECTED_RESULTS } from '@claims/shared-kernel';
import type { AnnotationEntityKind, AnnotationEntry, Claim, ExpectedResult } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Typography, theme } from 'antd';
import Radio from 'antd/es/radio';
import { useMemo, useState } from 'react';
import { annotationKeys, createAnnotation } from '../../api/annotations';
import { claimKeys } from '../../api/claims';
import type { ViewerPosition } from '../viewer/types';
import { documentLimits, type EntriesByEntity, entryAlert, followViewer, isBlankEntry } from './entries';
import { EntryFields } from './EntryFields';
import { useEntityNames } from './nameOptions';
import { FormItemSpacing } from '../FormItemSpacing';

export const annotationDone = (reference: string) => `Annotation done successfully for ${reference}`;

const EXPECTED_RESULT_OPTIONS = EXPECTED_RESULTS.map((r) => ({ value: r.code, label: r.label }));

/** A new slot, at the page on screen when there is one. */
const newEntry = (kind: AnnotationEntityKind, position: ViewerPosition | null): AnnotationEntry =>
  position ? followViewer(annotationEntity(kind), emptyAnnotationEntry(), position) : emptyAnnotationEntry();

/** Each entity starts with its primary slot (suffix 1); more are added below it. The first procedure is edited first. */
const startingEntries = (position: ViewerPosition | null): EntriesByEntity =>
  Object.fromEntries(
    ANNOTATION_ENTITIES.map((entity) => [
      entity.kind,
      [entity.kind === 'procedure' ? newEntry(entity.kind, position) : emptyAnnotationEntry()],
    ]),
  ) as EntriesByEntity;

interface Slot {
  kind: AnnotationEntityKind;
  index: number;
}

/**
 * 'Add Annotation' (spec 1 §2): expected result, remarks and the entity slots, the one being edited following
 * the viewer's page and PDF. Save stays disabled until an expected result is chosen; an entry is checked as the
 * edit dialog checks it (spec 1 §5) and an entry left empty is not sent.
 */
export function AnnotationForm({ claim, position, onClose }: { claim: Claim; position: ViewerPosition | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [procedureCode, setProcedureCode] = useState(claim.procedureCodes[0] ?? '');
  const [expected, setExpected] = useState<ExpectedResult | null>(null);
  const [remarks, setRemarks] = useState('');
  const [entries, setEntries] = useState(() => startingEntries(position));
  const [active, setActive] = useState<Slot | null>({ kind: 'procedure', index: 0 });
  const names = useEntityNames(claim, procedureCode, true);
  const documents = useMemo(() => documentLimits(claim), [claim]);

  const update = (slot: Slot, change: (entry: AnnotationEntry) => AnnotationEntry) =>
    setEntries((all) => ({ ...all, [slot.kind]: all[slot.kind].map((e, i) => (i === slot.index ? change(e) : e)) }));

  // The slot being edited takes the page and PDF the viewer moves to.
  const onScreen = position ? `${position.documentId}:${position.pageNumber}` : null;
  if (useChanged([onScreen]) && position && active) update(active, (entry) => followViewer(annotationEntity(active.kind), entry, position));

  /** Focusing a slot makes it the one that follows the viewer; an empty one takes the page on screen at once. */
  const activate = (slot: Slot) => {
    if (active?.kind === slot.kind && active.index === slot.index) return;
    setActive(slot);
    if (!position) return;
    update(slot, (entry) => (entry.page || entry.pdf ? entry : followViewer(annotationEntity(slot.kind), entry, position)));
  };

  const add = (kind: AnnotationEntityKind) => {
    const index = entries[kind].length;
    setEntries((all) => ({ ...all, [kind]: [...all[kind], newEntry(kind, position)] }));
    setActive({ kind, index });
  };
  /** Removes a slot; the only one left is emptied instead (every entity keeps its primary slot). */
  const remove = (slot: Slot) => {
    setEntries((all) => {
      const kept = all[slot.kind].filter((_, i) => i !== slot.index);
      return { ...all, [slot.kind]: kept.length ? kept : [emptyAnnotationEntry()] };
    });
    setActive(null);
  };

  const reloadClaim = () => {
    void queryClient.invalidateQueries({ queryKey: claimKeys.all });
    onClose();
  };
  const creation = useMutation({
    mutationFn: createAnnotation,
    onSuccess: (annotation) => {
      queryClient.setQueryData(annotationKeys.detail(annotation.id), annotation);
      void queryClient.invalidateQueries({ queryKey: annotationKeys.list });
      modal.success({ title: 'Annotation', content: annotationDone(claim.referenceClaimId), onOk: reloadClaim, onCancel: reloadClaim });
    },
    onError: (error) => void message.error(error.message),
  });

  const save = () => {
    if (!expected) return;
    for (const entity of ANNOTATION_ENTITIES) {
      for (const [index, entry] of entries[entity.kind].entries()) {
        if (isBlankEntry(entry)) continue;
        const alert = entryAlert(entity, entry, claim);
        if (!alert) continue;
        setActive({ kind: entity.kind, index });
        void message.error(alert);
        return;
      }
    }
    const filled = Object.fromEntries(
      ANNOTATION_ENTITIES.map((entity) => [entity.kind, entries[entity.kind].filter((entry) => !isBlankEntry(entry))]),
    ) as EntriesByEntity;
    const procedureName = claim.procedureName[claim.procedureCodes.indexOf(procedureCode)];
    creation.mutate({
      claim_id: claim.id,
      reference_claim_id: claim.referenceClaimId,
      procedure_code: procedureCode,
      ...(procedureName ? { procedure_name: procedureName } : {}),
      expected_result: expected,
      ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
      ...annotationSlotsOfAll(filled),
    });
  };

  return (
    <Card
      size="small"
      title="Add Annotation"
      extra={<Button type="text" size="small" aria-label="Close annotation" icon={<CloseOutlined />} onClick={onClose} />}
    >
      <FormItemSpacing>
        <Form layout="vertical" component={false}>
          <div style={{ maxHeight: 550, overflowY: 'auto', paddingRight: token.paddingXXS }}>
            {claim.procedureCodes.length > 1 && (
              <Form.Item label="Procedure" htmlFor="annotation-procedure">
                <Select
                  id="annotation-procedure"
                  value={procedureCode}
                  onChange={setProcedureCode}
                  options={claim.procedureCodes.map((code, i) => ({
                    value: code,
                    label: claim.procedureName[i] ? `${code} - ${claim.procedureName[i]}` : code,
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item label="Expected Result" required>
              <Radio.Group
                aria-label="Expected Result"
                optionType="button"
                size="small"
                options={EXPECTED_RESULT_OPTIONS}
                value={expected}
                onChange={(e) => setExpected(e.target.value as ExpectedResult)}
              />
            </Form.Item>
            <Form.Item label="Remarks" htmlFor="annotation-remarks">
              <Input.TextArea
                id="annotation-remarks"
                rows={2}
                maxLength={2000}
                value={remarks}
                onChange={(e) => setRemarks(e.target.value)}
              />
            </Form.Item>
            {ANNOTATION_ENTITIES.map((entity) => (
              <section key={entity.kind} aria-label={entity.label} style={{ marginBottom: token.marginSM }}>
                <Typography.Title level={5} style={{ marginBlock: token.marginXS }}>
                  {entity.label}
                </Typography.Title>
                {entries[entity.kind].map((entry, index) => {
                  const slot = { kind: entity.kind, index };
                  const isActive = active?.kind === entity.kind && active.index === index;
                  return (
                    <fieldset
                      // biome-ignore lint/suspicious/noArrayIndexKey: slots are numbered by position (renumbered on save)
                      key={index}
                      aria-label={`${entity.label} ${index + 1}`}
                      onFocus={() => activate(slot)}
                      style={{
                        border: 'none',
                        borderLeft: `3px solid ${isActive ? token.colorPrimary : 'transparent'}`,
                        margin: 0,
                        marginBottom: token.marginXS,
                        padding: 0,
                        paddingLeft: token.paddingXS,
                        minWidth: 0,
                      }}
                    >
                      <Flex justify="space-between" align="center">
                        <Typography.Text type="secondary">
                          {entity.label} {index + 1}
                        </Typography.Text>
                        <Button
                          type="text"
                          size="small"
                          danger
                          aria-label={`Remove ${entity.label} ${index + 1}`}
                          icon={<DeleteOutlined />}
                          onClick={() => remove(slot)}
                        />
                      </Flex>
                      <EntryFields
                        entity={entity}
                        entry={entry}
                        onChange={(next) => update(slot, () => next)}
                        names={names}
                        documents={documents}
                        idPrefix={`annotation-${entity.kind}-${index + 1}`}
                        labels="create"
                      />
                    </fieldset>
                  );
                })}
                <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add(entity.kind)}>
                  Add {entity.label}
                </Button>
              </section>
            ))}
          </div>
          <Flex justify="end" gap="small" style={{ marginTop: token.marginSM }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" disabled={!expected} loading={creation.isPending} onClick={save}>
              Save
            </Button>
          </Flex>
        </Form>
      </FormItemSpacing>
    </Card>
  );
}
