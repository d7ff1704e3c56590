import type { ClinicalUnit, ClinicalUnitSaveBody } from '@claims/shared-kernel';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMasterWrite } from '../../api/queries';
import { createTestUnit, deleteTestUnit, fetchTestUnit, updateTestUnit } from '../../api/testUnits';
import { OrderedListEditor } from '../../components/AliasListEditor';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import { TEST_UNIT, TEST_UNITS } from './testUnitScreens';

export const NOT_A_NUMBER = 'Conversion unit should be a number';
export const KEYWORD_REQUIRED = 'Keyword is required';
const LIST_PATH = `/${TEST_UNITS.module}`;
/** After a delete the user goes to the claims page (spec 3 §2.6, §7). */
const AFTER_DELETE = '/claims';

/** A row as typed: the conversion unit stays text until it is sent, so '0.' or '-' can be typed on the way. */
interface AliasRow {
  keyword: string;
  conversion_unit: string;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const blankRow = (): AliasRow => ({ keyword: '', conversion_unit: '' });
const isBlankRow = (row: AliasRow) => !row.keyword.trim();
const isUnused = (row: AliasRow) => !row.keyword.trim() && !row.conversion_unit.trim();
/** A row with a keyword needs a number; a number typed anywhere must be one (spec 3 §5). */
const conversionWrong = (row: AliasRow) => {
  const text = row.conversion_unit.trim();
  return text ? !NUMBER.test(text) || !Number.isFinite(Number(text)) : !!row.keyword.trim();
};
/** A conversion unit without its keyword (the first row's keyword is required anyway). */
const keywordMissing = (row: AliasRow, index: number) => !row.keyword.trim() && (index === 0 || !!row.conversion_unit.trim());

const toRows = (unit?: ClinicalUnit): AliasRow[] =>
  unit?.alias.length ? unit.alias.map((a) => ({ keyword: a.keyword, conversion_unit: String(a.conversion_unit) })) : [blankRow()];

/**
 * The test unit editor (spec 3 §2.6, §5): a name and keyword rows, each with its conversion unit, in the ordered
 * list editor. Save needs the name and the first keyword, and every conversion unit a number; it is sent as one.
 */
function TestUnitForm({ unit }: { unit?: ClinicalUnit }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [name, setName] = useState(unit?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const initialRows = toRows(unit);
  const [rows, setRows] = useState(initialRows);
  const save = useMasterWrite(TEST_UNITS.module, (body: ClinicalUnitSaveBody) =>
    unit ? updateTestUnit(unit.id, body) : createTestUnit(body),
  );
  const remove = useMasterWrite(TEST_UNITS.module, (record: ClinicalUnit) => deleteTestUnit(record.id));

  const flagged = rows.some((row, index) => conversionWrong(row) || keywordMissing(row, index));
  const canSave = name.trim() !== '' && !!rows[0]?.keyword.trim() && !flagged;
  const submit = () =>
    save.mutate(
      {
        name: name.trim(),
        alias: rows
          .filter((row) => !isUnused(row))
          .map((row) => ({ keyword: row.keyword.trim(), conversion_unit: Number(row.conversion_unit.trim()) })),
      },
      {
        onSuccess: () => {
          void message.success('Saved Successfully');
          void navigate(LIST_PATH);
        },
      },
    );

  return (
    <EditorFrame
      heading={unit ? 'Edit' : 'Create'}
      subject={TEST_UNIT}
      listPath={LIST_PATH}
      listTitle={TEST_UNITS.title}
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={unit && { run: (outcome) => remove.mutate(unit, outcome), pending: remove.isPending }}
      afterDelete={AFTER_DELETE}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Name"
          htmlFor="test_unit_name"
          required
          validateStatus={nameTouched && !name.trim() ? 'error' : undefined}
          help={nameTouched && !name.trim() ? 'Name is required' : undefined}
        >
          <Input
            id="test_unit_name"
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
            }}
          />
        </Form.Item>
        <Form.Item label="Alias" required extra="Each keyword with the number that converts its values to this unit.">
          <OrderedListEditor<AliasRow>
            label="Alias"
            rowNoun="alias"
            value={rows}
            onChange={setRows}
            initial={initialRows}
            blank={blankRow}
            isBlank={isBlankRow}
            renderRow={({ row, index, edit, endEdit, addNext, focusRef }) => {
              const position = index + 1;
              const wrongNumber = conversionWrong(row);
              const noKeyword = keywordMissing(row, index);
              return (
                <Flex vertical flex={1} gap={2}>
                  <Flex gap={6}>
                    <Input
                      ref={focusRef}
                      aria-label={`Keyword ${position}`}
                      placeholder="Keyword"
                      value={row.keyword}
                      maxLength={200}
                      status={noKeyword ? 'error' : undefined}
                      onChange={(event) => edit({ ...row, keyword: event.target.value }, 'keyword')}
                      onBlur={endEdit}
                      onPressEnter={addNext}
                    />
                    <Input
                      aria-label={`Conversion unit ${position}`}
                      placeholder="Conversion unit"
                      value={row.conversion_unit}
                      inputMode="decimal"
                      maxLength={30}
                      status={wrongNumber ? 'error' : undefined}
                      onChange={(event) => edit({ ...row, conversion_unit: event.target.value }, 'conversion_unit')}
                      onBlur={endEdit}
                      onPressEnter={addNext}
                    />
                  </Flex>
                  {noKeyword && index > 0 && <Typography.Text type="danger">{KEYWORD_REQUIRED}</Typography.Text>}
                  {wrongNumber && <Typography.Text type="danger">{NOT_A_NUMBER}</Typography.Text>}
                </Flex>
              );
            }}
          />
        </Form.Item>
        <Button
          type="primary"
          disabled={!canSave}
          loading={save.isPending}
          onClick={submit}
          title={canSave ? undefined : 'Needs the name, the first keyword and a number for every conversion unit'}
        >
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /clinicalUnit/create and /clinicalUnit/edit/{id}; the provider's super users only, as the api writes masters (spec 2 §2.13, §6). */
export function TestUnitEditor() {
  return (
    <MasterEditorRoute
      module={TEST_UNITS.module}
      load={fetchTestUnit}
      noun={TEST_UNITS.noun}
      listPath={LIST_PATH}
      form={(unit) => <TestUnitForm key={unit?.id} unit={unit} />}
    />
  );
}
