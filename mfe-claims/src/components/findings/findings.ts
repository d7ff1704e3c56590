import type { Claim } from '@claims/shared-kernel';

/**
 * The non-cancer list of spec 1 §9: 36 gynaecological imaging findings (ultrasound and MRI of the pelvis), 12
 * rows of 3. Written as the masters name them where they can (diagnosis aliases 'Fibroid uterus', 'Multiple
 * uterine fibroids', 'Endometrioma', 'Dermoid cyst', ...), because the rules match a confirmed finding against
 * entity names and aliases.
 */
export const NON_CANCER_FINDINGS = [
  'Fibroid uterus',
  'Multiple uterine fibroids',
  'Intramural fibroid',
  'Subserosal fibroid',
  'Submucosal fibroid',
  'Pedunculated fibroid',
  'Cervical fibroid',
  'Broad ligament fibroid',
  'Degenerated fibroid',
  'Calcified fibroid',
  'Adenomyosis',
  'Focal adenomyoma',
  'Bulky uterus',
  'Enlarged uterus',
  'Thickened endometrium',
  'Endometrial hyperplasia',
  'Endometrial polyp',
  'Cervical polyp',
  'Nabothian cysts',
  'Haematometra',
  'Pyometra',
  'Intrauterine adhesions',
  'Simple ovarian cyst',
  'Haemorrhagic ovarian cyst',
  'Endometrioma',
  'Dermoid cyst',
  'Polycystic ovaries',
  'Complex adnexal mass',
  'Hydrosalpinx',
  'Tubo-ovarian abscess',
  'Free fluid in pouch of Douglas',
  'Uterine prolapse',
  'Retained products of conception',
  'Bicornuate uterus',
  'Septate uterus',
  'Hydronephrosis',
] as const;

/** The cancer list of spec 1 §9: what was removed and which treatments were given. */
export const CANCER_FINDINGS = [
  'Ovary removed',
  'Fallopian tube removed',
  'Lymph node(s) removed',
  'Chemotherapy',
  'Radiotherapy',
  'Targeted therapy',
  'Immunotherapy',
] as const;

export type FindingsList = 'nonCancer' | 'cancer';

export const FINDINGS_LISTS: Record<FindingsList, { label: string; findings: readonly string[] }> = {
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
