import { Button, Col, Flex, Modal, Row, Tag, Typography, theme } from 'antd';
import Steps from 'antd/es/steps';
import { type ReactNode, useState } from 'react';

export interface WizardStep {
  title: string;
  /** Differs from the entry as it was when the wizard opened: the step is marked. */
  changed: boolean;
  /** Why the wizard cannot go past this step, shown once the analyst tries to; null when it can. */
  problem: string | null;
  content: ReactNode;
}

export interface WizardProps {
  title: string;
  steps: WizardStep[];
  /** Puts every step back as it was when the wizard opened. */
  onReset: () => void;
  onCancel: () => void;
  /** The last step's Save: called only when no step has a problem. */
  onSave: () => void;
  /** Shown beside the steps: the try-out. */
  aside: ReactNode;
}

/**
 * The override wizards' frame (spec 3 §2.4, §2.5, §4): the steps with Next, Back, Reset and Cancel, Save on the
 * last one. A step whose input is missing keeps the analyst there and says why.
 */
export function Wizard({ title, steps, onReset, onCancel, onSave, aside }: WizardProps) {
  const { token } = theme.useToken();
  const [current, setCurrent] = useState(0);
  // Whether the analyst tried to leave this step; its problem is then shown for as long as the step still has it,
  // so the message goes as soon as the input is put right.
  const [triedToLeave, setTriedToLeave] = useState(false);
  const last = current === steps.length - 1;
  const step = steps[current];
  const shownProblem = triedToLeave ? step.problem : null;

  const go = (to: number) => {
    setTriedToLeave(false);
    setCurrent(to);
  };
  const next = () => {
    if (step.problem) setTriedToLeave(true);
    else go(current + 1);
  };
  const save = () => {
    const blocked = steps.findIndex((s) => s.problem);
    if (blocked < 0) onSave();
    else {
      setCurrent(blocked);
      setTriedToLeave(true);
    }
  };
  const reset = () => {
    onReset();
    go(0);
  };

  return (
    <Modal
      open
      title={title}
      width={1160}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Flex gap={8}>
            <Button onClick={reset}>Reset</Button>
            <Button onClick={onCancel}>Cancel</Button>
          </Flex>
          <Flex gap={8}>
            <Button disabled={current === 0} onClick={() => go(current - 1)}>
              Back
            </Button>
            {last ? (
              <Button type="primary" onClick={save}>
                Save
              </Button>
            ) : (
              <Button type="primary" onClick={next}>
                Next
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Steps
            size="small"
            current={current}
            items={steps.map((s) => ({ title: s.title, content: s.changed ? <Tag color="gold">Changed</Tag> : undefined }))}
            style={{ marginBottom: token.margin }}
          />
          <Flex vertical gap={12} role="group" aria-label={step.title} data-testid="wizard-step">
            {step.content}
            {shownProblem && (
              <Typography.Text type="danger" role="alert">
                {shownProblem}
              </Typography.Text>
            )}
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          {aside}
        </Col>
      </Row>
    </Modal>
  );
}
