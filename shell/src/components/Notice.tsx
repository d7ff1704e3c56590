import { CheckCircleFilled, CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { Flex, Typography } from '@claims/shared-kernel/antd/basics';
import { suiteTheme } from '@claims/shared-kernel/ui/basics';
import type { ReactNode } from 'react';

const ICONS = {
  success: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
  notFound: <QuestionCircleFilled style={{ color: suiteTheme.token.colorPrimary }} />,
} as const;

/**
 * A full-width message with its way out, for the screens shown before sign-in. antd's Result would
 * do, but it carries its illustrations (a tenth of the sign-in page's budget).
 */
export function Notice({ status, title, text, action }: { status: keyof typeof ICONS; title: string; text?: string; action?: ReactNode }) {
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <span style={{ fontSize: 64, lineHeight: 1 }} aria-hidden>
        {ICONS[status]}
      </span>
      <Typography.Title level={3}>{title}</Typography.Title>
      {text && <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>}
      {action}
    </Flex>
  );
}
