import { RequireSuperUser } from '@claims/shared-kernel';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { masterKeys } from '../api/queries';
import { EntityLoader } from './EntityLoader';

export interface MasterEditorRouteProps<T> {
  /** The master's module, as masterKeys names its records: the view and the editor share a record's cache entry. */
  module: string;
  load: (code: string) => Promise<T>;
  /** 'Hospital', 'Test Unit': used in the not-found page. */
  noun: string;
  listPath: string;
  /** The form: without a record on /create, with the loaded one on /edit/{code}. */
  form: (record?: T) => ReactNode;
}

/**
 * A master's /create and /edit/{code} routes. The provider's super users only, as the api writes masters for them
 * alone; an edit loads its record first, so an unknown code gets the not-found page rather than an empty form.
 */
export function MasterEditorRoute<T>({ module, load, noun, listPath, form }: MasterEditorRouteProps<T>) {
  const { code } = useParams();
  return (
    <RequireSuperUser providerOnly>
      {code === undefined ? (
        form()
      ) : (
        <EntityLoader queryKey={masterKeys.record(module, code)} code={code} load={load} noun={noun} listPath={listPath}>
          {form}
        </EntityLoader>
      )}
    </RequireSuperUser>
  );
}
