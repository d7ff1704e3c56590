import { RequireSuperUser } from '@claims/shared-kernel';
import type { KeywordEntity, KeywordSaveBody } from '@claims/shared-kernel';
import { App, Button, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { createKeyword, deleteKeyword, fetchKeyword, updateKeyword } from '../../api/keywords';
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const missing = [!name.trim() && 'Keyword', !alias[0]?.trim() && 'the first alias', master.icd && !icd.trim() && 'ICD code'].filter(
    Boolean,
  );

  const save = async () => {
    const body: KeywordSaveBody = {
      name: name.trim(),
      alias: alias.map((a) => a.trim()).filter(Boolean),
      ...(master.icd ? { ICD_code: icd.trim() } : {}),
    };
    setSaving(true);
    setError(null);
    try {
      if (keyword) await updateKeyword(master.module, keyword.id, body);
      else await createKeyword(master.module, body);
      void message.success('Saved Successfully');
      void navigate(listPath);
    } catch (failure) {
      setError((failure as Error).message);
      setSaving(false);
    }
  };

  return (
    <EditorFrame
      heading={keyword ? 'Edit' : 'Create'}
      listPath={listPath}
      listTitle={master.title}
      error={error}
      onDismissError={() => setError(null)}
      onDelete={keyword ? () => deleteKeyword(master.module, keyword.id) : undefined}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Keyword" htmlFor="keyword" required>
          <Input id="keyword" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </Form.Item>
        <Form.Item
          label="Attribute Alias"
          required
          extra="Press Enter in a row to add the next one; a row can be added when none is empty."
        >
          <AliasListEditor label="Attribute Alias" value={alias} onChange={setAlias} initial={initialAlias} />
        </Form.Item>
        {master.icd && (
          <Form.Item label="ICD code" htmlFor="icd_code" required>
            <Input id="icd_code" value={icd} maxLength={50} onChange={(event) => setIcd(event.target.value)} />
          </Form.Item>
        )}
        <Button
          type="primary"
          disabled={missing.length > 0}
          loading={saving}
          onClick={() => void save()}
          title={missing.length ? `Needs ${missing.join(', ')}` : undefined}
        >
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /{module}/create and /{module}/edit/{id} for a keyword master; super users only (spec 2 §6, §2.13). */
export function KeywordEditor({ master }: { master: KeywordMaster }) {
  const { code } = useParams();
  const load = useCallback((id: string) => fetchKeyword(master.module, id), [master.module]);
  return (
    <RequireSuperUser>
      {code === undefined ? (
        <KeywordForm master={master} />
      ) : (
        <EntityLoader code={code} load={load} noun={master.noun} listPath={`/${master.module}`}>
          {(keyword) => <KeywordForm key={keyword.id} master={master} keyword={keyword} />}
        </EntityLoader>
      )}
    </RequireSuperUser>
  );
}
