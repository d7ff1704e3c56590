import { PlusOutlined } from '@ant-design/icons';
import { VALUE_TYPES } from '@claims/shared-kernel';
import type { ClinicalAttribute, ClinicalAttributeSaveBody, ClinicalUnit, DocumentOverride, PatternOverride } from '@claims/shared-kernel';
import { NO_ROWS } from '@claims/shared-kernel/data';
import { LimitedSelect, lastModifiedText } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Flex, Form, Input, Typography, theme } from 'antd';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CLINICAL_ATTRIBUTE,
  clinicalUnitLookup,
  createClinicalAttribute,
  deleteClinicalAttribute,
  fetchClinicalAttribute,
  updateClinicalAttribute,
} from '../../api/clinicalAttributes';
import { useMasterWrite } from '../../api/queries';
import { NO_ALIAS } from '../../components/AliasList';
import { OrderedListEditor } from '../../components/AliasListEditor';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import { DocumentOverrideWizard } from './DocumentOverrideWizard';
import { type AttributeDraft, added, draftOf, type Entry, saveBodyOf, saveProblems, tryAttributeOf, withEntry } from './draft';
import { DocumentOverrideTable, type EntryActions, PatternOverrideTable } from './OverrideTables';
import { PatternOverrideWizard } from './PatternOverrideWizard';
import { TextValuesEditor } from './TextValuesEditor';
import { TryItPanel } from './TryItPanel';

const LIST_PATH = `/${CLINICAL_ATTRIBUTE}`;
/** Where a deleted attribute leaves the analyst (spec 3 §2.3). */
const AFTER_DELETE = '/rules';
/** What the title names: 'Create Clinical Attribute' or 'Edit Clinical Attribute' (spec 3 §2.3). */
const SUBJECT = 'Clinical Attribute';

/** The units to pick from; the attribute's own are named from the record while the lookup loads (or if it failed). */
function unitOptions(units: ClinicalUnit[], own: ClinicalAttribute['clinical_unit']) {
  const options = units.map((u) => ({ value: u.id, label: u.name }));
  const missing = (own ?? []).filter((u) => !units.some((known) => known.id === u.id)).map((u) => ({ value: u.id, label: u.name }));
  return [...missing, ...options];
}

/** Add, edit (wizard), delete (a loaded entry is kept, struck through, until Save) and restore of one override list. */
function entryActions<T>(entries: Entry<T>[], set: (next: Entry<T>[]) => void, edit: (index: number) => void): EntryActions {
  return {
    onEdit: edit,
    onDelete: (index) => set(entries.flatMap((entry, i) => (i !== index ? [entry] : entry.origin ? [{ ...entry, deleted: true }] : []))),
    onRestore: (index) => set(entries.map((entry, i) => (i === index ? { ...entry, deleted: false } : entry))),
  };
}

/** The wizard's result in its place: a new entry appended, an edited one keeping what it was loaded as. */
function placed<T>(entries: Entry<T>[], index: number | null, value: T): Entry<T>[] {
  return index === null ? [...entries, added(value)] : entries.map((entry, i) => (i === index ? { ...entry, value } : entry));
}

type OpenWizard = { kind: 'document' | 'pattern'; index: number | null };

/**
 * The clinical attribute editor (spec 3 §2.3, §3.1, §5): name, aliases, value type with its limits or text
 * values, test units (up to 10), the document-precedence and pattern overrides with their wizards, Tabular and
 * Distributed Attribute Value, and the try-out; Save is disabled while §5 says so.
 */
function AttributeForm({ attribute }: { attribute?: ClinicalAttribute }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [initial] = useState(() => draftOf(attribute));
  const [draft, setDraft] = useState<AttributeDraft>(initial);
  const [aliasesShown, setAliasesShown] = useState(false);
  const [wizard, setWizard] = useState<OpenWizard | null>(null);
  const valueTypeName = useId();
  const { data: units = NO_ROWS } = useQuery(clinicalUnitLookup());
  const save = useMasterWrite(CLINICAL_ATTRIBUTE, (body: ClinicalAttributeSaveBody) =>
    attribute ? updateClinicalAttribute(attribute.id, body) : createClinicalAttribute(body),
  );
  const remove = useMasterWrite(CLINICAL_ATTRIBUTE, (record: ClinicalAttribute) => deleteClinicalAttribute(record.id));

  const update = (change: Partial<AttributeDraft>) => setDraft((d) => ({ ...d, ...change }));
  const problems = saveProblems(draft);
  const aliases = draft.alias.map((a) => a.trim()).filter(Boolean);
  const lastUpdate = attribute?.audit_trail?.at(-1);
  const numeric = draft.valueType === 'Number' || draft.valueType === 'NumberRange';

  const submit = () => {
    if (problems.length || !draft.valueType) return;
    save.mutate(saveBodyOf({ ...draft, valueType: draft.valueType }), {
      onSuccess: () => {
        void message.success('Saved Successfully');
        void navigate(LIST_PATH);
      },
    });
  };

  const overrideActions = entryActions(
    draft.overrides,
    (overrides) => update({ overrides }),
    (index) => setWizard({ kind: 'document', index }),
  );
  const patternActions = entryActions(
    draft.patterns,
    (patterns) => update({ patterns }),
    (index) => setWizard({ kind: 'pattern', index }),
  );
  const closeWizard = () => setWizard(null);

  return (
    <EditorFrame
      heading={attribute ? 'Edit' : 'Create'}
      headingSubject={SUBJECT}
      listPath={LIST_PATH}
      listTitle="Clinical Attributes"
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={attribute && { run: (outcome) => remove.mutate(attribute, outcome), pending: remove.isPending }}
      afterDelete={AFTER_DELETE}
      deleteLabel="Delete Clinical Attribute"
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Name" htmlFor="attribute-name" required>
          <Input id="attribute-name" value={draft.name} maxLength={200} onChange={(event) => update({ name: event.target.value })} />
        </Form.Item>
        <Form.Item label="Aliases">
          <Flex vertical gap={8}>
            <Flex gap={8} align="center" wrap>
              {!aliasesShown && (
                <Typography.Text type={aliases.length ? undefined : 'secondary'}>{aliases.join(', ') || NO_ALIAS}</Typography.Text>
              )}
              <Button type="link" size="small" onClick={() => setAliasesShown((shown) => !shown)}>
                {aliasesShown ? 'Hide Aliases' : aliases.length ? 'Edit Aliases' : 'Add Aliases'}
              </Button>
            </Flex>
            {aliasesShown && (
              <OrderedListEditor<string>
                label="Aliases"
                rowNoun="alias"
                value={draft.alias}
                onChange={(alias) => update({ alias })}
                initial={initial.alias}
                blank={() => ''}
                isBlank={(alias) => !alias.trim()}
                renderRow={({ row, index, edit, endEdit, addNext, focusRef }) => (
                  <Input
                    ref={focusRef}
                    aria-label={`Alias ${index + 1}`}
                    value={row}
                    maxLength={200}
                    onChange={(event) => edit(event.target.value, 'alias')}
                    onBlur={endEdit}
                    onPressEnter={(event) => {
                      event.preventDefault();
                      addNext();
                    }}
                  />
                )}
              />
            )}
          </Flex>
        </Form.Item>
        <Form.Item label="Value Type" required>
          <Radio.Group
            aria-label="Value Type"
            name={valueTypeName}
            value={draft.valueType}
            onChange={(event) => update({ valueType: event.target.value })}
            options={VALUE_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        {numeric && (
          <Flex gap={16}>
            <Form.Item label="Lower Limit" htmlFor="lower-limit">
              <InputNumber<number> id="lower-limit" value={draft.lowerLimit} onChange={(lowerLimit) => update({ lowerLimit })} />
            </Form.Item>
            <Form.Item label="Upper Limit" htmlFor="upper-limit">
              <InputNumber<number> id="upper-limit" value={draft.upperLimit} onChange={(upperLimit) => update({ upperLimit })} />
            </Form.Item>
          </Flex>
        )}
        {draft.valueType === 'Text' && (
          <Form.Item label="Text Values" extra="Type an alias and press Enter; rows with neither text nor alias are left out on save.">
            <TextValuesEditor value={draft.textValues} onChange={(textValues) => update({ textValues })} initial={initial.textValues} />
          </Form.Item>
        )}
        <Form.Item label="Test unit" extra="The value is converted to the first unit.">
          <LimitedSelect<number>
            aria-label="Test unit"
            placeholder="Select test units"
            options={unitOptions(units, attribute?.clinical_unit)}
            value={draft.units}
            onChange={(next) => update({ units: next })}
          />
        </Form.Item>
        <Form.Item label="Override Items">
          <Flex vertical gap={8}>
            <DocumentOverrideTable entries={draft.overrides} actions={overrideActions} />
            <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} onClick={() => setWizard({ kind: 'document', index: null })}>
              Add Override
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item label="Override Message" htmlFor="override-message">
          <Input.TextArea
            id="override-message"
            rows={2}
            maxLength={500}
            value={draft.overrideMessage}
            onChange={(event) => update({ overrideMessage: event.target.value })}
          />
        </Form.Item>
        <Form.Item label="Pattern overrides">
          <Flex vertical gap={8}>
            <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} onClick={() => setWizard({ kind: 'pattern', index: null })}>
              Add Pattern override
            </Button>
            <PatternOverrideTable entries={draft.patterns} actions={patternActions} />
          </Flex>
        </Form.Item>
        <Flex gap={16} style={{ marginBottom: token.margin }}>
          <Checkbox checked={draft.tabular} onChange={(event) => update({ tabular: event.target.checked })}>
            Tabular
          </Checkbox>
          <Checkbox checked={draft.distributed} onChange={(event) => update({ distributed: event.target.checked })}>
            Distributed Attribute Value
          </Checkbox>
        </Flex>
        <div style={{ marginBottom: token.margin }}>
          <TryItPanel attribute={tryAttributeOf(draft)} />
        </div>
        <Flex vertical gap={8} align="start">
          <Button type="primary" disabled={problems.length > 0} loading={save.isPending} onClick={submit}>
            Save
          </Button>
          {problems.length > 0 && (
            <Typography.Text type="secondary" data-testid="save-problems">
              {problems.join(' · ')}
            </Typography.Text>
          )}
          {lastUpdate && (
            <Typography.Text type="secondary" data-testid="last-update">
              {lastModifiedText({ last_modified_by: lastUpdate.last_modified_by, last_modified_at: lastUpdate.last_modified_on })}
            </Typography.Text>
          )}
        </Flex>
      </Form>
      {wizard?.kind === 'document' && (
        <DocumentOverrideWizard
          initial={wizard.index === null ? null : draft.overrides[wizard.index].value}
          tryWith={(override: DocumentOverride) => tryAttributeOf(draft, { overrides: withEntry(draft.overrides, wizard.index, override) })}
          onCancel={closeWizard}
          onSave={(override) => {
            update({ overrides: placed(draft.overrides, wizard.index, override) });
            closeWizard();
          }}
        />
      )}
      {wizard?.kind === 'pattern' && (
        <PatternOverrideWizard
          initial={wizard.index === null ? null : draft.patterns[wizard.index].value}
          valueType={draft.valueType}
          tryWith={(override: PatternOverride) => tryAttributeOf(draft, { patterns: withEntry(draft.patterns, wizard.index, override) })}
          onCancel={closeWizard}
          onSave={(override) => {
            update({ patterns: placed(draft.patterns, wizard.index, override) });
            closeWizard();
          }}
        />
      )}
    </EditorFrame>
  );
}

/** /clinicalAttribute/create and /clinicalAttribute/edit/{code}; the provider's super users only, as the api writes masters (spec 3 §6). */
export function ClinicalAttributeEditor() {
  return (
    <MasterEditorRoute
      module={CLINICAL_ATTRIBUTE}
      load={fetchClinicalAttribute}
      noun="Clinical attribute"
      listPath={LIST_PATH}
      form={(attribute) => <AttributeForm key={attribute?.id} attribute={attribute} />}
    />
  );
}
