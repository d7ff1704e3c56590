import { CANCER_FINDINGS, NON_CANCER_FINDINGS, type Claim, type Finding } from '@claims/shared-kernel';

export type FindingsList = 'nonCancer' | 'cancer';

export const FINDINGS_LISTS: Record<FindingsList, { label: string; findings: readonly Finding[] }> = {
  nonCancer: { label: 'Non-cancer findings', findings: NON_CANCER_FINDINGS },
  cancer: { label: 'Cancer findings', findings: CANCER_FINDINGS },
};

const CANCER_WORDS = /\b(carcinoma|cancer|malignan\w*|lymphoma|sarcoma|neoplasm|metasta\w*|oncolog\w*|ca)\b/i;

/**
 * Which list a claim starts with. A claim carries no cancer flag of its own, so what it says decides: the cancer
 * list when its procedure names or the diagnoses its documents were found to state name a malignancy
 * ('Carcinoma Endometrium', 'Ca cervix', 'Non-Hodgkin Lymphoma'); otherwise the non-cancer list, whose fibroid
 * and uterus sizes belong to the benign gynaecological cases. The reviewer can switch lists on the form when the
 * documents say otherwise.
 */
export function findingsListOf(claim: Claim): FindingsList {
  const diagnoses = Object.values(claim.adjudicationDetails ?? {}).flatMap((v) => (v.diagnoses ?? []).filter((d) => d.found));
  const names = [...claim.procedureName, ...diagnoses.flatMap((d) => [d.name, d.standardName ?? ''])];
  return names.some((name) => CANCER_WORDS.test(name)) ? 'cancer' : 'nonCancer';
}
