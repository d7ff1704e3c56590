import { FlagOutlined } from '@ant-design/icons';
import { isProviderOrg, useSession } from '@claims/shared-kernel';
import type { Claim, EntityGroup, ErrorCategory, FoundItem } from '@claims/shared-kernel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Menu, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import Popover from 'antd/es/popover';
import { useState, type MouseEvent } from 'react';
import { annotationKeys, errorCategoriesQuery, errorFlagsQuery, saveErrorFlags } from '../../api/annotations';
import { type ErrorFlagEntry, type ErrorFlags, flagOf, withFlag } from './errorFlags';

export interface ErrorFlagProps {
  claim: Claim;
  procedureCode: string;
  group: EntityGroup;
  /** The item's position among the group's items (the flag's keyword). */
  index: number;
  item: FoundItem;
}

interface Draft {
  category: number | null;
  comment: string;
}

const categoryLabel = (category: ErrorCategory) => (
  <Flex gap={6} align="center">
    <Tag color={category.colour} style={{ marginInlineEnd: 0 }}>
      {category.iconText}
    </Tag>
    {category.category}
  </Flex>
);

/** The popover's inside: the flag as it stands (Edit, Delete), or the category menu and comment (Cancel, Save). */
function FlagEditor({
  flag,
  categories,
  saving,
  onSave,
  onDelete,
  onClose,
}: {
  flag: ErrorFlagEntry | undefined;
  categories: ErrorCategory[];
  saving: boolean;
  onSave: (draft: { category: number; comment: string }) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [editing, setEditing] = useState(!flag);
  const [draft, setDraft] = useState<Draft>({ category: flag?.category ?? null, comment: flag?.comment ?? '' });
  const current = categories.find((c) => c.id === flag?.category);

  if (flag && !editing) {
    return (
      <Flex vertical gap={8} style={{ width: 280 }}>
        {current ? categoryLabel(current) : <Typography.Text type="secondary">Unknown category</Typography.Text>}
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{flag.comment}</Typography.Paragraph>
        <Flex justify="end" gap={8}>
          <Button size="small" danger loading={saving} onClick={onDelete}>
            Delete
          </Button>
          <Button size="small" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </Flex>
      </Flex>
    );
  }
  const cancel = () => {
    if (!flag) onClose();
    setEditing(false);
    setDraft({ category: flag?.category ?? null, comment: flag?.comment ?? '' });
  };
  const { category, comment } = draft;
  return (
    <Flex vertical gap={8} style={{ width: 280 }}>
      <Menu
        aria-label="Error category"
        selectable
        selectedKeys={category === null ? [] : [String(category)]}
        onSelect={({ key }) => setDraft((d) => ({ ...d, category: Number(key) }))}
        items={categories.map((c) => ({ key: String(c.id), label: categoryLabel(c) }))}
        style={{ borderInlineEnd: 'none' }}
      />
      <Input.TextArea
        aria-label="Comment"
        placeholder="Comment"
        rows={3}
        maxLength={2000}
        value={comment}
        onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
      />
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={cancel}>
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={category === null || !comment.trim()}
          loading={saving}
          onClick={() => category !== null && onSave({ category, comment: comment.trim() })}
        >
          Save
        </Button>
      </Flex>
    </Flex>
  );
}

function ErrorFlagControl({ claim, procedureCode, group, index, item }: ErrorFlagProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const org = claim.organization;
  const flags = useQuery(errorFlagsQuery(claim.id, org));
  const categories = useQuery(errorCategoriesQuery());
  const errors: ErrorFlags = flags.data?.errors ?? {};
  const flag = flagOf(errors, procedureCode, group, index);
  const category = categories.data?.find((c) => c.id === flag?.category);

  const saving = useMutation({
    mutationFn: (next: ErrorFlags) => saveErrorFlags(claim.id, org, next, Object.keys(errors).length ? 'put' : 'post'),
    onSuccess: (saved, next) => {
      queryClient.setQueryData(annotationKeys.errorFlags(claim.id), saved);
      setOpen(false);
      void message.success(flagOf(next, procedureCode, group, index) ? 'Error flag saved' : 'Error flag removed');
    },
    onError: (error) => void message.error(error.message),
  });
  const change = (next: { category: number; comment: string } | null) => saving.mutate(withFlag(errors, procedureCode, group, index, next));

  const content = (() => {
    if (flags.error || categories.error) return <Alert type="error" showIcon title={(flags.error ?? categories.error)?.message} />;
    if (!flags.data || !categories.data) return <Spin size="small" aria-label="Loading" />;
    return (
      <FlagEditor
        key={`${flag?.category}:${flag?.comment}`}
        flag={flag}
        categories={categories.data}
        saving={saving.isPending}
        onSave={change}
        onDelete={() => change(null)}
        onClose={() => setOpen(false)}
      />
    );
  })();

  // The item's row opens the viewer on click; the flag and its popover (rendered elsewhere) keep their clicks.
  const keepClick = (event: MouseEvent) => event.stopPropagation();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops the row's click; the controls inside are buttons
    <span onClick={keepClick}>
      <Popover open={open} onOpenChange={setOpen} trigger="click" title={`Error on ${item.name}`} content={content} placement="right">
        {flag ? (
          <Tooltip title={category ? `${category.category}: ${flag.comment}` : flag.comment}>
            <Button
              size="small"
              aria-label={`Error flag on ${item.name}${category ? `: ${category.category}` : ''}`}
              icon={<FlagOutlined />}
              style={category ? { background: category.colour, borderColor: category.colour, color: token.colorTextLightSolid } : undefined}
            >
              {category?.iconText}
            </Button>
          </Tooltip>
        ) : (
          <Button type="text" size="small" aria-label={`Flag an error on ${item.name}`} icon={<FlagOutlined />} />
        )}
      </Popover>
    </span>
  );
}

/** An error flag on one found item (spec 1 §2): the provider's organisation only. */
export function ErrorFlag(props: ErrorFlagProps) {
  const provider = useSession((s) => isProviderOrg(s.organization));
  return provider ? <ErrorFlagControl {...props} /> : null;
}
