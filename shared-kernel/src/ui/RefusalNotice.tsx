import { Alert } from 'antd';
import { dismissRefusal, useRefusal } from '@claims/shared-kernel';

/** Says why a screen just sent the user here (see noteRefusal); closed, it is gone for good. */
export function RefusalNotice() {
  const reason = useRefusal();
  if (!reason) return null;
  return <Alert type="warning" showIcon closable={{ onClose: dismissRefusal }} title={reason} role="alert" style={{ marginBottom: 12 }} />;
}
