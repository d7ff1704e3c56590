import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A card's title led by a back arrow, as the view and editor screens head their card: the arrow goes to `to`
 * and is named `label` ('Back to Hospitals'), since it has no text of its own.
 */
export function BackTitle({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Flex align="center" gap="small">
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={label} onClick={() => navigate(to)} />
      {children}
    </Flex>
  );
}
