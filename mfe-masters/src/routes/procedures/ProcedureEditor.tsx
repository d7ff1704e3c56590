import type { KeywordEntity, Procedure, ProcedureSaveBody } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createProcedure, deleteProcedure, fetchProcedure, updateProcedure } from '../../api/procedures';
import { useMasterWrite } from '../../api/queries';
import { AliasListEditor } from '../../components/AliasListEditor';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import { PROCEDURES } from './procedureScreens';

type TextField = 'procedure_code' | 'snomedct_code' | 'name';
const TEXT_FIELDS: { name: TextField; label: string; maxLength: number }[] = [
  { name: 'procedure_code', label: 'Procedure Code', maxLength: 50 },
  { name: 'snomedct_code', label: 'SNOMED Code', maxLength: 50 },
  { name: 'name', label: 'Procedure Name', maxLength: 300 },
];
const GROUP_LABEL = 'Procedure Group';
const LIST_PATH = `/${PROCEDURES.module}`;

const toGroupOptions = (groups: KeywordEntity[]) => groups.map((g) => ({ value: g.id, label: g.name }));

/**
 * Procedure Code*, SNOMED Code*, Procedure Name* and Procedure Group* (spec 2 §2.4, §5): Save only with all
 * four. The procedure's aliases (what the adjudicator also recognises it by) are kept and edited beside them.
 */
function ProcedureForm({ procedure }: { procedure?: Procedure }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<TextField, string>>({
    procedure_code: procedure?.procedure_code ?? '',
    snomedct_code: procedure?.snomedct_code ?? '',
    name: procedure?.name ?? '',
  });
  const [group, setGroup] = useState<number | undefined>(procedure?.procedure_group?.id);
  const initialAlias = procedure?.alias.length ? procedure.alias : [''];
  const [alias, setAlias] = useState(initialAlias);
  const [touched, setTouched] = useState<Partial<Record<TextField | 'group', boolean>>>({});
  const looked = useLookup(lookupQueries.keywords('procedureGroup'), { select: toGroupOptions });
  const current = procedure?.procedure_group;
  const groupOptions =
    current && !looked.some((o) => o.value === current.id) ? [{ value: current.id, label: current.name }, ...looked] : looked;

  const save = useMasterWrite(PROCEDURES.module, (body: ProcedureSaveBody) =>
    procedure ? updateProcedure(procedure.id, body) : createProcedure(body),
  );
  const remove = useMasterWrite(PROCEDURES.module, (record: Procedure) => deleteProcedure(record.id));

  const complete = TEXT_FIELDS.every((f) => values[f.name].trim() !== '') && group !== undefined;
  const submit = () =>
    save.mutate(
      {
        procedure_code: values.procedure_code.trim(),
        snomedct_code: values.snomedct_code.trim(),
        name: values.name.trim(),
        fk_procedure_group: group as number,
        alias: alias.map((a) => a.trim()).filter(Boolean),
      },
      {
        onSuccess: () => {
          void message.success('Saved Successfully');
          void navigate(LIST_PATH);
        },
      },
    );

  const required = (field: TextField | 'group', empty: boolean, label: string) =>
    touched[field] && empty ? { validateStatus: 'error' as const, help: `${label} is required` } : {};

  return (
    <EditorFrame
      heading={procedure ? 'Edit' : 'Create'}
      listPath={LIST_PATH}
      listTitle={PROCEDURES.title}
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={procedure && { run: (outcome) => remove.mutate(procedure, outcome), pending: remove.isPending }}
    >
      <Form layout="vertical" component="div">
        {TEXT_FIELDS.map(({ name, label, maxLength }) => (
          <Form.Item key={name} label={label} htmlFor={name} required {...required(name, values[name].trim() === '', label)}>
            <Input
              id={name}
              value={values[name]}
              maxLength={maxLength}
              onChange={(event) => {
                setValues((v) => ({ ...v, [name]: event.target.value }));
                setTouched((t) => ({ ...t, [name]: true }));
              }}
            />
          </Form.Item>
        ))}
        <Form.Item label={GROUP_LABEL} required {...required('group', group === undefined, GROUP_LABEL)}>
          <Select<number>
            aria-label={GROUP_LABEL}
            placeholder="Select procedure group"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={groupOptions}
            value={group}
            onChange={(id) => {
              setGroup(id);
              setTouched((t) => ({ ...t, group: true }));
            }}
          />
        </Form.Item>
        <Form.Item label="Procedure Alias" extra="Press Enter in a row to add the next one; a row can be added when none is empty.">
          <AliasListEditor label="Procedure Alias" value={alias} onChange={setAlias} initial={initialAlias} />
        </Form.Item>
        <Button
          type="primary"
          disabled={!complete}
          loading={save.isPending}
          onClick={submit}
          title={complete ? undefined : 'Needs Procedure Code, SNOMED Code, Procedure Name and Procedure Group'}
        >
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /procedures/create and /procedures/edit/{id}; the provider's super users only, as the api writes masters (spec 2 §6). */
export function ProcedureEditor() {
  return (
    <MasterEditorRoute
      module={PROCEDURES.module}
      load={fetchProcedure}
      noun={PROCEDURES.noun}
      listPath={LIST_PATH}
      form={(procedure) => <ProcedureForm key={procedure?.id} procedure={procedure} />}
    />
  );
}
