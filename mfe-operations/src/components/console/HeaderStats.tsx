import { Card, Flex, theme } from 'antd';
import Statistic from 'antd/es/statistic';

export interface HeaderStat {
  title: string;
  value: string | number | null | undefined;
}

/** The statistics above a tab's grid; a value not (yet) known shows a dash. */
export function HeaderStats({ stats }: { stats: readonly HeaderStat[] }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={12} wrap style={{ marginBottom: token.marginSM }} role="group" aria-label="Statistics">
      {stats.map(({ title, value }) => (
        <Card key={title} size="small" style={{ minWidth: 200 }}>
          <Statistic title={title} value={value ?? '-'} groupSeparator="" />
        </Card>
      ))}
    </Flex>
  );
}
