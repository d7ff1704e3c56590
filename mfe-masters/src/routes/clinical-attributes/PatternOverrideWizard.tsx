import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ClinicalAttributeDraft, Hospital, PatternOverride, PatternPart, ValueType } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { Button, Card, Checkbox, Flex, Input, Select, Tooltip, Typography } from 'antd';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import { useId, useState } from 'react';
import {
  newKey,
  PART_LABELS,
  PART_TYPES,
  type PatternPartType,
  patternProblem,
  patternText,
  VALUE_KIND_LABELS,
  VALUE_KINDS,
  valueKindOf,
} from './draft';
import { ListChanges } from './ListChanges';
import { TryItPanel } from './TryItPanel';
import { Wizard, type WizardStep } from './Wizard';

export const NEEDS_HOSPITAL = 'Pattern override needs at least one hospital';
export const LAST_PART = 'The last entry of a pattern cannot be deleted';
export const SOLE_PATTERN = 'A pattern cannot be deleted when it is the only one';

interface KeyedPart {
  key: number;
  part: PatternPart;
}
interface KeyedPattern {
  key: number;
  parts: KeyedPart[];
}

const keyed = (patterns: PatternPart[][]): KeyedPattern[] =>
  patterns.map((parts) => ({ key: newKey(), parts: parts.map((part) => ({ key: newKey(), part })) }));
const plain = (patterns: KeyedPattern[]): PatternPart[][] => patterns.map((p) => p.parts.map((k) => k.part));

/** A new part as the list adds it: a Value reads the attribute's own type, a String starts as a fixed text. */
function newPart(type: PatternPartType, valueType: ValueType | null): PatternPart {
  if (type === 'valueExpression') return { type, pattern: [valueKindOf(valueType)] };
  if (type === 'string') return { type, value: '', shouldNotPresent: false };
  return { type };
}

/** A new pattern: the name followed by its value. */
const newPattern = (valueType: ValueType | null): KeyedPattern => ({
  key: newKey(),
  parts: [
    { key: newKey(), part: newPart('attributeName', valueType) },
    { key: newKey(), part: newPart('valueExpression', valueType) },
  ],
});

const hospitalOptions = (rows: Hospital[]) => rows.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} · ${h.name}` }));
const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** The settings of a Value part (Number, Number Range, Text) or a String part (a length or a fixed text, Should not present). */
function PartSettings({ part, label, onChange }: { part: PatternPart; label: string; onChange: (next: PatternPart) => void }) {
  if (part.type === 'valueExpression') {
    return (
      <Checkbox.Group
        aria-label={`${label} reads`}
        value={part.pattern ?? []}
        options={VALUE_KINDS.map((kind) => ({ value: kind, label: VALUE_KIND_LABELS[kind] }))}
        onChange={(kinds) => onChange({ ...part, pattern: VALUE_KINDS.filter((k) => kinds.includes(k)) })}
      />
    );
  }
  if (part.type !== 'string') return null;
  return <StringSettings part={part} label={label} onChange={onChange} />;
}

function StringSettings({ part, label, onChange }: { part: PatternPart; label: string; onChange: (next: PatternPart) => void }) {
  const name = useId();
  const byLength = typeof part.length === 'number';
  return (
    <Flex gap={8} align="center" wrap>
      <Radio.Group
        aria-label={`${label} kind`}
        name={name}
        value={byLength ? 'length' : 'text'}
        onChange={(event) =>
          onChange(
            event.target.value === 'length'
              ? { type: 'string', length: 1, shouldNotPresent: part.shouldNotPresent ?? false }
              : { type: 'string', value: '', shouldNotPresent: part.shouldNotPresent ?? false },
          )
        }
        options={[
          { value: 'length', label: 'Length' },
          { value: 'text', label: 'Fixed text' },
        ]}
      />
      {byLength ? (
        <InputNumber<number>
          aria-label={`${label} length`}
          min={1}
          max={200}
          precision={0}
          value={part.length}
          onChange={(length) => onChange({ ...part, length: length ?? null })}
        />
      ) : (
        <Input
          aria-label={`${label} text`}
          style={{ width: 160 }}
          maxLength={100}
          value={part.value ?? ''}
          onChange={(event) => onChange({ ...part, value: event.target.value })}
        />
      )}
      <Checkbox
        checked={part.shouldNotPresent ?? false}
        onChange={(event) => onChange({ ...part, shouldNotPresent: event.target.checked })}
      >
        Should not present
      </Checkbox>
    </Flex>
  );
}

function PatternEditor({
  pattern,
  number,
  sole,
  valueType,
  onChange,
  onDelete,
}: {
  pattern: KeyedPattern;
  number: number;
  sole: boolean;
  valueType: ValueType | null;
  onChange: (next: KeyedPart[]) => void;
  onDelete: () => void;
}) {
  const { parts } = pattern;
  const partList = parts.map((p) => p.part);
  const problem = patternProblem(partList);
  const name = `Pattern ${number}`;
  const setPart = (index: number, part: PatternPart) => onChange(parts.map((p, i) => (i === index ? { ...p, part } : p)));
  return (
    <Card
      size="small"
      role="group"
      aria-label={name}
      title={name}
      extra={
        <Tooltip title={sole ? SOLE_PATTERN : undefined}>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={sole} onClick={onDelete}>
            Delete Pattern
          </Button>
        </Tooltip>
      }
    >
      <Flex vertical gap={6}>
        {parts.map(({ key, part }, index) => {
          const label = `${name} part ${index + 1}`;
          return (
            <Flex key={key} gap={8} align="center" wrap>
              <Typography.Text strong style={{ width: 110 }}>
                {index + 1}. {PART_LABELS[part.type]}
              </Typography.Text>
              {/* A plain block: an empty antd Flex is hidden, and the part's buttons would then follow its name. */}
              <div style={{ flex: 1 }}>
                <PartSettings part={part} label={label} onChange={(next) => setPart(index, next)} />
              </div>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={`Move ${label} up`}
                disabled={index === 0}
                onClick={() => onChange(move(parts, index, index - 1))}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`Move ${label} down`}
                disabled={index === parts.length - 1}
                onClick={() => onChange(move(parts, index, index + 1))}
              />
              <Tooltip title={parts.length === 1 ? LAST_PART : undefined}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${label}`}
                  disabled={parts.length === 1}
                  onClick={() => onChange(parts.filter((_, i) => i !== index))}
                />
              </Tooltip>
            </Flex>
          );
        })}
        <Select<PatternPartType>
          aria-label={`Add a part to ${name}`}
          placeholder="Add a part"
          style={{ width: 200 }}
          value={null}
          options={PART_TYPES.map((type) => ({ value: type, label: PART_LABELS[type] }))}
          onChange={(type) => onChange([...parts, { key: newKey(), part: newPart(type, valueType) }])}
        />
        <Typography.Text type={problem ? 'danger' : 'secondary'}>{problem ? `${name} ${problem}` : patternText(partList)}</Typography.Text>
      </Flex>
    </Card>
  );
}

export interface PatternOverrideWizardProps {
  /** The pattern override being edited; null for a new one. */
  initial: PatternOverride | null;
  /** The attribute's value type: what a new Value part reads. */
  valueType: ValueType | null;
  /** The attribute as the try-out reads it with this pattern override in place of the one edited. */
  tryWith: (override: PatternOverride) => ClinicalAttributeDraft | null;
  onSave: (override: PatternOverride) => void;
  onCancel: () => void;
}

/**
 * The pattern override (spec 3 §2.5): 1. the hospitals it applies to (at least one); 2. the patterns the value is
 * read by, each assembled from Name, Value (Number, Number Range, Text), Unit, Newline, Whitespaces and String
 * (a length or a fixed text, Should not present). The last part of a pattern and a sole pattern stay.
 */
export function PatternOverrideWizard({ initial, valueType, tryWith, onSave, onCancel }: PatternOverrideWizardProps) {
  const startPatterns = () => (initial ? keyed(initial.overrides) : [newPattern(valueType)]);
  const [hospitals, setHospitals] = useState<string[]>(initial?.hospitals ?? []);
  const [patterns, setPatterns] = useState<KeyedPattern[]>(startPatterns);
  const hospitalChoices = useLookup(lookupQueries.hospitals(), { select: hospitalOptions });
  const [startHospitals] = useState(hospitals);
  const [startShape] = useState(() => JSON.stringify(plain(patterns)));

  const value: PatternOverride = { hospitals, overrides: plain(patterns) };
  const problems = patterns
    .map((p, i) => {
      const problem = patternProblem(p.parts.map((k) => k.part));
      return problem && `Pattern ${i + 1} ${problem}`;
    })
    .filter((p): p is string => !!p);

  const steps: WizardStep[] = [
    {
      title: 'Hospitals',
      changed: JSON.stringify(hospitals) !== JSON.stringify(startHospitals),
      problem: hospitals.length ? null : NEEDS_HOSPITAL,
      content: (
        <Flex vertical gap={8}>
          <LimitedSelect<string>
            aria-label="Choose hospitals"
            placeholder="Select hospitals"
            options={hospitalChoices}
            value={hospitals}
            onChange={setHospitals}
          />
          <ListChanges items={hospitals} before={initial?.hospitals ?? null} empty="None" />
        </Flex>
      ),
    },
    {
      title: 'Patterns',
      changed: JSON.stringify(value.overrides) !== startShape,
      problem: problems[0] ?? null,
      content: (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            The value is read where the page text follows a pattern, part by part; the first pattern that matches is tried first.
          </Typography.Text>
          {patterns.map((pattern, index) => (
            <PatternEditor
              key={pattern.key}
              pattern={pattern}
              number={index + 1}
              sole={patterns.length === 1}
              valueType={valueType}
              onChange={(parts) => setPatterns((all) => all.map((p) => (p.key === pattern.key ? { ...p, parts } : p)))}
              onDelete={() => setPatterns((all) => all.filter((p) => p.key !== pattern.key))}
            />
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => setPatterns((all) => [...all, newPattern(valueType)])}
            style={{ alignSelf: 'start' }}
          >
            Add Pattern
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Wizard
      title={initial ? 'Edit Pattern override' : 'Add Pattern override'}
      steps={steps}
      onReset={() => {
        setHospitals(initial?.hospitals ?? []);
        setPatterns(startPatterns());
      }}
      onCancel={onCancel}
      onSave={() => onSave(value)}
      aside={<TryItPanel attribute={tryWith(value)} hospital={hospitals[0] ?? null} />}
    />
  );
}
