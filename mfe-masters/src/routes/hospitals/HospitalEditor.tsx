import type { Hospital, HospitalCreateBody, HospitalUpdateBody } from '@claims/shared-kernel';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createHospital, deleteHospital, fetchHospital, updateHospital } from '../../api/hospitals';
import { useMasterWrite } from '../../api/queries';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';

type Field = HospitalUpdateBody['field_name'];
const FIELDS: { name: Field; label: string }[] = [
  { name: 'hospital_code', label: 'Hospital Code' },
  { name: 'hospital_name', label: 'Hospital Name' },
];
const PATH = 'hospitals';
const LIST_PATH = `/${PATH}`;

/**
 * Hospital Code* and Hospital Name* (spec 2 §2.6, §5). The server changes one field per edit call,
 * so once one field differs from the stored record the other is locked until it is put back.
 */
function HospitalForm({ hospital }: { hospital?: Hospital }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const initial: Record<Field, string> = { hospital_code: hospital?.hospital_code ?? '', hospital_name: hospital?.name ?? '' };
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const save = useMasterWrite(PATH, (body: HospitalCreateBody | { code: string; change: HospitalUpdateBody }) =>
    'change' in body ? updateHospital(body.code, body.change) : createHospital(body),
  );
  const remove = useMasterWrite(PATH, (record: Hospital) => deleteHospital(record.hospital_code, record.id));

  const changed = FIELDS.filter((f) => values[f.name] !== initial[f.name]).map((f) => f.name);
  const lockedBy = hospital && changed.length === 1 ? changed[0] : null;
  const canSave = hospital
    ? changed.length === 1 && values[changed[0]].trim() !== '' && values[changed[0]].trim() !== initial[changed[0]]
    : FIELDS.every((f) => values[f.name].trim() !== '');

  const submit = () =>
    save.mutate(
      hospital
        ? { code: hospital.hospital_code, change: { field_name: changed[0], value: values[changed[0]].trim() } }
        : { hospital_code: values.hospital_code.trim(), hospital_name: values.hospital_name.trim() },
      {
        onSuccess: () => {
          void message.success('Saved Successfully');
          void navigate(LIST_PATH);
        },
      },
    );

  return (
    <EditorFrame
      heading={hospital ? 'Edit' : 'Create'}
      listPath={LIST_PATH}
      listTitle="Hospitals"
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={hospital && { run: (outcome) => remove.mutate(hospital, outcome), pending: remove.isPending }}
    >
      <Form layout="vertical" onFinish={() => canSave && submit()}>
        {FIELDS.map(({ name, label }) => {
          const empty = touched[name] && values[name].trim() === '';
          return (
            <Form.Item
              key={name}
              label={label}
              htmlFor={name}
              required
              validateStatus={empty ? 'error' : undefined}
              help={empty ? `${label} is required` : lockedBy && lockedBy !== name ? 'Only one field can be changed at a time' : undefined}
            >
              <Input
                id={name}
                value={values[name]}
                disabled={!!lockedBy && lockedBy !== name}
                maxLength={name === 'hospital_code' ? 50 : 200}
                onChange={(event) => {
                  setValues((v) => ({ ...v, [name]: event.target.value }));
                  setTouched((t) => ({ ...t, [name]: true }));
                }}
              />
            </Form.Item>
          );
        })}
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /hospitals/create and /hospitals/edit/{code}; the provider's super users only, as the api writes masters (spec 2 §6). */
export function HospitalEditor() {
  return (
    <MasterEditorRoute
      module={PATH}
      load={fetchHospital}
      noun="Hospital"
      listPath={LIST_PATH}
      form={(hospital) => <HospitalForm key={hospital?.id} hospital={hospital} />}
    />
  );
}
