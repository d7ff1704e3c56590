import { ExperimentOutlined } from '@ant-design/icons';
import type {
  ClaimListRow,
  ClinicalAttributeDraft,
  ClinicalAttributeTryBody,
  ClinicalAttributeTryResult,
  Hospital,
  Procedure,
  TryCandidate,
} from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Segmented, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { searchVerifiedClaims, tryClinicalAttribute } from '../../api/clinicalAttributes';

export const TRY_TITLE = 'Try it before saving';
export const NOT_READY = 'Give the attribute a name and a value type to try it.';
export const STALE = 'The attribute has changed since this try: try it again.';

/** How the adjudicator came to the value, in words. */
const SOURCE_TEXT: Record<TryCandidate['source'], string> = {
  fact: "the claim's confirmed findings",
  pattern: 'a pattern override',
  right: 'beside the name',
  below: 'the cell below the name',
  distributed: 'the lines after the name',
};

type Mode = 'text' | 'claim';
const MODES: { value: Mode; label: string }[] = [
  { value: 'text', label: 'Paste text' },
  { value: 'claim', label: 'Verified claim' },
];

interface Option {
  value: string;
  label: string;
}
const hospitalOptions = (rows: Hospital[]): Option[] =>
  rows.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} · ${h.name}` }));
const procedureOptions = (rows: Procedure[]): Option[] =>
  rows.map((p) => ({ value: p.procedure_code, label: `${p.procedure_code} · ${p.name}` }));
const claimLabel = (c: ClaimListRow) =>
  `#${c.id} · ${c.referenceClaimId} · ${c.patientName || 'no name'}${c.hospitalCode ? ` · ${c.hospitalCode}` : ''}`;

const placeText = (place: ClinicalAttributeTryResult['place']) =>
  place ? `${place.document}, page ${place.page}${place.documentType ? ` (${place.documentType})` : ''}` : null;
const valueText = (value: string | number | null, unit: string | null) => `${value}${unit ? ` ${unit}` : ''}`;

function Outcome({ result, several }: { result: ClinicalAttributeTryResult; several: boolean }) {
  const heading = several ? `Procedure ${result.procedureCode ?? '-'}` : null;
  return (
    <Flex vertical gap={8} role="region" aria-label={heading ?? 'Result'}>
      {heading && <Typography.Text strong>{heading}</Typography.Text>}
      {result.found ? (
        <Alert
          type="success"
          showIcon
          title={`Value found: ${valueText(result.value, result.unit)}`}
          description={
            <Flex vertical gap={4}>
              {result.place && <span>In {placeText(result.place)}</span>}
              {result.source && <span>Read from {SOURCE_TEXT[result.source]}</span>}
              {result.matchedText && (
                <Typography.Text code style={{ whiteSpace: 'pre-wrap' }} data-testid="matched-text">
                  {result.matchedText}
                </Typography.Text>
              )}
            </Flex>
          }
        />
      ) : (
        <Alert type="warning" showIcon title="Nothing found" description={result.reason} />
      )}
      {result.documentOverride && (
        <Typography.Text type="secondary">
          Document override applied: {result.documentOverride.override_value.join(' > ') || 'no order'}
          {result.documentOverride.exclude_document_headers.length
            ? `; excluded: ${result.documentOverride.exclude_document_headers.join(', ')}`
            : ''}
        </Typography.Text>
      )}
      {result.notes.map((note) => (
        <Alert key={note} type="info" showIcon title={note} />
      ))}
      {result.candidates.length > 1 || result.candidates.some((c) => !c.counts) ? (
        <Table<TryCandidate & { position: number }>
          size="small"
          pagination={false}
          rowKey="position"
          aria-label="Values read"
          dataSource={result.candidates.map((c, position) => ({ ...c, position }))}
          columns={[
            { key: 'value', title: 'Value', render: (_, c) => valueText(c.value, c.unit) },
            { key: 'where', title: 'Where', render: (_, c) => placeText(c.place) ?? SOURCE_TEXT[c.source] },
            {
              key: 'counts',
              title: 'Counts',
              render: (_, c) => (
                <Flex vertical>
                  <Tag color={c.counts ? 'green' : 'default'}>{c.counts ? 'Counts' : 'Left out'}</Tag>
                  {c.note && <Typography.Text type="secondary">{c.note}</Typography.Text>}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}

export interface TryItPanelProps {
  /** The attribute as it would be saved, with the override being edited in place; null while it has no name or value type. */
  attribute: ClinicalAttributeDraft | null;
  /** The hospital to read pasted text for at first (the pattern override's). */
  hospital?: string | null;
}

/**
 * 'Try it before saving': the analyst pastes a page of text, or picks a verified claim, and sees the value and
 * unit the adjudicator would read with the draft (POST /clinicalAttribute/try; nothing is saved), where it was
 * read, and why nothing was found when nothing was.
 */
export function TryItPanel({ attribute, hospital = null }: TryItPanelProps) {
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  // Until the analyst picks one, pasted text is read for the hospital given (the pattern override's first).
  const [pickedHospital, setPickedHospital] = useState<string | null | undefined>(undefined);
  const hospitalCode = pickedHospital === undefined ? hospital : pickedHospital;
  const [procedureCode, setProcedureCode] = useState<string | null>(null);
  const [claimQuery, setClaimQuery] = useState('');
  const [claimId, setClaimId] = useState<number | null>(null);
  const hospitals = useLookup(lookupQueries.hospitals(), { select: hospitalOptions, enabled: mode === 'text' });
  const procedures = useLookup(lookupQueries.procedures(), { select: procedureOptions, enabled: mode === 'text' });
  const claims = useQuery({
    queryKey: ['clinicalAttribute', 'try', 'claims', claimQuery.trim()],
    queryFn: () => searchVerifiedClaims(claimQuery),
    enabled: mode === 'claim',
  });
  const attempt = useMutation({ mutationFn: tryClinicalAttribute });

  const body: ClinicalAttributeTryBody | null = !attribute
    ? null
    : mode === 'text'
      ? text.trim()
        ? { attribute, text, hospitalCode, procedureCode }
        : null
      : claimId !== null
        ? { attribute, claimId }
        : null;
  const tried = attempt.variables;
  const stale = !!tried && !!attribute && JSON.stringify(tried.attribute) !== JSON.stringify(attribute);
  const results = attempt.data;

  return (
    <Card size="small" title={TRY_TITLE} role="region" aria-label={TRY_TITLE}>
      <Flex vertical gap={8}>
        {!attribute && <Typography.Text type="secondary">{NOT_READY}</Typography.Text>}
        <Segmented<Mode> options={MODES} value={mode} onChange={setMode} />
        {mode === 'text' ? (
          <>
            <Input.TextArea
              aria-label="Page text"
              placeholder="Paste a page of a report here"
              rows={8}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <Flex gap={8} wrap>
              <Select<string>
                aria-label="Hospital"
                placeholder="Hospital (pattern overrides)"
                style={{ minWidth: 200, flex: 1 }}
                allowClear
                showSearch
                optionFilterProp="label"
                options={hospitals}
                value={hospitalCode ?? undefined}
                onChange={(value) => setPickedHospital(value ?? null)}
              />
              <Select<string>
                aria-label="Procedure"
                placeholder="Procedure (document overrides)"
                style={{ minWidth: 200, flex: 1 }}
                allowClear
                showSearch
                optionFilterProp="label"
                options={procedures}
                value={procedureCode ?? undefined}
                onChange={(value) => setProcedureCode(value ?? null)}
              />
            </Flex>
          </>
        ) : (
          <Select<number>
            aria-label="Claim"
            placeholder="Type a case number, patient or claim id"
            showSearch
            filterOption={false}
            onSearch={setClaimQuery}
            loading={claims.isFetching}
            notFoundContent={claims.isError ? claims.error.message : 'No verified claim found'}
            options={(claims.data ?? []).map((c) => ({ value: c.id, label: claimLabel(c) }))}
            value={claimId ?? undefined}
            onChange={setClaimId}
          />
        )}
        <Button icon={<ExperimentOutlined />} disabled={!body} loading={attempt.isPending} onClick={() => body && attempt.mutate(body)}>
          Try it
        </Button>
        {attempt.error && <Alert type="error" showIcon title={attempt.error.message} />}
        {stale && <Typography.Text type="warning">{STALE}</Typography.Text>}
        {results?.map((result) => (
          <Outcome key={result.procedureCode ?? 'text'} result={result} several={results.length > 1} />
        ))}
      </Flex>
    </Card>
  );
}
