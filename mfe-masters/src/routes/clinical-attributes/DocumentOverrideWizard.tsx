import { LIMITS } from '@claims/shared-kernel';
import type { ClinicalAttributeDraft, DocumentOverride, Hospital, KeywordEntity, Procedure } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { SortableList } from '@claims/shared-kernel/ui/sortable';
import { Flex, Select, Tag, Typography } from 'antd';
import Radio from 'antd/es/radio';
import { useId, useState } from 'react';
import { ListChanges } from './ListChanges';
import { TryItPanel } from './TryItPanel';
import { Wizard, type WizardStep } from './Wizard';

/** The spec's message when the document order is empty (spec 3 §5, spelling corrected). */
export const OVERRIDE_VALUE_EMPTY = "*Override Value can't be empty.";
export const CHOOSE_HOSPITALS = 'Choose at least one hospital, or All';
export const CHOOSE_PROCEDURES = 'Choose at least one procedure, or All';

interface Option {
  value: string;
  label: string;
}
const hospitalOptions = (rows: Hospital[]): Option[] =>
  rows.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} · ${h.name}` }));
const procedureOptions = (rows: Procedure[]): Option[] =>
  rows.map((p) => ({ value: p.procedure_code, label: `${p.procedure_code} · ${p.name}` }));
const documentNames = (rows: KeywordEntity[]): string[] => rows.map((d) => d.name);

const NEW_OVERRIDE: DocumentOverride = { hospitals: [], procedures: [], override_value: [], exclude_document_headers: [] };
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** 'All' or a chosen list: choosing All empties the list (spec 3 §2.4). */
function AllOrChosen({
  label,
  all,
  chosen,
  before,
  options,
  onChange,
}: {
  label: string;
  all: boolean;
  chosen: string[];
  before: string[] | null;
  options: Option[];
  onChange: (all: boolean, chosen: string[]) => void;
}) {
  const name = useId();
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label={label}
        name={name}
        value={all ? 'all' : 'choose'}
        onChange={(event) => onChange(event.target.value === 'all', [])}
        options={[
          { value: 'all', label: 'All' },
          { value: 'choose', label: 'Choose' },
        ]}
      />
      {!all && (
        <LimitedSelect<string>
          aria-label={`Choose ${label.toLowerCase()}`}
          placeholder={`Select ${label.toLowerCase()}`}
          options={options}
          value={chosen}
          onChange={(next) => onChange(false, next)}
        />
      )}
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">{label}:</Typography.Text>
        <ListChanges items={chosen} before={before} empty="All" />
      </Flex>
    </Flex>
  );
}

export interface DocumentOverrideWizardProps {
  /** The override being edited; null for a new one. */
  initial: DocumentOverride | null;
  /** The attribute as the try-out reads it with this override in place of the one edited. */
  tryWith: (override: DocumentOverride) => ClinicalAttributeDraft | null;
  onSave: (override: DocumentOverride) => void;
  onCancel: () => void;
}

/**
 * The document-precedence override (spec 3 §2.4): 1. hospitals, All or chosen; 2. procedures, All or chosen;
 * 3. the documents whose value wins, in order, set by drag and drop; 4. the documents never read for the value.
 * What differs from the override as opened is marked, step by step.
 */
export function DocumentOverrideWizard({ initial, tryWith, onSave, onCancel }: DocumentOverrideWizardProps) {
  const start = initial ?? NEW_OVERRIDE;
  const [hospitalsAll, setHospitalsAll] = useState(start.hospitals.length === 0);
  const [proceduresAll, setProceduresAll] = useState(start.procedures.length === 0);
  const [value, setValue] = useState<DocumentOverride>(start);
  const hospitals = useLookup(lookupQueries.hospitals(), { select: hospitalOptions });
  const procedures = useLookup(lookupQueries.procedures(), { select: procedureOptions });
  const documents = useLookup(lookupQueries.keywords('document'), { select: documentNames });
  const before = initial;

  const set = (change: Partial<DocumentOverride>) => setValue((v) => ({ ...v, ...change }));
  const reset = () => {
    setHospitalsAll(start.hospitals.length === 0);
    setProceduresAll(start.procedures.length === 0);
    setValue(start);
  };
  const ordered = value.override_value;
  const unordered = documents.filter((d) => !ordered.includes(d)).map((d) => ({ value: d, label: d }));
  const removedFromOrder = before?.override_value.filter((d) => !ordered.includes(d)) ?? [];

  const steps: WizardStep[] = [
    {
      title: 'Hospitals',
      changed: !same(value.hospitals, start.hospitals),
      problem: !hospitalsAll && !value.hospitals.length ? CHOOSE_HOSPITALS : null,
      content: (
        <AllOrChosen
          label="Hospitals"
          all={hospitalsAll}
          chosen={value.hospitals}
          before={before?.hospitals ?? null}
          options={hospitals}
          onChange={(all, chosen) => {
            setHospitalsAll(all);
            set({ hospitals: chosen });
          }}
        />
      ),
    },
    {
      title: 'Procedures',
      changed: !same(value.procedures, start.procedures),
      problem: !proceduresAll && !value.procedures.length ? CHOOSE_PROCEDURES : null,
      content: (
        <AllOrChosen
          label="Procedures"
          all={proceduresAll}
          chosen={value.procedures}
          before={before?.procedures ?? null}
          options={procedures}
          onChange={(all, chosen) => {
            setProceduresAll(all);
            set({ procedures: chosen });
          }}
        />
      ),
    },
    {
      title: 'Documents in Order',
      changed: !same(ordered, start.override_value),
      problem: ordered.length ? null : OVERRIDE_VALUE_EMPTY,
      content: (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            The value of the first document found wins; documents not listed count after these. Drag a document by its handle, or use Up and
            Down.
          </Typography.Text>
          <Select<string>
            aria-label="Add a document"
            placeholder={ordered.length >= LIMITS.multiSelectMax ? `At most ${LIMITS.multiSelectMax} documents` : 'Add a document'}
            disabled={ordered.length >= LIMITS.multiSelectMax}
            showSearch
            value={null}
            options={unordered}
            onChange={(document) =>
              set({
                override_value: [...ordered, document],
                exclude_document_headers: value.exclude_document_headers.filter((d) => d !== document),
              })
            }
          />
          <SortableList
            label="Documents in order"
            noun="document"
            items={ordered}
            idOf={(document) => document}
            nameOf={(document) => document}
            removable
            onChange={(next) => set({ override_value: next })}
            details={(document, index) =>
              !before ? null : !before.override_value.includes(document) ? (
                <Tag color="green">New</Tag>
              ) : before.override_value.indexOf(document) !== index ? (
                <Tag color="gold">Moved</Tag>
              ) : null
            }
          />
          {removedFromOrder.length > 0 && (
            <Flex gap={8} wrap>
              <Typography.Text type="secondary">Removed:</Typography.Text>
              {removedFromOrder.map((d) => (
                <Typography.Text key={d} delete type="secondary" data-change="removed">
                  {d}
                </Typography.Text>
              ))}
            </Flex>
          )}
        </Flex>
      ),
    },
    {
      title: 'Documents to Exclude',
      changed: !same(value.exclude_document_headers, start.exclude_document_headers),
      problem: null,
      content: (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            Pages of these documents are never read for this attribute. None excludes nothing.
          </Typography.Text>
          <LimitedSelect<string>
            aria-label="Documents to exclude"
            placeholder="None"
            options={unordered}
            value={value.exclude_document_headers}
            onChange={(next) => set({ exclude_document_headers: next })}
          />
          <ListChanges items={value.exclude_document_headers} before={before?.exclude_document_headers ?? null} empty="None" />
        </Flex>
      ),
    },
  ];

  return (
    <Wizard
      title={initial ? 'Edit Override' : 'Add Override'}
      steps={steps}
      onReset={reset}
      onCancel={onCancel}
      onSave={() => onSave(value)}
      aside={<TryItPanel attribute={tryWith(value)} hospital={value.hospitals[0] ?? null} />}
    />
  );
}
