import { RequireSuperUser } from '@claims/shared-kernel';
import type { KeywordEntity, KeywordSaveBody } from '@claims/shared-kernel';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { createKeyword, deleteKeyword, fetchKeyword, updateKeyword } from '../../api/keywords';
import { masterKeys, useMasterWrite } from '../../api/queries';
import { AliasListEditor } from '../../components/AliasListEditor';
import { EditorFrame } from '../../components/EditorFrame';
import { EntityLoader } from '../../components/EntityLoader';
import type { KeywordMaster } from './keywordScreens';

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
  const required = (field: 'name' | 'icd', value: string, label: string) =>
    touched[field] && !value.trim() ? { validateStatus: 'error' as const, help: `${label} is required` } : {};
  const save = useMasterWrite(master.module, (body: KeywordSaveBody) =>
    keyword ? updateKeyword(master.module, keyword.id, body) : createKeyword(master.module, body),
  );
  const remove = useMasterWrite(master.module, (record: KeywordEntity) => deleteKeyword(master.module, record.id));

  const missing = [!name.trim() && 'Keyword', !alias[0]?.trim() && 'the first alias', master.icd && !icd.trim() && 'ICD code'].filter(
    Boolean,
  );

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
        <Form.Item label="Keyword" htmlFor="keyword" required {...required('name', name, 'Keyword')}>
          <Input
            id="keyword"
            value={name}
            maxLength={200}
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
          <Form.Item label="ICD code" htmlFor="icd_code" required {...required('icd', icd, 'ICD code')}>
            <Input
              id="icd_code"
              value={icd}
              maxLength={50}
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
  const { code } = useParams();
  return (
    <RequireSuperUser providerOnly>
      {code === undefined ? (
        <KeywordForm master={master} />
      ) : (
        <EntityLoader
          queryKey={masterKeys.record(master.module, code)}
          code={code}
          load={(id) => fetchKeyword(master.module, id)}
          noun={master.noun}
          listPath={`/${master.module}`}
        >
          {(keyword) => <KeywordForm key={keyword.id} master={master} keyword={keyword} />}
        </EntityLoader>
      )}
    </RequireSuperUser>
  );
}
