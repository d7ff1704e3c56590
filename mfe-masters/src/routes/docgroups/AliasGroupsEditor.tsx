import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import Divider from 'antd/es/divider';
import { Fragment } from 'react';
import { ALIAS_MAX, type AliasGroups } from './configuration';

export interface AliasGroupsEditorProps {
  /** 'Beginning Alias', 'End Exclusion Header', ...: names the group and each of its fields. */
  label: string;
  value: AliasGroups;
  onChange: (next: AliasGroups) => void;
  /** The first text is required: shown in red while empty. */
  required?: boolean;
}

const blank = (text: string) => !text.trim();

/**
 * A list of alias groups (spec 2 §2.7): the groups are joined by 'or', the texts of one group by 'and'. A text or
 * a group is added only when none is left empty (as in every alias list, spec 2 §5); the fields are named
 * '{label} 2.1' (group 2, text 1).
 */
export function AliasGroupsEditor({ label, value, onChange, required = false }: AliasGroupsEditorProps) {
  const groups = value.length ? value : [['']];
  const anyBlank = groups.some((group) => group.some(blank));
  const replaceGroup = (index: number, group: string[]) => onChange(groups.map((g, i) => (i === index ? group : g)));

  return (
    <Flex vertical gap={4} role="group" aria-label={label}>
      {groups.map((group, g) => {
        const groupNumber = g + 1;
        return (
          // Groups and texts are positions in a list of plain strings: the position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={g}>
            {g > 0 && (
              <Divider plain size="small" style={{ margin: '2px 0' }}>
                or
              </Divider>
            )}
            <Flex wrap gap={6} align="center">
              {group.map((text, t) => {
                const name = `${label} ${groupNumber}.${t + 1}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Fragment key={t}>
                    {t > 0 && <Typography.Text type="secondary">and</Typography.Text>}
                    <Flex gap={2} align="center">
                      <Input
                        aria-label={name}
                        value={text}
                        count={{ show: true, max: ALIAS_MAX }}
                        style={{ width: 200 }}
                        status={(required && g === 0 && t === 0 && blank(text)) || text.trim().length > ALIAS_MAX ? 'error' : undefined}
                        onChange={(event) =>
                          replaceGroup(
                            g,
                            group.map((old, i) => (i === t ? event.target.value : old)),
                          )
                        }
                      />
                      {group.length > 1 && (
                        <Tooltip title="Remove">
                          <Button
                            type="text"
                            size="small"
                            aria-label={`Remove ${name}`}
                            icon={<CloseOutlined />}
                            onClick={() =>
                              replaceGroup(
                                g,
                                group.filter((_, i) => i !== t),
                              )
                            }
                          />
                        </Tooltip>
                      )}
                    </Flex>
                  </Fragment>
                );
              })}
              <Tooltip title="Add a text that must also be found">
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={`Add an 'and' text to ${label} ${groupNumber}`}
                  disabled={anyBlank}
                  onClick={() => replaceGroup(g, [...group, ''])}
                >
                  and
                </Button>
              </Tooltip>
              {groups.length > 1 && (
                <Tooltip title="Delete this group">
                  <Button
                    size="small"
                    danger
                    aria-label={`Delete ${label} ${groupNumber}`}
                    icon={<DeleteOutlined />}
                    onClick={() => onChange(groups.filter((_, i) => i !== g))}
                  />
                </Tooltip>
              )}
            </Flex>
          </Fragment>
        );
      })}
      <div>
        <Tooltip title="Add another group: either one may be found">
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={`Add an 'or' group to ${label}`}
            disabled={anyBlank}
            onClick={() => onChange([...groups, ['']])}
          >
            or
          </Button>
        </Tooltip>
      </div>
    </Flex>
  );
}
