import { INSURERS, PROVIDER_ORG, insurerLabel } from '@claims/shared-kernel';
import type { Rule } from '@claims/shared-kernel';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Modal, Spin, Typography, theme } from 'antd';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createRule, ruleExistsIn } from '../../api/rules';
import type { BuilderMasters } from '../../components/rule-builder/useBuilderMasters';
import { storedSaveBody } from './ruleForm';
import { RULE_TEXTS } from './texts';

const OTHER_INSURERS = INSURERS.filter((insurer) => insurer.code !== PROVIDER_ORG);

/**
 * 'Protocol Overrides' (spec 2 §2.8): the insurers without their own rule for this procedure and case type; the one
 * chosen gets this rule's stored content as its own (not the editor's unsaved changes, which are not the provider's
 * rule until saved), which then judges its claims instead of the provider's.
 */
export function OverrideDialog({ rule, masters, onClose }: { rule: Rule; masters: BuilderMasters; onClose: () => void }) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existence = useQueries({
    queries: OTHER_INSURERS.map((insurer) => ({
      queryKey: ['rules', rule.id, 'exists', insurer.code] as const,
      queryFn: () => ruleExistsIn(rule.id, insurer.code),
    })),
  });
  const loading = existence.some((query) => query.isPending);
  const failed = existence.find((query) => query.error)?.error;
  const available = OTHER_INSURERS.filter((_, index) => existence[index].data === false);
  const [chosen, setChosen] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (insurer: string) => createRule(insurer, storedSaveBody(rule, masters)),
    onSuccess: async (override, insurer) => {
      void message.success(RULE_TEXTS.overrideCreated(rule.procedures.name, insurerLabel(insurer)));
      await queryClient.invalidateQueries({ queryKey: ['rules'] });
      onClose();
      void navigate(`/rules/edit/${override.id}?org=${encodeURIComponent(insurer)}`);
    },
  });

  return (
    <Modal
      open
      title={RULE_TEXTS.overridesTitle}
      okText="Create Override"
      okButtonProps={{ disabled: !chosen, loading: create.isPending }}
      onOk={() => chosen && create.mutate(chosen)}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading ? (
        <Flex justify="center">
          <Spin aria-label="Loading" />
        </Flex>
      ) : failed ? (
        <Alert type="error" showIcon title={failed.message} />
      ) : available.length === 0 ? (
        <Typography.Text>{RULE_TEXTS.noInsurers}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text>{`Override the ${rule.procedures.name} rule for:`}</Typography.Text>
          <Radio.Group
            name="override-insurer"
            aria-label="Insurer"
            value={chosen}
            onChange={(event) => setChosen(event.target.value as string)}
            options={available.map((insurer) => ({ value: insurer.code, label: insurer.label }))}
          />
        </Flex>
      )}
      {create.error && <Alert type="error" showIcon title={create.error.message} style={{ marginTop: token.marginSM }} />}
    </Modal>
  );
}
