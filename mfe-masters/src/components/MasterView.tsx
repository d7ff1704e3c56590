import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { AuditExportButton, AuditHistoryDialog, BackTitle, lastModifiedText } from '@claims/shared-kernel/ui';
import type { Audited, MasterModule } from '@claims/shared-kernel';
import { Button, Card, Flex, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { masterKeys } from '../api/queries';
import { EntityLoader } from './EntityLoader';
import { useMayWriteMasters } from './masterWriter';

export interface ViewField<T> {
  label: string;
  value: (entity: T) => ReactNode;
  /** The fields the audit log records this one as (wire names): the history dialog calls them by this label. */
  logged?: readonly string[];
}

/** What the generic view screen needs to know about one master (spec 2 §2.9). */
export interface MasterViewConfig<T extends Audited> {
  /** The route segment and master module: hospitals, diagnoses, ... (its history is logged under it). */
  path: MasterModule;
  /** The list's title, for the way back. */
  listTitle: string;
  noun: string;
  load: (code: string) => Promise<T>;
  /** The heading of the card, e.g. the hospital's name. */
  heading: (entity: T) => string;
  fields: ViewField<T>[];
  /** The code the edit route takes. */
  editCode: (entity: T) => string | number;
  /** Labels of logged fields the view does not show, by wire name (the history names them so). */
  historyLabels?: Readonly<Record<string, string>>;
}

/** The history dialog's labels: the screen's own, for the fields the log records under their wire names. */
export function historyLabelsOf<T extends Audited>(config: MasterViewConfig<T>): Record<string, string> {
  const shown = config.fields.flatMap((field) => (field.logged ?? []).map((name): [string, string] => [name, field.label]));
  return { ...config.historyLabels, ...Object.fromEntries(shown) };
}

/** A master record: its history is logged under its id. */
type LoggedRecord = Audited & { id: number };

function ViewCard<T extends LoggedRecord>({ config, entity }: { config: MasterViewConfig<T>; entity: T }) {
  const navigate = useNavigate();
  const mayWrite = useMayWriteMasters();
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card
      title={
        <BackTitle to={`/${config.path}`} label={`Back to ${config.listTitle}`}>
          <span>{config.heading(entity)}</span>
        </BackTitle>
      }
      extra={
        <Flex gap={8}>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            History
          </Button>
          <AuditExportButton entity={config.path} />
          {mayWrite && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`/${config.path}/edit/${encodeURIComponent(config.editCode(entity))}`)}
            >
              Edit
            </Button>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="last-modified">
        {lastModifiedText(entity)}
      </Typography.Paragraph>
      <Descriptions
        bordered
        column={1}
        size="small"
        items={config.fields.map((field) => ({ key: field.label, label: field.label, children: field.value(entity) }))}
      />
      <AuditHistoryDialog
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        entity={config.path}
        recordKey={entity.id}
        record={entity}
        fieldLabels={historyLabelsOf(config)}
      />
    </Card>
  );
}

/** The generic view screen of every master: last change, history, Edit, and the record's fields. */
export function MasterView<T extends LoggedRecord>({ config }: { config: MasterViewConfig<T> }) {
  const { code = '' } = useParams();
  return (
    <EntityLoader
      queryKey={masterKeys.record(config.path, code)}
      code={code}
      load={config.load}
      noun={config.noun}
      listPath={`/${config.path}`}
    >
      {(entity) => <ViewCard config={config} entity={entity} />}
    </EntityLoader>
  );
}
