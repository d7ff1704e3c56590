import { ANSWER_ENTITY_TYPES } from '@claims/shared-kernel';
import type { AnswerEntityType, QuestionEntityType } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Modal, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { type RuleChoices, ruleChoicesQuery } from '../../api/questions';

/** Each entity type of a question and the names a rule selects of it. */
const VALUES_OF: Record<AnswerEntityType, (rule: RuleChoices) => string[]> = {
  procedures: (rule) => [rule.procedureName],
  diagnosis: (rule) => rule.diagnosisList,
  document: (rule) => rule.document,
  evidence: (rule) => rule.evidence,
  'Clinical Attribute': (rule) => rule.clinicalAttributes,
  drug: (rule) => rule.drug,
  tissue: (rule) => rule.tissue,
};

export const CHOOSE_ENTITY_TYPE = 'Choose Entity Type';
export const CHOOSE_PROCEDURE_FIRST = 'Choose a procedure first';
export const noValues = (kind: string): string => `For this selected procedure there is no ${kind}`;

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));

export interface AnswerPickerProps {
  open: boolean;
  org: string;
  entityType: QuestionEntityType | null;
  procedureCodes: string[];
  /** The answers the question already has (offered as chosen). */
  existing: string[];
  /** How many more answers the question can take (10 in all). */
  room: number;
  onClose: () => void;
  onPick: (answers: string[]) => void;
}

/**
 * Possible answers picked from what the chosen procedures' rules select of the question's entity type
 * (spec 2 §2.12): one tab for that type, or a tab of each for 'other'; up to 10 answers in all.
 */
export function AnswerPicker(props: AnswerPickerProps) {
  const { open, onClose } = props;
  return (
    <Modal open={open} title="Possible Answers" onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {open && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody({ org, entityType, procedureCodes, existing, room, onClose, onPick }: AnswerPickerProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const ready = !!entityType && procedureCodes.length > 0;
  const rules = useQuery({ ...ruleChoicesQuery(org, procedureCodes), enabled: ready });

  if (!entityType) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CHOOSE_ENTITY_TYPE} />;
  if (procedureCodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CHOOSE_PROCEDURE_FIRST} />;
  if (rules.isPending) return <Spin aria-label="Loading" />;
  if (rules.error) return <Alert type="error" showIcon title={rules.error.message} />;

  const taken = new Set(existing.map((a) => a.trim().toLowerCase()));
  const full = chosen.length >= room;
  const kinds = entityType === 'other' ? ANSWER_ENTITY_TYPES : [entityType];
  const tab = (kind: AnswerEntityType) => {
    const values = distinct(rules.data.flatMap(VALUES_OF[kind]));
    if (values.length === 0) return <Typography.Text type="secondary">{noValues(kind)}</Typography.Text>;
    return (
      <Flex vertical gap={6} role="group" aria-label={kind}>
        {values.map((value) => {
          const already = taken.has(value.toLowerCase());
          const picked = chosen.includes(value);
          return (
            <Checkbox
              key={value}
              checked={already || picked}
              disabled={already || (full && !picked)}
              onChange={(event) => setChosen((c) => (event.target.checked ? [...c, value] : c.filter((v) => v !== value)))}
            >
              {value}
            </Checkbox>
          );
        })}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{`Up to ${room - chosen.length} more possible answer(s) can be chosen`}</Typography.Text>
      <Tabs items={kinds.map((kind) => ({ key: kind, label: kind, children: tab(kind) }))} />
      <Flex gap={8} justify="end">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" disabled={chosen.length === 0} onClick={() => onPick(chosen)}>
          Add
        </Button>
      </Flex>
    </Flex>
  );
}
