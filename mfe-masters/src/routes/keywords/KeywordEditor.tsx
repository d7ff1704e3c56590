import { LIMITS } from '@claims/shared-kernel';
import type { KeywordEntity, KeywordSaveBody } from '@claims/shared-kernel';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createKeyword, deleteKeyword, fetchKeyword, updateKeyword } from '../../api/keywords';
import { useMasterWrite } from '../../api/queries';
import { AliasListEditor } from '../../components/AliasListEditor';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import type { KeywordMaster } from './keywordScreens';

const NAME_MAX = LIMITS.masterTextMaxLength;
const ICD_MAX = LIMITS.icdCodeMaxLength;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * The keyword screen (spec 2 §2.5, §5): keyword*, the ordered Attribute Alias* list and, for
 * diagnoses, ICD code*. Save needs the keyword and the first alias (and the ICD code).
 */
function KeywordForm({ master, keyword }: { master: KeywordMaster; keyword?: KeywordEntity }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const listPath = `/${master.module}`;
  const initialAlias = keyword?.alias.length ? keyword.alias : [''];
  const [name, setName] = useState(keyword?.name ?? '');
  const [alias, setAlias] = useState<string[]>(initialAlias);
  const [icd, setIcd] = useState(keyword?.ICD_code ?? '');
  const [touched, setTouched] = useState<{ name?: boolean; icd?: boolean }>({});
  /** A field's message: required once touched, and too long at once (the text is kept, never cut, and not sent). */
  const fieldStatus = (field: 'name' | 'icd', value: string, label: string, max: number) => {
    if (value.trim().length > max) return { validateStatus: 'error' as const, help: tooLong(label, max) };
    return touched[field] && !value.trim() ? { validateStatus: 'error' as const, help: `${label} is required` } : {};
  };
  const save = useMasterWrite(master.module, (body: KeywordSaveBody) =>
    keyword ? updateKeyword(master.module, keyword.id, body) : createKeyword(master.module, body),
  );
  const remove = useMasterWrite(master.module, (record: KeywordEntity) => deleteKeyword(master.module, record.id));

  const missing = [
    !name.trim() && 'Keyword',
    name.trim().length > NAME_MAX && 'a shorter keyword',
    !alias[0]?.trim() && 'the first alias',
    alias.some((a) => a.trim().length > NAME_MAX) && 'shorter aliases',
    master.icd && !icd.trim() && 'ICD code',
    master.icd && icd.trim().length > ICD_MAX && 'a shorter ICD code',
  ].filter(Boolean);

  const submit = () =>
    save.mutate(
      {
        name: name.trim(),
        alias: alias.map((a) => a.trim()).filter(Boolean),
        ...(master.icd ? { ICD_code: icd.trim() } : {}),
      },
      {
        onSuccess: () => {
          void message.success('Saved Successfully');
          void navigate(listPath);
        },
      },
    );

  return (
    <EditorFrame
      heading={keyword ? 'Edit' : 'Create'}
      listPath={listPath}
      listTitle={master.title}
      error={save.error?.message ?? null}
      onDismissError={save.reset}
      deletion={keyword && { run: (outcome) => remove.mutate(keyword, outcome), pending: remove.isPending }}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Keyword" htmlFor="keyword" required {...fieldStatus('name', name, 'Keyword', NAME_MAX)}>
          <Input
            id="keyword"
            value={name}
            count={{ show: true, max: NAME_MAX }}
            onChange={(event) => {
              setName(event.target.value);
              setTouched((t) => ({ ...t, name: true }));
            }}
          />
        </Form.Item>
        <Form.Item
          label="Attribute Alias"
          required
          extra="Press Enter in a row to add the next one; a row can be added when none is empty."
        >
          <AliasListEditor label="Attribute Alias" value={alias} onChange={setAlias} initial={initialAlias} />
        </Form.Item>
        {master.icd && (
          <Form.Item label="ICD code" htmlFor="icd_code" required {...fieldStatus('icd', icd, 'ICD code', ICD_MAX)}>
            <Input
              id="icd_code"
              value={icd}
              count={{ show: true, max: ICD_MAX }}
              onChange={(event) => {
                setIcd(event.target.value);
                setTouched((t) => ({ ...t, icd: true }));
              }}
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          disabled={missing.length > 0}
          loading={save.isPending}
          onClick={submit}
          title={missing.length ? `Needs ${missing.join(', ')}` : undefined}
        >
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /{module}/create and /{module}/edit/{id} for a keyword master; the provider's super users only, as the api writes masters (spec 2 §6, §2.13). */
export function KeywordEditor({ master }: { master: KeywordMaster }) {
  return (
    <MasterEditorRoute
      module={master.module}
      load={(id) => fetchKeyword(master.module, id)}
      noun={master.noun}
      listPath={`/${master.module}`}
      form={(keyword) => <KeywordForm key={keyword?.id} master={master} keyword={keyword} />}
    />
  );
}
