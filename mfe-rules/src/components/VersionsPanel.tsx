import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { caseTypeLabel, formatInZone } from '@claims/shared-kernel';
import type { Rule, RuleVersion, RuleVersionChange } from '@claims/shared-kernel';
import { LoadState, RuleTree, occurrenceKeys } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Modal, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { restoreRuleVersion, ruleVersionsQuery } from '../api/rules';

const TIME_FORMAT = 'YYYY-MM-DD, h:mm:ss a';
const TREES = [
  { name: 'procedureRule', title: 'Procedure Rule' },
  { name: 'diagnosisRule', title: 'Diagnosis Rule' },
  { name: 'documentRule', title: 'Document Rule' },
  { name: 'clinicalTermsRule', title: 'Clinical Terms Rule' },
] as const;

export const restoredText = (from: number, to: number) => `Version ${from} restored as version ${to}`;

/** Said to a screen reader before each line (del and ins are not announced by every reader); not shown. */
const unseen = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;
const line = { whiteSpace: 'pre-wrap', display: 'block', fontFamily: 'monospace' } as const;

/** A change: what was added highlighted, what was removed struck through (statements keep their indentation). */
function Change({ change }: { change: RuleVersionChange }) {
  const { token } = theme.useToken();
  const removedKeys = occurrenceKeys(change.removed);
  const addedKeys = occurrenceKeys(change.added);
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>{change.label}</Typography.Text>
      {change.removed.map((text, index) => (
        <del key={removedKeys[index]} style={{ ...line, fontSize: token.fontSizeSM, color: token.colorErrorText }}>
          <span style={unseen}>Removed: </span>
          {text}
        </del>
      ))}
      {change.added.map((text, index) => (
        <ins
          key={addedKeys[index]}
          style={{
            ...line,
            fontSize: token.fontSizeSM,
            textDecoration: 'none',
            background: token.colorSuccessBg,
            color: token.colorSuccessText,
          }}
        >
          <span style={unseen}>Added: </span>
          {text}
        </ins>
      ))}
    </Flex>
  );
}

function VersionTrees({ version, onClose }: { version: RuleVersion; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Version ${version.version} (${caseTypeLabel(version.case_type)})`}
      footer={null}
      onCancel={onClose}
      width={800}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {TREES.map(({ name, title }) => (
          <Card key={name} size="small" title={title}>
            <RuleTree rule={version[name]} />
          </Card>
        ))}
      </Flex>
    </Modal>
  );
}

/**
 * The rule's versions, newest first (every save makes one): who saved each and when, what changed against the
 * version before, its trees on View, and Restore, which saves an earlier version again as the newest.
 */
export function VersionsPanel({ rule, canRestore }: { rule: Pick<Rule, 'id' | 'org' | 'version'>; canRestore: boolean }) {
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const query = useQuery(ruleVersionsQuery(rule.id));
  const [viewing, setViewing] = useState<RuleVersion | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => restoreRuleVersion(rule.id, rule.org, version),
    onSuccess: async (restored, version) => {
      void message.success(restoredText(version, restored.version));
      await queryClient.invalidateQueries({ queryKey: ['rules'] });
    },
  });
  const confirmRestore = (version: number) =>
    modal.confirm({
      title: `Restore version ${version}?`,
      content: 'Its rules and selections are saved again as a new version; the versions after it stay in the history.',
      okText: 'Restore',
      onOk: () => restore.mutate(version),
    });

  return (
    <Flex vertical gap={8}>
      {restore.error && <Alert type="error" showIcon title={restore.error.message} closable={{ onClose: restore.reset }} />}
      <LoadState query={query} empty="No versions">
        {(versions) => (
          <Flex component="ol" vertical gap={8} aria-label="Versions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {versions.map((version) => (
              <Flex
                component="li"
                vertical
                gap={6}
                key={version.version}
                aria-label={`Version ${version.version}`}
                style={{
                  borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                  paddingBottom: token.paddingXS,
                }}
              >
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{`Version ${version.version}`}</Typography.Text>
                    {version.current && <Tag color="blue">Current</Tag>}
                    {version.restored_from !== null && <Tag>{`Restored from version ${version.restored_from}`}</Tag>}
                    <Typography.Text type="secondary">
                      {[version.saved_by, version.saved_at && formatInZone(version.saved_at, TIME_FORMAT)].filter(Boolean).join(', ')}
                    </Typography.Text>
                  </Flex>
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={`View version ${version.version}`}
                      onClick={() => setViewing(version)}
                    >
                      View
                    </Button>
                    {canRestore && !version.current && (
                      <Button
                        size="small"
                        icon={<RollbackOutlined />}
                        aria-label={`Restore version ${version.version}`}
                        loading={restore.isPending && restore.variables === version.version}
                        onClick={() => confirmRestore(version.version)}
                      >
                        Restore
                      </Button>
                    )}
                  </Flex>
                </Flex>
                <Flex vertical gap={6}>
                  {version.changes.length ? (
                    version.changes.map((change) => <Change key={change.field} change={change} />)
                  ) : (
                    <Typography.Text type="secondary">
                      {versions.at(-1) === version ? 'The first version kept.' : 'No changes to the rules or selections.'}
                    </Typography.Text>
                  )}
                </Flex>
              </Flex>
            ))}
          </Flex>
        )}
      </LoadState>
      {viewing && <VersionTrees version={viewing} onClose={() => setViewing(null)} />}
    </Flex>
  );
}
