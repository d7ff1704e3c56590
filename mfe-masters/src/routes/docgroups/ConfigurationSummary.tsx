import type { DocgroupConfig } from '@claims/shared-kernel';
import { Flex, Tag, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { Fragment } from 'react';
import { type AliasGroups, BOUNDARY_LISTS, CONDITION_LISTS, cleanGroups, FLAGS, TOP_THRESHOLD_LABEL } from './configuration';

const None = () => <Typography.Text type="secondary">None</Typography.Text>;

/** Alias groups as read: each group's texts joined by 'and', the groups by 'or'. */
export function AliasGroupsText({ groups }: { groups: AliasGroups }) {
  const shown = cleanGroups(groups);
  if (!shown.length) return <None />;
  return (
    <Flex vertical gap={2}>
      {shown.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups are positions in a list of plain strings
        <Fragment key={g}>
          {g > 0 && <Typography.Text type="secondary">or</Typography.Text>}
          <Flex wrap gap={4} align="center">
            {group.map((text, t) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Fragment key={t}>
                {t > 0 && <Typography.Text type="secondary">and</Typography.Text>}
                <Tag style={{ marginInlineEnd: 0 }}>{text}</Tag>
              </Fragment>
            ))}
          </Flex>
        </Fragment>
      ))}
    </Flex>
  );
}

const topThresholdText = (value: number | null) =>
  value === null ? 'Not set (the top quarter of the page)' : value <= 1 ? `${value} (of the page height)` : `${value} points from the top`;

/** One document's configuration, read only: the view screen and the editor's view action show it. */
export function ConfigurationSummary({ config }: { config: DocgroupConfig }) {
  const lists = [...BOUNDARY_LISTS, ...CONDITION_LISTS.flatMap((side) => side.lists)];
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        ...lists.map(({ key, label }) => ({ key, label, children: <AliasGroupsText groups={config[key]} /> })),
        { key: 'top_threshold', label: TOP_THRESHOLD_LABEL, children: topThresholdText(config.top_threshold) },
        ...FLAGS.map(({ key, label }) => ({ key, label, children: config[key] ? 'Yes' : 'No' })),
      ]}
    />
  );
}
