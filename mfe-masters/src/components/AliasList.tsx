import { occurrenceKeys } from '@claims/shared-kernel/ui';
import { Typography } from 'antd';

/** What a view shows for an alias list without entries (spec 2 §2.9). */
export const NO_ALIAS = 'No Alias';

export const NoAlias = () => <Typography.Text type="secondary">{NO_ALIAS}</Typography.Text>;

/** An ordered alias list as the view screens show it, or 'No Alias'. */
export function AliasList({ alias }: { alias: readonly string[] }) {
  if (!alias.length) return <NoAlias />;
  const keys = occurrenceKeys(alias);
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      {alias.map((name, index) => (
        <li key={keys[index]}>{name}</li>
      ))}
    </ol>
  );
}
