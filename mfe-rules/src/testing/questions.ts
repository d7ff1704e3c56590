/** Question rows shaped as the api answers them (tests only). */
import type { Procedure, ProcedureQuestion } from '@claims/shared-kernel';
import { procedure } from './fixtures';

export const HYSTERECTOMY = procedure(2, 'id002', 'Hysterectomy');
export const CATARACT = procedure(1, 'id001', 'Cataract Surgery');

/** A stored question: by default a Single Select 'other' question of Hysterectomy with no history. */
export function question(
  id: number,
  text: string,
  fields: Partial<ProcedureQuestion> = {},
  of: Procedure = HYSTERECTOMY,
): ProcedureQuestion {
  return {
    id,
    fk_procedure: of.id,
    procedure: { id: of.id, procedure_name: of.name, procedure_code: of.procedure_code },
    question: text,
    questionType: 'single',
    answer: ['Yes'],
    entityType: 'other',
    created_by: null,
    created_on: null,
    last_modified_by: null,
    last_modified_on: null,
    ...fields,
  };
}
