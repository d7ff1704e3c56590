import { Flex, Modal, Typography, theme } from 'antd';
import { SHORTCUTS } from '../../components/shortcuts';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';
export const NOT_FROM_LIST = 'This claim was not opened from the claims list, so the next and previous claim keys do nothing.';
export const NO_EVIDENCE = 'No found item of this claim has a place in its documents, so the evidence keys do nothing.';

const KEY_NAMES: Record<string, string> = { shift: 'Shift', slash: '/' };

/** A key combination as a reviewer reads it: 'shift+n' is Shift+N. */
export function keyLabel(keys: string): string {
  const parts = keys.split('+');
  return parts.map((part) => KEY_NAMES[part] ?? (parts.length > 1 ? part.toUpperCase() : part)).join('+');
}

/** '?': every shortcut of the table, and why some do nothing on this claim. */
export function ShortcutsDialog({
  open,
  onClose,
  fromList,
  evidenceCount,
}: {
  open: boolean;
  onClose: () => void;
  fromList: boolean;
  evidenceCount: number;
}) {
  const { token } = theme.useToken();
  return (
    <Modal open={open} title={SHORTCUTS_TITLE} footer={null} onCancel={onClose}>
      <Flex vertical gap={token.marginSM}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <tbody>
            {Object.entries(SHORTCUTS).map(([name, { keys, label }]) => (
              <tr key={name}>
                <td style={{ paddingBlock: token.paddingXXS, paddingInlineEnd: token.paddingSM, width: 96 }}>
                  <Typography.Text keyboard>{keyLabel(keys)}</Typography.Text>
                </td>
                <td>{label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!fromList && <Typography.Text type="secondary">{NOT_FROM_LIST}</Typography.Text>}
        {evidenceCount === 0 && <Typography.Text type="secondary">{NO_EVIDENCE}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
