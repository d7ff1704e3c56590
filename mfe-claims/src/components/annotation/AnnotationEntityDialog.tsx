import type { AnnotationEntity, AnnotationEntry, Claim } from '@claims/shared-kernel';
import { App, Button, Flex, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import type { ViewerPosition } from '../viewer/types';
import { documentLimits, entryAlert, followViewer } from './entries';
import { EntryFields } from './EntryFields';
import type { EntityNames } from './nameOptions';
import { FormItemSpacing } from '../FormItemSpacing';

export interface AnnotationEntityDialogProps {
  claim: Claim;
  entity: AnnotationEntity;
  /** The entry as recorded; for a new one, an empty entry at the page on screen. */
  initial: AnnotationEntry;
  isNew: boolean;
  names: EntityNames;
  position: ViewerPosition | null;
  saving: boolean;
  onSave: (entry: AnnotationEntry) => void;
  onCancel: () => void;
}

/**
 * The edit annotation entity dialog (spec 1 §2, §5): Name, Alias, Keyword Type, Page Number, End Page Number
 * (documents), PDF Number, and a clinical attribute's Value Type, Test Unit and Document Name. 'Update Changes'
 * refuses an entry without a name, without page or PDF number, or outside the claim's documents, with the alerts
 * of spec 1 §5; the page and PDF counts are the claim's own.
 */
export function AnnotationEntityDialog({
  claim,
  entity,
  initial,
  isNew,
  names,
  position,
  saving,
  onSave,
  onCancel,
}: AnnotationEntityDialogProps) {
  const { message } = App.useApp();
  const [entry, setEntry] = useState(initial);
  const documents = useMemo(() => documentLimits(claim), [claim]);

  const update = () => {
    const alert = entryAlert(entity, entry, claim);
    if (alert) void message.error(alert);
    else onSave(entry);
  };

  return (
    <Modal
      open
      title={`${isNew ? 'Add' : 'Edit'} ${entity.label}`}
      okText="Update Changes"
      onOk={update}
      confirmLoading={saving}
      onCancel={onCancel}
      width={640}
    >
      <Flex vertical gap="small">
        {position && (
          <Button size="small" style={{ alignSelf: 'flex-start' }} onClick={() => setEntry(followViewer(entity, entry, position))}>
            Use page {position.pageNumber} of PDF {position.documentNumber}
          </Button>
        )}
        <FormItemSpacing>
          <Form layout="vertical" component={false}>
            <EntryFields
              entity={entity}
              entry={entry}
              onChange={setEntry}
              names={names}
              documents={documents}
              idPrefix={`annotation-edit-${entity.kind}`}
              labels="edit"
            />
          </Form>
        </FormItemSpacing>
      </Flex>
    </Modal>
  );
}
