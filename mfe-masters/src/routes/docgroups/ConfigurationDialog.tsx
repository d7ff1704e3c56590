import type { DocgroupConfig, KeywordEntity } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { Alert, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { AliasGroupsEditor } from './AliasGroupsEditor';
import {
  type AliasListKey,
  BOUNDARY_LISTS,
  CONDITION_LISTS,
  configurationProblems,
  type DocumentConfiguration,
  emptyConfig,
  FLAGS,
  firstGroupFilled,
  TOP_THRESHOLD_HELP,
  TOP_THRESHOLD_LABEL,
  topThresholdOf,
  topThresholdProblem,
} from './configuration';

const CONDITIONS_HELP =
  'Header lists are looked for in the page header (above the top threshold), body lists in the rest of the page. ' +
  'An inclusion list holds when one of its groups is found, an exclusion list when none is; an empty list always holds.';

interface DocumentOption {
  value: number;
  label: string;
}
const toOptions = (documents: KeywordEntity[]): DocumentOption[] => documents.map((d) => ({ value: d.id, label: d.name }));

export interface ConfigurationDialogProps {
  /** The document's configuration being edited; null for 'Add Configuration'. */
  editing: DocumentConfiguration | null;
  /** The documents the group's other rows configure: one configuration per document. */
  takenDocumentIds: number[];
  /** Whether the group has a hospital: a configuration is saved only for chosen hospitals (spec 2 §5). */
  hospitalsChosen: boolean;
  onSave: (configuration: DocumentConfiguration) => void;
  onCancel: () => void;
}

/**
 * The configuration of one document type (spec 2 §2.7): the document, Beginning and Ending Alias, the begin and end
 * inclusion and exclusion lists for body and header, Top threshold, and the Sub Total, Total and Total Special
 * Character checkboxes. Save needs a hospital in the group, a document and both first aliases (spec 2 §5).
 */
export function ConfigurationDialog({ editing, takenDocumentIds, hospitalsChosen, onSave, onCancel }: ConfigurationDialogProps) {
  const { token } = theme.useToken();
  const [document, setDocument] = useState(editing?.document ?? null);
  const [config, setConfig] = useState<DocgroupConfig>(() => editing?.config ?? emptyConfig());
  const [topThresholdText, setTopThresholdText] = useState(() => String(editing?.config.top_threshold ?? ''));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const lookup = useLookup(lookupQueries.keywords('document'), { select: toOptions });
  const options =
    document && !lookup.some((o) => o.value === document.id) ? [{ value: document.id, label: document.name }, ...lookup] : lookup;

  const touch = (field: string) => setTouched((t) => new Set(t).add(field));
  const setList = (key: AliasListKey, groups: string[][]) => {
    setConfig((c) => ({ ...c, [key]: groups }));
    touch(key);
  };
  const problems = configurationProblems({ hospitalsChosen, documentChosen: !!document, config, topThresholdText });
  const thresholdProblem = topThresholdProblem(topThresholdText);

  return (
    <Modal
      open
      title="Configuration"
      width={1000}
      okText="Save"
      cancelText="Cancel"
      okButtonProps={{ disabled: problems.length > 0 }}
      onOk={() =>
        document &&
        problems.length === 0 &&
        onSave({ document, config: { ...config, top_threshold: topThresholdOf(topThresholdText) ?? null } })
      }
      onCancel={onCancel}
      footer={(buttons) => (
        <Flex justify="space-between" align="center" gap={16}>
          <Typography.Text type="secondary" data-testid="configuration-problems">
            {problems.join(' · ')}
          </Typography.Text>
          <Flex gap={8}>{buttons}</Flex>
        </Flex>
      )}
      destroyOnHidden
    >
      {!hospitalsChosen && (
        <Alert
          type="warning"
          showIcon
          title="Choose at least one hospital before saving a configuration."
          style={{ marginBottom: token.margin }}
        />
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label="Document Name"
          htmlFor="docgroup-document"
          required
          validateStatus={touched.has('document') && !document ? 'error' : undefined}
          help={touched.has('document') && !document ? 'Choose a document' : undefined}
        >
          <Select<number>
            id="docgroup-document"
            showSearch
            allowClear
            optionFilterProp="label"
            placeholder="Select a document"
            style={{ maxWidth: 400 }}
            value={document?.id}
            options={options.map((o) => ({ ...o, disabled: takenDocumentIds.includes(o.value) }))}
            onChange={(id) => {
              const chosen = options.find((o) => o.value === id);
              setDocument(chosen ? { id: chosen.value, name: chosen.label } : null);
              touch('document');
            }}
          />
        </Form.Item>
        <Row gutter={24}>
          {BOUNDARY_LISTS.map(({ key, label }) => {
            const missing = touched.has(key) && !firstGroupFilled(config[key]);
            return (
              <Col key={key} xs={24} lg={12}>
                <Form.Item
                  label={label}
                  required
                  validateStatus={missing ? 'error' : undefined}
                  help={missing ? `${label} is required` : undefined}
                >
                  <AliasGroupsEditor label={label} value={config[key]} onChange={(groups) => setList(key, groups)} required />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        {CONDITION_LISTS.map(({ side, title, lists }) => (
          <section key={side} aria-label={title}>
            <Typography.Title level={5}>{title}</Typography.Title>
            <Row gutter={24}>
              {lists.map(({ key, label }) => (
                <Col key={key} xs={24} lg={12}>
                  <Form.Item label={label}>
                    <AliasGroupsEditor label={label} value={config[key]} onChange={(groups) => setList(key, groups)} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </section>
        ))}
        <Typography.Paragraph type="secondary">{CONDITIONS_HELP}</Typography.Paragraph>
        <Form.Item
          label={TOP_THRESHOLD_LABEL}
          htmlFor="docgroup-top-threshold"
          validateStatus={thresholdProblem ? 'error' : undefined}
          help={thresholdProblem ?? TOP_THRESHOLD_HELP}
        >
          {/* Text, not a number box: a number box drops letters silently and the threshold would be saved empty. */}
          <Input
            id="docgroup-top-threshold"
            inputMode="decimal"
            style={{ width: 200 }}
            value={topThresholdText}
            onChange={(event) => setTopThresholdText(event.target.value)}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          {FLAGS.map(({ key, label }) => (
            <Checkbox key={key} checked={config[key]} onChange={(event) => setConfig((c) => ({ ...c, [key]: event.target.checked }))}>
              {label}
            </Checkbox>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
}
