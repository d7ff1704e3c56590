import { INSURERS } from '@claims/shared-kernel';
import { Flex, Select, Typography } from 'antd';

/** The insurer selector offered to the provider's organisation (spec 2 §2.2, §2.9). */
export function InsurerSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>Insurer</Typography.Text>
      <Select
        aria-label="Insurer"
        value={value}
        style={{ width: 160 }}
        options={INSURERS.map((i) => ({ value: i.code, label: i.label }))}
        onChange={onChange}
      />
    </Flex>
  );
}
