import { BasicsRoot, Icon, Paragraph, STATUS_COLORS, Title } from '@claims/shared-kernel/ui/basics';
import type { ReactNode } from 'react';

const ICONS = { success: 'success', error: 'error', notFound: 'notFound' } as const;

/**
 * A full-width message with its way out, for the screens shown before sign-in: plain elements in the
 * theme's colours (antd's Result would bring antd, and its illustrations, to the sign-in page).
 */
export function Notice({ status, title, text, action }: { status: keyof typeof ICONS; title: string; text?: string; action?: ReactNode }) {
  return (
    <BasicsRoot
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: '48px 32px', textAlign: 'center' }}
    >
      <Icon name={ICONS[status]} size={64} color={STATUS_COLORS[status]} />
      <Title>{title}</Title>
      {text && <Paragraph secondary>{text}</Paragraph>}
      {action}
    </BasicsRoot>
  );
}
