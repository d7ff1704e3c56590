import { annotationEntryProblems, KEYWORD_TYPES } from '@claims/shared-kernel';
import type { AnnotationDocumentLimits, AnnotationEntity, AnnotationEntry, AnnotationEntryField, KeywordType } from '@claims/shared-kernel';
import { Col, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import type { EntityNames } from './nameOptions';

const KEYWORD_TYPE_OPTIONS = KEYWORD_TYPES.map((type) => ({ value: type, label: type }));

/** The creation form names a clinical attribute's value and unit plainly; the edit dialog as spec 1 §2 does. */
const LABELS = {
  create: { value: 'Value', unit: 'Unit' },
  edit: { value: 'Value Type', unit: 'Test Unit' },
} as const;

export interface EntryFieldsProps {
  entity: AnnotationEntity;
  entry: AnnotationEntry;
  onChange: (entry: AnnotationEntry) => void;
  names: EntityNames;
  /** The claim's documents: PDF n is the n-th, with its page count. */
  documents: readonly AnnotationDocumentLimits[];
  /** Makes the fields' ids unique on the page (several entries are edited at once). */
  idPrefix: string;
  labels: keyof typeof LABELS;
}

/**
 * One entity entry's fields (spec 1 §2 'Annotation'): name, alias, keyword type, page (a document's first
 * and last), PDF number, and a clinical attribute's value, unit and document name. A page or PDF number
 * that is not one, or lies outside the claim's documents, is said under its field as it is typed.
 */
export function EntryFields({ entity, entry, onChange, names, documents, idPrefix, labels }: EntryFieldsProps) {
  const inline = new Map<AnnotationEntryField, string>();
  for (const problem of annotationEntryProblems(entity, entry, documents, { requireNumbers: false }))
    if (problem.kind !== 'missing' && !inline.has(problem.field)) inline.set(problem.field, problem.message);

  const set = (change: Partial<AnnotationEntry>) => onChange({ ...entry, ...change });
  const id = (field: string) => `${idPrefix}-${field}`;
  const item = (field: string, label: string, control: ReactNode, problem?: AnnotationEntryField, span = 8) => (
    <Col span={span}>
      <Form.Item
        label={label}
        htmlFor={id(field)}
        validateStatus={problem && inline.has(problem) ? 'error' : undefined}
        help={problem ? inline.get(problem) : undefined}
      >
        {control}
      </Form.Item>
    </Col>
  );

  /** A name from the claim's verification brings what it found: a clinical attribute's value and unit. */
  const chooseName = (name: string) => {
    const found = name ? names.claimItem(entity, name) : undefined;
    const change: Partial<AnnotationEntry> = { name };
    if (entity.kind === 'clinical_attribute') {
      if (!entry.value && found?.valueFound != null) change.value = String(found.valueFound);
      if (!entry.unit && name) change.unit = names.units(name)[0] ?? '';
    }
    set(change);
  };

  const isDocument = entity.kind === 'document';
  return (
    <Row gutter={8}>
      {item(
        'name',
        'Name',
        <Select
          id={id('name')}
          value={entry.name || undefined}
          options={names.options(entity)}
          onChange={(name?: string) => chooseName(name ?? '')}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={`Select ${entity.noun}`}
          allowClear
        />,
        undefined,
        12,
      )}
      {item(
        'alias',
        'Alias',
        <Input id={id('alias')} value={entry.alias} onChange={(e) => set({ alias: e.target.value })} />,
        undefined,
        12,
      )}
      {item(
        'keyword-type',
        'Keyword Type',
        <Select<KeywordType>
          id={id('keyword-type')}
          value={entry.writtenType}
          options={KEYWORD_TYPE_OPTIONS}
          onChange={(writtenType) => set({ writtenType })}
        />,
      )}
      {item(
        'page',
        'Page Number',
        <Input id={id('page')} inputMode="numeric" value={entry.page} onChange={(e) => set({ page: e.target.value })} />,
        'page',
        isDocument ? 5 : 8,
      )}
      {isDocument &&
        item(
          'end-page',
          'End Page Number',
          <Input id={id('end-page')} inputMode="numeric" value={entry.endPage} onChange={(e) => set({ endPage: e.target.value })} />,
          'endPage',
          6,
        )}
      {item(
        'pdf',
        'PDF Number',
        <Input id={id('pdf')} inputMode="numeric" value={entry.pdf} onChange={(e) => set({ pdf: e.target.value })} />,
        'pdf',
        isDocument ? 5 : 8,
      )}
      {entity.kind === 'clinical_attribute' && (
        <>
          {item(
            'value',
            LABELS[labels].value,
            <Input id={id('value')} value={entry.value} onChange={(e) => set({ value: e.target.value })} />,
          )}
          {item('unit', LABELS[labels].unit, <Input id={id('unit')} value={entry.unit} onChange={(e) => set({ unit: e.target.value })} />)}
          {item(
            'doc-name',
            'Document Name',
            <Input id={id('doc-name')} value={entry.docName} onChange={(e) => set({ docName: e.target.value })} />,
          )}
        </>
      )}
    </Row>
  );
}
