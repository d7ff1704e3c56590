import { ApiError, insurerLabel } from '@claims/shared-kernel';
import type {
  CaseType,
  Procedure,
  Rule,
  RuleDryRunBody,
  RuleDryRunResult,
  RuleExistence,
  RuleTreeName,
  StatementProblem,
} from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createRule, deleteRule, dryRunRule, ruleExistence, rulesOfProcedure, updateRule } from '../../api/rules';
import type { EditorNode } from '../../components/rule-builder/ruleTree';
import { type BuilderMasters, useBuilderMasters } from '../../components/rule-builder/useBuilderMasters';
import { type DocumentPickerField, draftFor, draftOf, draftProblems, type RuleDraft, saveBodyOf } from './ruleForm';
import { RETURN_AFTER_EDIT_MS, RULE_TEXTS } from './texts';

/**
 * The form's steps: the rule itself; after 'Wanna configure other case type too ?' the same content for the other
 * case type; after 'Wanna configure preauth case type too ?' on a settlement rule, the pre-authorisation variant.
 */
export type Step = 'main' | 'other' | 'preauth';
export type Dialog = 'configureOther' | 'counterpart' | 'delete' | 'override' | null;

const otherCaseType = (caseType: CaseType): CaseType => (caseType === 'PRE_AUTH' ? 'SETTLEMENT' : 'PRE_AUTH');
const CASE_TYPE_OPTIONS: { value: CaseType; label: string }[] = [
  { value: 'PRE_AUTH', label: 'Pre Authorization' },
  { value: 'SETTLEMENT', label: 'Settlement' },
];

/** What the existence check found for the chosen procedure (create). */
export interface Existing {
  result: RuleExistence['result'];
  /** The settlement rule, when that is the case type already configured ('View PreAuth'). */
  settlementId: number | null;
}

/** A procedure as the form shows it: the lookup's row, or the loaded rule's while the lookup loads. */
export type ChosenProcedure = Pick<Procedure, 'id' | 'name' | 'procedure_code'> & { procedure_group?: Procedure['procedure_group'] };

export interface RuleEditorProps {
  /** The organisation whose rule this is. */
  org: string;
  /** The rule to edit; none to create one. */
  rule?: Rule;
  /** Edited from this claim's page: the editor returns there. */
  claimId?: string | null;
  /** The organisation the claim was opened in (?claimOrg=), so the claim page opens it again. */
  claimOrg?: string | null;
}

/** The editor's state and what the screen can do with it; the component only renders this. */
export interface RuleEditorState {
  draft: RuleDraft;
  step: Step;
  /** The rule being edited, on the main step of an edit (the other steps create). */
  edited: Rule | undefined;
  title: string;
  /** Where Back and a finished save go: the claim the editor was opened from, else the list. */
  backTo: string;
  listPath: string;
  masters: BuilderMasters;
  /** The procedures the picker offers. */
  procedureChoices: ChosenProcedure[];
  procedure: ChosenProcedure | undefined;
  /** The chosen procedure's name ('' before one is chosen). */
  name: string;
  /** The case type is shown, not chosen: on an edit and on the steps after the first save. */
  fixedCaseType: boolean;
  offeredCaseTypes: { value: CaseType; label: string }[];
  /** Create: the case types the chosen procedure has a rule for already, once checked. */
  existing: Existing | undefined;
  existenceFailure: Error | null;
  /** Edit of a settlement rule whose procedure has no pre-authorisation rule: it can be configured after the save. */
  preauthMissing: boolean;
  configureOther: boolean;
  dialog: Dialog;
  /** The trees' problems found by the last Save or Try (the api's words). */
  problems: StatementProblem[];
  canSave: boolean;
  /** Save is under way, or waits for the check of whether to ask about the other case type. */
  saving: boolean;
  /** Someone saved the rule since it was loaded: the save was refused, reading it again starts afresh. */
  savedMeanwhile: boolean;
  /** The save; its variable says whether the other case type's rule gets the same content. */
  save: UseMutationResult<CaseType[], Error, boolean>;
  remove: UseMutationResult<void, Error, void>;
  dryRun: UseMutationResult<RuleDryRunResult, Error, RuleDryRunBody>;
  chooseProcedure: (procedureId: number) => void;
  setCaseType: (caseType: CaseType) => void;
  setDocuments: (field: DocumentPickerField, ids: number[]) => void;
  setTree: (tree: RuleTreeName, next: EditorNode) => void;
  setConfigureOther: (configure: boolean) => void;
  setDialog: (dialog: Dialog) => void;
  clearProblems: () => void;
  /** Save pressed: checks the trees, then saves or first asks about the other case type. */
  requestSave: () => Promise<void>;
  /** 'Try on claims': checks the trees, then judges the draft on recent claims. */
  tryOnClaims: () => void;
  /** 'Move Next' after the first case type's save: the same content for the other case type. */
  moveToOtherCaseType: () => void;
  /** Reads the rules again (after a save refused because someone saved since). */
  reload: () => void;
}

/**
 * The rule editor's state machine (spec 2 §2.8, §4): the draft and its steps, the existence checks of the chosen
 * procedure, the trees' validation, Save with the case-type flows and their alerts, Delete, and the dry run.
 */
export function useRuleEditor({ org, rule, claimId, claimOrg }: RuleEditorProps): RuleEditorState {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const masters = useBuilderMasters();
  const procedures = useLookup(lookupQueries.procedures());
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [step, setStep] = useState<Step>('main');
  const [configureOther, setConfigureOther] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [problems, setProblems] = useState<StatementProblem[]>([]);
  const [awaitingCounterpart, setAwaitingCounterpart] = useState(false);
  /**
   * The version the next save of this rule is made on (sent with it, so a save by someone else since is refused
   * rather than silently undone): the one loaded, then that of this editor's own last save.
   */
  const baseVersion = useRef(rule?.version);
  const returning = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(returning.current), []);

  const editing = !!rule && step === 'main';
  const listPath = `/rules?org=${encodeURIComponent(org)}`;
  const backTo = claimId
    ? `/claims/${encodeURIComponent(claimId)}${claimOrg ? `?${new URLSearchParams({ org: claimOrg })}` : ''}`
    : listPath;
  const procedure: ChosenProcedure | undefined =
    procedures.find((p) => p.id === draft.procedureId) ?? (rule && rule.fk_procedure === draft.procedureId ? rule.procedures : undefined);
  const name = procedure?.name ?? '';
  const code = procedure?.procedure_code ?? '';

  /** Create: which case types the chosen procedure has already (spec 2 §4). */
  const check = useMutation({
    mutationFn: async (procedureCode: string): Promise<Existing> => {
      const result = await ruleExistence(org, procedureCode);
      const settlement =
        result === 'SETTLEMENT' ? (await rulesOfProcedure(org, procedureCode)).find((r) => r.case_type === 'SETTLEMENT') : undefined;
      return { result, settlementId: settlement?.id ?? null };
    },
  });
  const existing = !rule && step === 'main' ? check.data : undefined;
  /** Edit: whether the procedure's other case type has a rule too. */
  const counterpartCheck = { queryKey: ['rules', 'existence', org, code] as const, queryFn: () => ruleExistence(org, code) };
  const counterpart = useQuery({ ...counterpartCheck, enabled: !!rule && !!code });
  const preauthMissing = editing && rule.case_type === 'SETTLEMENT' && counterpart.data === 'SETTLEMENT';

  const chooseProcedure = (procedureId: number) => {
    const chosen = procedures.find((p) => p.id === procedureId);
    setDraft((d) => ({ ...d, procedureId }));
    if (!chosen) return;
    check.mutate(chosen.procedure_code, {
      onSuccess: ({ result }) => {
        if (result === true) {
          void message.warning(RULE_TEXTS.bothExist(chosen.name));
          void navigate(listPath);
        } else if (result) {
          // One case type is configured: the other is the one left to create.
          setDraft((d) => ({ ...d, caseType: result === 'PREAUTH' ? 'SETTLEMENT' : 'PRE_AUTH' }));
          setConfigureOther(false);
        }
      },
    });
  };

  const returnLater = () => {
    returning.current = setTimeout(() => void navigate(backTo), RETURN_AFTER_EDIT_MS);
  };

  const save = useMutation({
    /** Saves the form; on an edit with `alsoCounterpart` the other case type's rule gets the same content. */
    mutationFn: async (alsoCounterpart: boolean): Promise<CaseType[]> => {
      const body = saveBodyOf(draft, masters);
      if (!editing) {
        await createRule(org, body);
        return [draft.caseType];
      }
      const saved = await updateRule(rule.id, org, { ...body, version: baseVersion.current });
      baseVersion.current = saved.version;
      if (!alsoCounterpart) return [rule.case_type];
      const other = otherCaseType(rule.case_type);
      const twin = (await rulesOfProcedure(org, code)).find((r) => r.case_type === other);
      if (!twin) return [rule.case_type];
      await updateRule(twin.id, org, saveBodyOf(draftFor(draft, other), masters));
      return [rule.case_type, other];
    },
    onSuccess: async (caseTypes) => {
      // An edited rule is not read again while its editor stays: its new version would start the form afresh
      // (the editor is keyed by version), dropping the way back and the pre-auth step; it is read when next shown.
      await queryClient.invalidateQueries({ queryKey: ['rules'], refetchType: editing ? 'none' : 'active' });
      setDialog(null);
      if (editing) {
        for (const caseType of caseTypes) void message.success(RULE_TEXTS.edited(caseType));
        if (configureOther && preauthMissing) {
          setDraft((d) => draftFor(d, 'PRE_AUTH'));
          setConfigureOther(false);
          setStep('preauth');
        } else returnLater();
        return;
      }
      if (step === 'other') {
        void message.success(RULE_TEXTS.bothSaved(name));
        void navigate(listPath);
      } else if (step === 'preauth') {
        void message.success(RULE_TEXTS.preauthSaved(name));
        void navigate(backTo);
      } else if (configureOther) setDialog('configureOther');
      else {
        void message.success(RULE_TEXTS.savedIn(name, draft.caseType));
        void navigate(backTo);
      }
    },
    onError: (error) => {
      setDialog(null);
      void message.error(error.message);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteRule(rule!.id, org),
    onSuccess: async () => {
      void message.success(RULE_TEXTS.deleted);
      await queryClient.invalidateQueries({ queryKey: ['rules'] });
      void navigate(listPath);
    },
    onError: (error) => {
      void message.error(RULE_TEXTS.deleteFailed(error.message));
      setDialog(null);
    },
  });

  const dryRun = useMutation({ mutationFn: (body: RuleDryRunBody) => dryRunRule(org, body) });

  /** The trees' problems (the api's words) stop a save or a dry run before anything is sent. */
  const wellFormed = () => {
    const found = draftProblems(draft);
    setProblems(found);
    return found.length === 0;
  };
  const requestSave = async () => {
    if (!wellFormed()) return;
    save.reset();
    if (!editing) {
      save.mutate(false);
      return;
    }
    // Whether to ask depends on the check: a save before it answers waits for it rather than skipping the question.
    setAwaitingCounterpart(true);
    const existence = await queryClient.ensureQueryData(counterpartCheck).catch(() => null);
    setAwaitingCounterpart(false);
    // A failed check asks too: Yes changes the other case type only where it has a rule.
    if (existence === true || existence === null) setDialog('counterpart');
    else save.mutate(false);
  };

  return {
    draft,
    step,
    edited: editing ? rule : undefined,
    title: editing ? RULE_TEXTS.editTitle(insurerLabel(org)) : RULE_TEXTS.createTitle,
    backTo,
    listPath,
    masters,
    procedureChoices: procedures.length ? procedures : procedure ? [procedure] : [],
    procedure,
    name,
    fixedCaseType: editing || step !== 'main',
    offeredCaseTypes: CASE_TYPE_OPTIONS.filter(
      (option) => !existing?.result || (existing.result === 'PREAUTH' ? option.value === 'SETTLEMENT' : option.value === 'PRE_AUTH'),
    ),
    existing,
    existenceFailure: check.error,
    preauthMissing,
    configureOther,
    dialog,
    problems,
    canSave: draft.procedureId !== null && !check.isPending && !save.isPending && !awaitingCounterpart,
    saving: save.isPending || awaitingCounterpart,
    savedMeanwhile: save.error instanceof ApiError && save.error.status === 409 && editing,
    save,
    remove,
    dryRun,
    chooseProcedure,
    setCaseType: (caseType) => setDraft((d) => ({ ...d, caseType })),
    setDocuments: (field, ids) => setDraft((d) => ({ ...d, documents: { ...d.documents, [field]: ids } })),
    setTree: (tree, next) => setDraft((d) => ({ ...d, trees: { ...d.trees, [tree]: next } })),
    setConfigureOther,
    setDialog,
    clearProblems: () => setProblems([]),
    requestSave,
    tryOnClaims: () => {
      if (wellFormed()) dryRun.mutate(saveBodyOf(draft, masters));
    },
    moveToOtherCaseType: () => {
      setDraft((d) => draftFor(d, otherCaseType(d.caseType)));
      setConfigureOther(false);
      setStep('other');
      setDialog(null);
    },
    reload: () => void queryClient.invalidateQueries({ queryKey: ['rules'] }),
  };
}
