/**
 * The synthetic Indian health-insurance master catalog: the seed inserts it as is (ids are stable small
 * integers; src/seed/catalog.ts) and the claim generator draws its vocabulary from it. The adjudicator
 * never reads it directly: it gets the masters and rules from the database (src/jobs/verification-input.ts),
 * in the evaluation (scripts/eval.ts) as in production.
 *
 * Text matching: every alias of every entity (of any type) is a phrase no other entity's alias contains
 * word for word (catalog.test.ts checks it), so finding one entity in a document never implies another.
 *
 * Rule lookup (resolveRule): an insurer's own rule for the procedure and case type when it has one (an
 * override), otherwise the provider's (vitraya) rule; the demo organisation uses vitraya's. When neither
 * exists the claim gets QUERY 'Protocol not configured for {procedure} ({caseType})'.
 *
 * Units: a comparison leaf's value is in the attribute's base unit, the unit keyword whose conversion_unit
 * is 1 (fibroid size in mm; a document's '3.2 cm' is 3.2 x 10 = 32 mm).
 *
 * Spelling: some masters carry both the British and the American spelling of a name ('Haemorrhoids' /
 * 'Hemorrhoids'), others only one ('Haemoglobin', 'Total Leucocyte Count', 'Pre-Authorization Form'), as
 * hospitals' masters do; papers in the other spelling test the adjudicator's matching of spelling variants
 * (the generator's spelling-variant class, notation.ts).
 *
 * Fraud markers (FRAUD_MARKERS) are phrases a reviewer looks for ('tampered', overwritten dates, ...).
 * Under the suite's result semantics they do not change a verdict, which follows the rules only; the
 * generator records the ones it plants so the review screens and the evaluation can report them.
 */
import { PROVIDER_ORG, type CaseType, type EntityName } from '@claims/shared-kernel/constants';
import type {
  Audited,
  ClinicalAttribute,
  ClinicalUnit,
  DocgroupConfig,
  Hospital,
  KeywordEntity,
  PatternPart,
  Procedure,
  ProcedureQuestion,
  Rule,
  RuleStatement,
} from '@claims/shared-kernel/contract';

export type CatalogKeyword = Pick<KeywordEntity, 'id' | 'name' | 'alias'> & { ICD_code?: string };
export type CatalogProcedure = Pick<Procedure, 'id' | 'name' | 'procedure_code' | 'snomedct_code' | 'alias'> & {
  fk_procedure_group: number;
};
export type CatalogClinicalUnit = Omit<ClinicalUnit, keyof Audited>;
export type CatalogClinicalAttribute = Omit<ClinicalAttribute, keyof Audited | 'clinical_unit' | 'audit_trail'>;
export type CatalogHospital = Omit<Hospital, keyof Audited>;
export interface CatalogDocgroup {
  id: number;
  /** Hospital ids. */
  hospital_id: number[];
  /** Document (master) ids. */
  docgroup_id: number[];
  /** Keyed by document (master) name. */
  docgroupConfig_id: Record<string, DocgroupConfig>;
}
export type CatalogRule = Pick<
  Rule,
  | 'id'
  | 'org'
  | 'fk_procedure'
  | 'case_type'
  | 'procedureRule'
  | 'diagnosisRule'
  | 'documentRule'
  | 'clinicalTermsRule'
  | 'fk_diagnosis'
  | 'fk_document'
  | 'fk_tissue'
  | 'fk_drug'
  | 'fk_evidence'
  | 'fk_clinical_attribute'
  | 'fk_clinical_inc_document'
  | 'fk_clinical_exc_document'
  | 'fk_exc_document'
  | 'version'
> & { procedure_code: string };
export type CatalogQuestion = Pick<ProcedureQuestion, 'id' | 'fk_procedure' | 'question' | 'questionType' | 'answer' | 'entityType'> & {
  org: string;
};

export interface Catalog {
  procedureGroups: CatalogKeyword[];
  procedures: CatalogProcedure[];
  diagnoses: CatalogKeyword[];
  evidence: CatalogKeyword[];
  drugs: CatalogKeyword[];
  tissues: CatalogKeyword[];
  preExistingDiseases: CatalogKeyword[];
  documents: CatalogKeyword[];
  clinicalUnits: CatalogClinicalUnit[];
  clinicalAttributes: CatalogClinicalAttribute[];
  hospitals: CatalogHospital[];
  docgroups: CatalogDocgroup[];
  rules: CatalogRule[];
  procedureQuestions: CatalogQuestion[];
}

/** Phrases that mark a suspicious document; see the module comment for what they do (and do not) mean. */
export const FRAUD_MARKERS: readonly CatalogKeyword[] = [
  { id: 1, name: 'Tampered document', alias: ['tampered', 'tampering noticed'] },
  { id: 2, name: 'Overwritten date', alias: ['overwritten', 'date overwritten'] },
  { id: 3, name: 'Correction fluid', alias: ['whitener applied', 'correction fluid'] },
  { id: 4, name: 'Duplicate copy', alias: ['duplicate copy', 'not original'] },
];

const withIds = <T extends object>(rows: T[]): (T & { id: number })[] => rows.map((r, i) => ({ id: i + 1, ...r }));
const kw = (name: string, alias: string[], ICD_code?: string): Omit<CatalogKeyword, 'id'> =>
  ICD_code ? { name, alias, ICD_code } : { name, alias };

const procedureGroups = withIds([
  kw('Ophthalmology', ['Eye', 'Ophthalmic Surgery']),
  kw('Obstetrics and Gynaecology', ['OBG', 'Gynaecology', 'Obstetrics']),
  kw('General Surgery', ['Surgery', 'GI Surgery']),
  kw('Cardiology', ['Interventional Cardiology']),
  kw('Cardiothoracic Surgery', ['CTVS', 'Cardiac Surgery']),
  kw('Orthopaedics', ['Orthopedics', 'Joint Replacement']),
  kw('Nephrology', ['Renal Medicine']),
  kw('Oncology', ['Medical Oncology', 'Surgical Oncology']),
  kw('Urology', ['Genito Urinary Surgery']),
  kw('ENT', ['Otorhinolaryngology']),
  kw('Internal Medicine', ['General Medicine', 'Medicine']),
]);
const groupId = (name: string): number => {
  const g = procedureGroups.find((p) => p.name === name);
  if (!g) throw new Error(`catalog: unknown procedure group ${name}`);
  return g.id;
};

const procedures: CatalogProcedure[] = withIds(
  [
    [
      'id001',
      '110473004',
      'Cataract Surgery',
      'Ophthalmology',
      ['Phacoemulsification with IOL', 'Phaco with PCIOL', 'Small incision cataract surgery', 'SICS with IOL'],
    ],
    [
      'id002',
      '116140006',
      'Total Abdominal Hysterectomy',
      'Obstetrics and Gynaecology',
      ['TAH', 'TAH with BSO', 'Abdominal hysterectomy', 'Total laparoscopic hysterectomy', 'TLH'],
    ],
    ['id003', '80146002', 'Appendectomy', 'General Surgery', ['Appendicectomy', 'Laparoscopic appendicectomy', 'Open appendectomy']],
    ['id003a', '840534001', 'COVID-19 Treatment', 'Internal Medicine', ['COVID management', 'Treatment for SARS-CoV-2', 'Covid care']],
    ['id004', '45595009', 'Laparoscopic Cholecystectomy', 'General Surgery', ['Lap cholecystectomy', 'Lap chole', 'Open cholecystectomy']],
    [
      'id005',
      '232717009',
      'Coronary Artery Bypass Grafting',
      'Cardiothoracic Surgery',
      ['CABG', 'Coronary artery bypass graft', 'OPCAB', 'Off pump CABG'],
    ],
    [
      'id006',
      '41339005',
      'Coronary Angioplasty',
      'Cardiology',
      ['PTCA', 'PTCA with stenting', 'Percutaneous coronary intervention', 'PCI with DES'],
    ],
    ['id007', '609588000', 'Total Knee Replacement', 'Orthopaedics', ['TKR', 'Total knee arthroplasty', 'TKA', 'Unilateral TKR']],
    [
      'id008',
      '11466000',
      'Caesarean Section',
      'Obstetrics and Gynaecology',
      ['LSCS', 'Lower segment caesarean section', 'Emergency LSCS', 'Elective LSCS', 'C-section'],
    ],
    ['id009', '302497006', 'Haemodialysis', 'Nephrology', ['Hemodialysis', 'HD session', 'Maintenance haemodialysis', 'MHD']],
    [
      'id010',
      '367336001',
      'Chemotherapy',
      'Oncology',
      ['Chemo cycle', 'Systemic chemotherapy', 'Palliative chemotherapy', 'Adjuvant chemotherapy'],
    ],
    [
      'id011',
      '7558003',
      'Myomectomy',
      'Obstetrics and Gynaecology',
      ['Laparoscopic myomectomy', 'Abdominal myomectomy', 'Hysteroscopic myomectomy'],
    ],
    [
      'id012',
      '90470006',
      'Transurethral Resection of Prostate',
      'Urology',
      ['TURP', 'Bipolar TURP', 'Trans urethral resection of prostate'],
    ],
    ['id013', '44558001', 'Hernia Repair', 'General Surgery', ['Mesh hernioplasty', 'Lichtenstein repair', 'TEP repair', 'Herniorrhaphy']],
    ['id014', '173422009', 'Tonsillectomy', 'ENT', ['Coblation tonsillectomy', 'Adenotonsillectomy']],
    ['id015', '176827002', 'Dilatation and Curettage', 'Obstetrics and Gynaecology', ['D&C', 'D and C', 'Fractional curettage']],
    ['id016', '53559001', 'Septoplasty', 'ENT', ['Submucous resection of septum', 'SMR', 'Endoscopic septoplasty']],
    ['id017', '236044006', 'Ureteroscopic Lithotripsy', 'Urology', ['URSL', 'Ureteroscopy with laser lithotripsy', 'URS with DJ stenting']],
    ['id018', '303881007', 'Percutaneous Nephrolithotomy', 'Urology', ['PCNL', 'Mini PCNL', 'Percutaneous nephrolithotripsy']],
    [
      'id019',
      '82165000',
      'Haemorrhoidectomy',
      'General Surgery',
      ['Hemorrhoidectomy', 'Stapler haemorrhoidopexy', 'MIPH', 'Laser haemorrhoidoplasty'],
    ],
    ['id020', '52734007', 'Total Hip Replacement', 'Orthopaedics', ['THR', 'Total hip arthroplasty', 'THA']],
    [
      'id021',
      '225362009',
      'Vector Borne Disease Management',
      'Internal Medicine',
      ['VBD management', 'Conservative management of febrile illness'],
    ],
    ['id022', '13619001', 'Thyroidectomy', 'General Surgery', ['Total thyroidectomy', 'Hemithyroidectomy', 'Near total thyroidectomy']],
    ['id023', '22418005', 'Modified Radical Mastectomy', 'Oncology', ['MRM', 'Modified radical mastectomy', 'Left MRM', 'Right MRM']],
    ['id024', '83152002', 'Laparoscopic Ovarian Cystectomy', 'Obstetrics and Gynaecology', ['Ovarian cystectomy', 'Lap cystectomy']],
    ['id025', '129152004', 'Circumcision', 'Urology', ['Posthetomy', 'Stapler circumcision']],
  ].map(([procedure_code, snomedct_code, name, group, alias]) => ({
    procedure_code: procedure_code as string,
    snomedct_code: snomedct_code as string,
    name: name as string,
    fk_procedure_group: groupId(group as string),
    alias: alias as string[],
  })),
);

const diagnoses = withIds([
  kw('Senile Cataract', ['Age related cataract', 'Immature senile cataract', 'Nuclear sclerosis cataract'], 'H25.9'),
  kw('Complicated Cataract', ['Cataract secondary to uveitis', 'Posterior subcapsular cataract'], 'H26.2'),
  kw('Leiomyoma of Uterus', ['Fibroid uterus', 'Uterine leiomyoma', 'Myoma uterus', 'Multiple uterine fibroids'], 'D25.9'),
  kw('Adenomyosis', ['Diffuse adenomyosis', 'Adenomyotic uterus'], 'N80.0'),
  kw('Abnormal Uterine Bleeding', ['AUB', 'Dysfunctional uterine bleeding', 'DUB', 'Menorrhagia'], 'N93.9'),
  kw('Endometrial Hyperplasia', ['Simple endometrial hyperplasia', 'Complex endometrial hyperplasia'], 'N85.0'),
  kw('Uterine Prolapse', ['Uterovaginal prolapse', 'Procidentia', 'Third degree prolapse'], 'N81.4'),
  kw('Carcinoma Endometrium', ['Endometrial carcinoma', 'Ca endometrium', 'Endometrial adenocarcinoma'], 'C54.1'),
  kw('Carcinoma Cervix', ['Ca cervix', 'Cervical cancer', 'Squamous cell carcinoma cervix'], 'C53.9'),
  kw('Acute Appendicitis', ['Appendicitis', 'Acute suppurative appendicitis', 'Perforated appendicitis'], 'K35.80'),
  kw('Appendicular Mass', ['Appendicular lump', 'Appendicular abscess'], 'K35.3'),
  kw('COVID-19 Pneumonia', ['SARS-CoV-2 infection', 'COVID-19 positive', 'Covid pneumonia', 'COVID-19 viral pneumonia'], 'U07.1'),
  kw('Cholelithiasis', ['Gall stones', 'Gallstones', 'Cholelithiasis with chronic cholecystitis', 'Multiple gall stones'], 'K80.20'),
  kw('Acute Cholecystitis', ['Acute calculous cholecystitis', 'Acute gangrenous cholecystitis'], 'K81.0'),
  kw(
    'Coronary Artery Disease',
    ['CAD', 'Triple vessel disease', 'TVD', 'Double vessel disease', 'Ischaemic heart disease', 'IHD'],
    'I25.10',
  ),
  kw('Acute Myocardial Infarction', ['AMI', 'STEMI', 'NSTEMI', 'Acute MI', 'Acute anterior wall MI'], 'I21.9'),
  kw('Unstable Angina', ['Crescendo angina', 'Acute coronary syndrome', 'ACS'], 'I20.0'),
  kw('Osteoarthritis of Knee', ['OA knee', 'Bilateral OA knees', 'Primary osteoarthritis knee', 'Degenerative arthritis knee'], 'M17.9'),
  kw('Rheumatoid Arthritis', ['Seropositive rheumatoid arthritis', 'Inflammatory polyarthritis'], 'M06.9'),
  kw('Osteoarthritis of Hip', ['OA hip', 'Degenerative arthritis hip'], 'M16.9'),
  kw('Avascular Necrosis of Femoral Head', ['AVN femoral head', 'AVN hip', 'Osteonecrosis femoral head'], 'M87.05'),
  kw('Fracture Neck of Femur', ['NOF fracture', 'Fracture NOF', 'Intracapsular fracture neck femur'], 'S72.00'),
  kw('Previous Caesarean Delivery', ['Previous CS', 'Prior caesarean delivery', 'Post caesarean pregnancy'], 'O34.21'),
  kw('Cephalopelvic Disproportion', ['CPD', 'Contracted pelvis'], 'O33.9'),
  kw('Fetal Distress', ['Foetal distress', 'Non reassuring fetal heart rate', 'NRFHR'], 'O68.9'),
  kw('Breech Presentation', ['Breech', 'Frank breech'], 'O32.1'),
  kw('Chronic Kidney Disease', ['CKD', 'CKD stage 5', 'ESRD', 'End stage renal disease'], 'N18.5'),
  kw('Acute Kidney Injury', ['AKI', 'Acute renal failure', 'ARF'], 'N17.9'),
  kw('Carcinoma Breast', ['Ca breast', 'Breast cancer', 'Infiltrating ductal carcinoma', 'IDC breast'], 'C50.9'),
  kw('Non-Hodgkin Lymphoma', ['NHL', 'DLBCL', 'Diffuse large B cell lymphoma'], 'C85.9'),
  kw('Carcinoma Ovary', ['Ca ovary', 'Ovarian carcinoma', 'Serous cystadenocarcinoma', 'Malignant ovarian tumour'], 'C56.9'),
  kw('Benign Prostatic Hyperplasia', ['BPH', 'Benign enlargement of prostate', 'BEP'], 'N40.0'),
  kw('Inguinal Hernia', ['Indirect inguinal hernia', 'Direct inguinal hernia', 'Bilateral inguinal hernia'], 'K40.90'),
  kw('Umbilical Hernia', ['Paraumbilical hernia', 'PUH'], 'K42.9'),
  kw('Incisional Hernia', ['Ventral incisional hernia'], 'K43.2'),
  kw('Chronic Tonsillitis', ['Recurrent tonsillitis', 'Chronic hypertrophic tonsillitis'], 'J35.01'),
  kw('Deviated Nasal Septum', ['DNS', 'Septal deviation', 'Nasal septal deviation'], 'J34.2'),
  kw('Ureteric Calculus', ['Ureteric stone', 'Lower ureteric calculus', 'Ureterolithiasis'], 'N20.1'),
  kw('Renal Calculus', ['Renal stone', 'Nephrolithiasis', 'Staghorn calculus'], 'N20.0'),
  kw('Haemorrhoids', ['Piles', 'Hemorrhoids', 'Internal haemorrhoids'], 'K64.9'),
  kw('Dengue Fever', ['Dengue NS1 positive', 'DHF', 'Dengue haemorrhagic fever'], 'A90'),
  kw('Malaria', ['P. vivax malaria', 'Falciparum malaria', 'Vivax malaria'], 'B54'),
  kw('Multinodular Goitre', ['MNG', 'Multinodular goiter', 'Nodular goitre'], 'E04.2'),
  kw('Papillary Carcinoma Thyroid', ['PTC', 'Papillary thyroid carcinoma'], 'C73'),
  kw('Ovarian Cyst', ['Dermoid cyst', 'Endometrioma', 'Chocolate cyst', 'Simple ovarian cyst'], 'N83.2'),
  kw('Incomplete Abortion', ['Retained products of conception', 'RPOC', 'Incomplete miscarriage'], 'O06.4'),
  kw('Phimosis', ['Tight prepuce', 'Balanitis xerotica obliterans'], 'N47.1'),
]);

const evidence = withIds([
  kw('USG abdomen', ['Ultrasound abdomen', 'USG whole abdomen', 'Sonography of abdomen']),
  kw('USG pelvis', ['Ultrasound pelvis', 'Transvaginal sonography', 'TVS']),
  kw('HPE report', ['HPE findings', 'Histopathology findings']),
  kw('ECG changes', ['ST elevation', 'ST depression', 'T wave inversion']),
  kw('Coronary angiography', ['CAG', 'Coronary angiogram']),
  kw('2D Echo', ['Echocardiography', '2D echocardiogram']),
  kw('RT-PCR positive', ['RTPCR positive', 'SARS-CoV-2 RNA detected']),
  kw('HRCT chest', ['High resolution CT chest', 'CT thorax']),
  kw('X-ray knee', ['Skiagram knee', 'Radiograph knee', 'X-ray both knees']),
  kw('X-ray hip', ['Radiograph hip', 'X-ray pelvis with both hips']),
  kw('A-scan biometry', ['IOL power calculation', 'Optical biometry']),
  kw('Slit lamp examination', ['SLE', 'Slit lamp biomicroscopy']),
  kw('Uroflowmetry', ['Qmax reduced', 'Uroflow study']),
  kw('Biopsy proven malignancy', ['Biopsy proven', 'Malignancy confirmed on biopsy', 'Core biopsy positive']),
  kw('Non stress test', ['NST', 'CTG abnormal', 'Cardiotocography']),
  kw('CT KUB', ['NCCT KUB', 'CT urogram']),
  kw('NS1 antigen positive', ['NS1 Ag reactive', 'Dengue IgM reactive']),
  kw('Malarial parasite seen', ['MP positive', 'Peripheral smear positive for MP']),
  kw('FNAC', ['Fine needle aspiration cytology', 'FNAC thyroid']),
  kw('Diagnostic nasal endoscopy', ['DNE', 'CT PNS']),
]);

const drugs = withIds([
  kw('Ceftriaxone', ['Inj. Ceftriaxone', 'Monocef', 'Inj Ceftriaxone']),
  kw('Remdesivir', ['Inj. Remdesivir', 'Covifor', 'Remdac']),
  kw('Methylprednisolone', ['Inj. Methylprednisolone', 'Solu-Medrol', 'Medrol']),
  kw('Enoxaparin', ['Inj. Enoxaparin', 'Clexane', 'LMWH']),
  kw('Clopidogrel', ['Tab. Clopidogrel', 'Clopilet', 'Plavix']),
  kw('Ticagrelor', ['Tab. Ticagrelor', 'Brilinta', 'Axcer']),
  kw('Aspirin', ['Ecosprin', 'Tab. Aspirin']),
  kw('Atorvastatin', ['Tab. Atorvastatin', 'Atorva', 'Lipitor']),
  kw('Cisplatin', ['Inj. Cisplatin', 'Cisplat']),
  kw('Paclitaxel', ['Inj. Paclitaxel', 'Taxol', 'Intaxel']),
  kw('Carboplatin', ['Inj. Carboplatin', 'Carboplat']),
  kw('Cyclophosphamide', ['Inj. Cyclophosphamide', 'Endoxan']),
  kw('Erythropoietin', ['Inj. Erythropoietin', 'EPO', 'Epofit']),
  kw('Tamsulosin', ['Tab. Tamsulosin', 'Urimax', 'Flomax']),
  kw('Oxytocin', ['Inj. Oxytocin', 'Pitocin', 'Syntocinon']),
  kw('Tranexamic Acid', ['Inj. Tranexamic acid', 'Trapic', 'Tranexa']),
  kw('Moxifloxacin Eye Drops', ['Vigamox', 'Moxifloxacin 0.5% eye drops']),
  kw('Artesunate', ['Inj. Artesunate', 'Falcigo']),
]);

const tissues = withIds([
  kw('Uterus with cervix', ['Hysterectomy specimen', 'Uterus with bilateral adnexa']),
  kw('Appendix', ['Vermiform appendix']),
  kw('Gall bladder', ['Gallbladder', 'Cholecystectomy specimen']),
  kw('Prostatic chips', ['Prostatic tissue', 'Resected prostatic chips']),
  kw('Tonsils', ['Tonsillar tissue', 'Bilateral tonsils']),
  kw('Myoma tissue', ['Fibroid tissue', 'Leiomyoma tissue']),
  kw('Breast tissue', ['Mastectomy specimen', 'Breast with axillary tissue']),
  kw('Thyroid tissue', ['Thyroid gland specimen']),
  kw('Cyst wall', ['Cyst wall lining']),
  kw('Endometrial curettings', ['Endometrial tissue', 'Curettage material']),
]);

const preExistingDiseases = withIds([
  kw('Type 2 Diabetes Mellitus', ['T2DM', 'DM type 2', 'Diabetes mellitus']),
  kw('Systemic Hypertension', ['HTN', 'Hypertension', 'Essential hypertension']),
  kw('Hypothyroidism', ['Hypothyroid', 'On thyroxine']),
  kw('Bronchial Asthma', ['Asthma', 'Reactive airway disease']),
  kw('Dyslipidaemia', ['Dyslipidemia', 'Hypercholesterolaemia']),
  kw('Epilepsy', ['Seizure disorder']),
]);

const documents = withIds([
  kw('Discharge Summary', ['Summary of Discharge', 'Discharge Card', 'Discharge Note']),
  kw('Lab Report', ['Laboratory Report', 'Haematology Report', 'Biochemistry Report', 'Laboratory Investigations']),
  kw('Histopathology Report', ['Histopathological Examination Report', 'Surgical Pathology Report', 'Biopsy Report']),
  kw('Final Bill', ['IP Final Bill', 'Final Hospital Bill', 'Detailed Final Bill']),
  kw('Investigation Report', ['Special Investigation Report', 'Cardiac Investigation Report']),
  kw('Operation Notes', ['Operative Notes', 'OT Notes', 'Operation Record']),
  kw('Prescription', ['Rx', 'Treatment Advice Slip']),
  kw('Claim Form', ['Claim Form Part A', 'Claim Form Part B', 'Reimbursement Claim Form']),
  kw('ID Proof', ['Aadhaar Card', 'Identity Proof', 'Voter ID Card']),
  kw('Radiology Report', ['Ultrasound Report', 'Sonography Report', 'Imaging Report', 'CT Scan Report']),
  kw('Pre-Authorization Form', ['Pre-Auth Request Form', 'Request for Cashless Hospitalisation', 'Preauthorization Request']),
  kw('Consultation Notes', ['OPD Consultation', 'Case Sheet', 'Doctor Notes']),
  kw('Cost Estimate', ['Estimate of Expenses', 'Treatment Estimate']),
  kw('ECG Report', ['Electrocardiogram Report', 'ECG Tracing']),
  kw('Pharmacy Bill', ['Medicine Bill', 'Pharmacy Invoice']),
  kw('Angiography Report', ['Catheterisation Report', 'Angiogram Report']),
  kw('Dialysis Chart', ['Dialysis Record', 'HD Chart']),
  kw('Consent Form', ['Informed Consent', 'High Risk Consent']),
]);

const clinicalUnits: CatalogClinicalUnit[] = withIds(
  (
    [
      [
        'g/dL',
        [
          ['g/dL', 1],
          ['gm/dl', 1],
          ['gm%', 1],
          ['g/L', 0.1],
        ],
      ],
      [
        '%',
        [
          ['%', 1],
          ['percent', 1],
        ],
      ],
      [
        'mg/dL',
        [
          ['mg/dL', 1],
          ['mg/dl', 1],
          ['mg%', 1],
        ],
      ],
      [
        'lakhs/cumm',
        [
          ['lakhs/cumm', 1],
          ['lakh/cumm', 1],
          ['cells/cumm', 0.00001],
          ['x10^3/uL', 0.01],
        ],
      ],
      [
        'cells/cumm',
        [
          ['cells/cumm', 1],
          ['/cumm', 1],
          ['x10^3/uL', 1000],
        ],
      ],
      [
        'weeks',
        [
          ['weeks', 1],
          ['wks', 1],
          ['wk', 1],
        ],
      ],
      [
        'mm',
        [
          ['mm', 1],
          ['cm', 10],
        ],
      ],
      [
        'cc',
        [
          ['cc', 1],
          ['mL', 1],
          ['ml', 1],
          ['cm3', 1],
        ],
      ],
      [
        'mL/min/1.73m2',
        [
          ['mL/min/1.73m2', 1],
          ['ml/min/1.73 m2', 1],
          ['ml/min', 1],
        ],
      ],
      [
        'mmHg',
        [
          ['mmHg', 1],
          ['mm Hg', 1],
        ],
      ],
      [
        'ng/mL',
        [
          ['ng/mL', 1],
          ['ng/ml', 1],
          ['ng/L', 0.001],
          ['pg/mL', 0.001],
        ],
      ],
      [
        'mIU/L',
        [
          ['mIU/L', 1],
          ['uIU/mL', 1],
          ['mIU/ml', 1],
        ],
      ],
      [
        'days',
        [
          ['days', 1],
          ['day', 1],
        ],
      ],
      [
        'mg/dL (creatinine)',
        [
          ['mg/dL', 1],
          ['umol/L', 0.0113],
        ],
      ],
      [
        'mg/dL (glucose)',
        [
          ['mg/dL', 1],
          ['mmol/L', 18],
        ],
      ],
      [
        'mg/dL (urea)',
        [
          ['mg/dL', 1],
          ['mmol/L', 6],
        ],
      ],
    ] as [string, [string, number][]][]
  ).map(([name, alias]) => ({ name, alias: alias.map(([keyword, conversion_unit]) => ({ keyword, conversion_unit })) })),
);
const unitId = (name: string): number => {
  const u = clinicalUnits.find((c) => c.name === name);
  if (!u) throw new Error(`catalog: unknown clinical unit ${name}`);
  return u.id;
};

interface AttributeSpec {
  name: string;
  alias: string[];
  unit?: string;
  range?: [number, number];
  type?: 'Text' | 'NumberRange';
  tabular?: boolean;
  values?: [string, string[]][];
}
const attribute = (s: AttributeSpec): Omit<CatalogClinicalAttribute, 'id'> => ({
  name: s.name,
  alias: s.alias,
  value_type: s.type ?? 'Number',
  tabular: s.tabular ?? false,
  distributed_attribute_value: false,
  fk_clinical_unit: s.unit ? [unitId(s.unit)] : [],
  number_range: s.range ? { lower_limit: s.range[0], upper_limit: s.range[1] } : null,
  text_possible_values: (s.values ?? []).map(([text_value, text_value_alias]) => ({ text_value, text_value_alias })),
  overrides: [],
  override_message: null,
  patternOverridesForValues: [],
});
const clinicalAttributes: CatalogClinicalAttribute[] = withIds([
  attribute({ name: 'Haemoglobin', alias: ['Hb', 'Hgb'], unit: 'g/dL', range: [2, 22], tabular: true }),
  attribute({ name: 'HbA1c', alias: ['A1C level', 'Glycosylated HbA1c'], unit: '%', range: [3, 20], tabular: true }),
  attribute({
    name: 'Serum Creatinine',
    alias: ['S. Creatinine', 'Sr. Creatinine', 'Creatinine'],
    unit: 'mg/dL (creatinine)',
    range: [0.2, 25],
    tabular: true,
  }),
  attribute({ name: 'Platelet Count', alias: ['Platelets', 'PLT'], unit: 'lakhs/cumm', range: [0.05, 10], tabular: true }),
  attribute({
    name: 'Total Leucocyte Count',
    alias: ['TLC', 'Total WBC count', 'WBC count'],
    unit: 'cells/cumm',
    range: [500, 60000],
    tabular: true,
  }),
  attribute({ name: 'Uterine Size', alias: ['Uterine size corresponding to', 'Size of uterine body'], unit: 'weeks', range: [4, 40] }),
  attribute({ name: 'Fibroid Size', alias: ['Size of fibroid', 'Myoma size', 'Largest fibroid measures'], unit: 'mm', range: [1, 300] }),
  attribute({ name: 'Ejection Fraction', alias: ['LVEF', 'EF'], unit: '%', range: [5, 85] }),
  attribute({ name: 'Axial Length', alias: ['Axial length of eye', 'AXL'], unit: 'mm', range: [15, 35] }),
  attribute({
    name: 'Visual Acuity',
    alias: ['VA', 'BCVA', 'Best corrected visual acuity'],
    type: 'Text',
    values: [
      ['6/6', []],
      ['6/9', []],
      ['6/12', []],
      ['6/18', []],
      ['6/24', []],
      ['6/36', []],
      ['6/60', []],
      ['Counting Fingers', ['CF', 'FC', 'Finger counting']],
      ['Hand Movements', ['HM', 'HMCF']],
      ['Perception of Light', ['PL', 'PL+', 'Light perception']],
    ],
  }),
  attribute({ name: 'Prostate Volume', alias: ['Prostatic volume', 'Prostate weight', 'Prostate size'], unit: 'cc', range: [10, 300] }),
  attribute({ name: 'Post Void Residual Urine', alias: ['PVR', 'PVRU', 'Post void residue'], unit: 'cc', range: [0, 1500] }),
  attribute({ name: 'eGFR', alias: ['Estimated GFR', 'GFR'], unit: 'mL/min/1.73m2', range: [1, 150], tabular: true }),
  attribute({ name: 'Blood Urea', alias: ['Urea', 'S. Urea'], unit: 'mg/dL (urea)', range: [5, 400], tabular: true }),
  attribute({
    name: 'Fasting Blood Sugar',
    alias: ['FBS', 'Fasting blood glucose', 'FBG'],
    unit: 'mg/dL (glucose)',
    range: [30, 600],
    tabular: true,
  }),
  attribute({ name: 'SpO2', alias: ['Oxygen saturation', 'SPO2 on room air', 'Saturation'], unit: '%', range: [40, 100] }),
  attribute({ name: 'CT Severity Score', alias: ['CTSS', 'CT severity index'], range: [0, 25] }),
  attribute({ name: 'Troponin I', alias: ['Trop I', 'Troponin-I', 'hs Troponin I'], unit: 'ng/mL', range: [0, 100], tabular: true }),
  attribute({ name: 'Systolic Blood Pressure', alias: ['SBP', 'Systolic BP'], unit: 'mmHg', range: [50, 260] }),
  attribute({ name: 'Coronary Stenosis', alias: ['Luminal stenosis', 'Percentage stenosis'], unit: '%', range: [0, 100] }),
  attribute({ name: 'Endometrial Thickness', alias: ['Endometrial stripe', 'Endometrium thickness', 'ET'], unit: 'mm', range: [1, 40] }),
  attribute({ name: 'Appendiceal Diameter', alias: ['Diameter of appendiceal lumen', 'Appendiceal width'], unit: 'mm', range: [2, 30] }),
  attribute({ name: 'GB Wall Thickness', alias: ['GBWT', 'Wall thickness of GB'], unit: 'mm', range: [1, 20] }),
  attribute({ name: 'Calculus Size', alias: ['Stone size', 'Size of calculus', 'Calculus measuring'], unit: 'mm', range: [1, 80] }),
  attribute({ name: 'ECOG Performance Status', alias: ['ECOG', 'ECOG PS', 'Performance status'], range: [0, 5] }),
  attribute({ name: 'KL Grade', alias: ['Kellgren Lawrence grade', 'Kellgren-Lawrence grade'], range: [0, 4] }),
  attribute({ name: 'Gestational Age', alias: ['Period of gestation', 'POG'], unit: 'weeks', range: [20, 44] }),
  attribute({
    name: 'Haemorrhoid Grade',
    alias: ['Hemorrhoid grade', 'Grade of haemorrhoid'],
    type: 'Text',
    values: [
      ['Grade I', ['1st degree']],
      ['Grade II', ['2nd degree']],
      ['Grade III', ['3rd degree']],
      ['Grade IV', ['4th degree']],
    ],
  }),
  attribute({ name: 'TSH', alias: ['Thyroid stimulating hormone', 'S. TSH'], unit: 'mIU/L', range: [0.01, 100], tabular: true }),
  attribute({ name: 'Cyst Size', alias: ['Size of cyst', 'Cyst measuring'], unit: 'mm', range: [5, 300] }),
  attribute({
    name: 'Menstrual Cycle Length',
    alias: ['Cycle length', 'Cycle duration'],
    unit: 'days',
    type: 'NumberRange',
    range: [10, 90],
  }),
]);

const attributeByName = (name: string): CatalogClinicalAttribute => {
  const a = clinicalAttributes.find((c) => c.name === name);
  if (!a) throw new Error(`catalog: unknown clinical attribute ${name}`);
  return a;
};
// Document precedence and pattern overrides (spec 3 §2.4, §2.5). The generator writes every value once,
// so precedence never changes a verdict; the pattern override describes how HOSP004 prints blood pressure.
attributeByName('Haemoglobin').overrides = [
  { hospitals: ['HOSP002'], procedures: [], override_value: ['Lab Report', 'Discharge Summary'], exclude_document_headers: [] },
];
attributeByName('Ejection Fraction').overrides = [
  {
    hospitals: [],
    procedures: ['id005', 'id006'],
    override_value: ['Investigation Report', 'Discharge Summary'],
    exclude_document_headers: ['Claim Form'],
  },
];
attributeByName('Ejection Fraction').override_message = 'Echo report value takes precedence for cardiac procedures';
const part = (type: PatternPart['type'], extra: Partial<PatternPart> = {}): PatternPart => ({ type, ...extra });
attributeByName('Systolic Blood Pressure').patternOverridesForValues = [
  {
    hospitals: ['HOSP004'],
    overrides: [
      [
        part('attributeName'),
        part('whiteSpaces'),
        part('valueExpression', { pattern: ['NUMBER'] }),
        part('string', { value: '/' }),
        part('valueExpression', { pattern: ['NUMBER'] }),
        part('whiteSpaces'),
        part('attributeUnit'),
      ],
    ],
  },
];
attributeByName('Haemoglobin').patternOverridesForValues = [
  {
    hospitals: ['HOSP006'],
    overrides: [
      [
        part('attributeName'),
        part('newline'),
        part('valueExpression', { pattern: ['NUMBER'] }),
        part('whiteSpaces'),
        part('attributeUnit'),
      ],
    ],
  },
];

const hospitals: CatalogHospital[] = withIds(
  [
    ['HOSP001', 'Sunrise Multispeciality Hospital, Pune'],
    ['HOSP002', 'Lotus Women and Child Hospital, Hyderabad'],
    ['HOSP003', 'Ganga Netralaya Eye Centre, Varanasi'],
    ['HOSP004', 'Shree Narayan Heart Institute, Ahmedabad'],
    ['HOSP005', 'Kaveri Medical Centre, Bengaluru'],
    ['HOSP006', 'Deccan Kidney and Stone Hospital, Hyderabad'],
    ['HOSP007', 'Sahyadri Orthopaedic and Trauma Centre, Nashik'],
    ['HOSP008', 'Arogya Cancer and General Hospital, Chennai'],
  ].map(([hospital_code, name]) => ({ hospital_code, name })),
);

/**
 * The closing line each document type ends with; docgroups use them as end aliases, and the generator
 * prints them, so a hospital's segregation configuration matches its papers.
 */
export const DOCUMENT_END_LINES: Readonly<Record<string, string>> = {
  'Discharge Summary': 'Signature of Treating Doctor',
  'Lab Report': 'End of Report',
  'Histopathology Report': 'Reporting Pathologist',
  'Final Bill': 'Net Payable Amount',
  'Operation Notes': 'Signature of Operating Surgeon',
  'Radiology Report': 'Consultant Radiologist',
};
const docgroupConfig = (begin: string[], doc: string, flags: Partial<DocgroupConfig> = {}): DocgroupConfig => ({
  begin_alias: begin.map((b) => [b]),
  end_alias: DOCUMENT_END_LINES[doc] ? [[DOCUMENT_END_LINES[doc]]] : [],
  begin_inclusion_body: [],
  begin_exclusion_body: [],
  begin_inclusion_header: [],
  begin_exclusion_header: [],
  end_inclusion_body: [],
  end_exclusion_body: [],
  end_inclusion_header: [],
  end_exclusion_header: [],
  subtotal_flag: false,
  total_flag: false,
  total_special_character_flag: false,
  top_threshold: null,
  ...flags,
});
const documentId = (name: string): number => {
  const d = documents.find((x) => x.name === name);
  if (!d) throw new Error(`catalog: unknown document ${name}`);
  return d.id;
};
const hospitalId = (code: string): number => hospitals.find((h) => h.hospital_code === code)!.id;
const docgroup = (id: number, hospitalCodes: string[], configs: Record<string, DocgroupConfig>): CatalogDocgroup => ({
  id,
  hospital_id: hospitalCodes.map(hospitalId),
  docgroup_id: Object.keys(configs).map(documentId),
  docgroupConfig_id: configs,
});
const docgroups: CatalogDocgroup[] = [
  docgroup(1, ['HOSP001', 'HOSP005'], {
    'Discharge Summary': docgroupConfig(['DISCHARGE SUMMARY', 'SUMMARY OF DISCHARGE', 'DISCHARGE CARD'], 'Discharge Summary', {
      top_threshold: 0.25,
    }),
    'Final Bill': docgroupConfig(['FINAL BILL', 'IP FINAL BILL', 'FINAL HOSPITAL BILL'], 'Final Bill', {
      total_flag: true,
      subtotal_flag: true,
    }),
  }),
  docgroup(2, ['HOSP003', 'HOSP008'], {
    'Lab Report': docgroupConfig(['LAB REPORT', 'LABORATORY REPORT', 'HAEMATOLOGY REPORT', 'BIOCHEMISTRY REPORT'], 'Lab Report', {
      top_threshold: 0.3,
    }),
    'Histopathology Report': docgroupConfig(
      ['HISTOPATHOLOGY REPORT', 'SURGICAL PATHOLOGY REPORT', 'BIOPSY REPORT'],
      'Histopathology Report',
    ),
  }),
  docgroup(3, ['HOSP007'], {
    'Operation Notes': docgroupConfig(['OPERATION NOTES', 'OPERATIVE NOTES', 'OT NOTES'], 'Operation Notes'),
    'Final Bill': docgroupConfig(['FINAL BILL', 'DETAILED FINAL BILL'], 'Final Bill', {
      total_flag: true,
      total_special_character_flag: true,
    }),
  }),
];

// ---- Rule statement builders (spec 2 §3, spec 3 §3.5) ----
/** The entities a leaf looks for by name; clinical attributes are compared by value instead. */
type EntityLeafName = Exclude<EntityName, 'clinicalattribute'>;
interface Where {
  in?: string[];
  notIn?: string[];
}
const where = (w: Where = {}): Partial<RuleStatement> => ({
  ...(w.in ? { documentInclusionList: w.in } : {}),
  ...(w.notIn ? { documentExclusionList: w.notIn } : {}),
});
const anyOf = (entityName: EntityLeafName, values: string[], numberOfValues = 1, w?: Where): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName,
  valuesToFind: values,
  numberOfValues,
  ...where(w),
});
const allOf = (entityName: EntityLeafName, values: string[], w?: Where): RuleStatement => ({
  operator: 'ALL_OF_THE_VALUES_ARE_PRESENT',
  entityName,
  valuesToFind: values,
  ...where(w),
});
const and = (...statements: RuleStatement[]): RuleStatement => ({ booleanOperator: 'AND', statements });
const or = (...statements: RuleStatement[]): RuleStatement => ({ booleanOperator: 'OR', statements });
const attrRef = (name: string) => ({ id: attributeByName(name).id, name });
type Comparison =
  | 'VALUE_GREATER_THAN'
  | 'VALUE_GREATER_THAN_EQUAL_TO'
  | 'VALUE_LESS_THAN'
  | 'VALUE_LESS_THAN_EQUAL_TO'
  | 'VALUE_EQUAL_TO'
  | 'VALUE_NOT_EQUAL_TO';
const compare =
  (operator: Comparison) =>
  (name: string, value: number): RuleStatement => ({
    operator,
    entityName: 'clinicalattribute',
    valueToCompare: attrRef(name),
    value,
  });
const gt = compare('VALUE_GREATER_THAN');
const gte = compare('VALUE_GREATER_THAN_EQUAL_TO');
const lt = compare('VALUE_LESS_THAN');
const lte = compare('VALUE_LESS_THAN_EQUAL_TO');
const inRange = (name: string, lower: number | null, upper: number | null): RuleStatement => ({
  operator: 'VALUE_IN_RANGE',
  entityName: 'clinicalattribute',
  valueToCompare: attrRef(name),
  range: [lower, upper],
});
const valueIn = (name: string, values: string[]): RuleStatement => ({
  operator: 'VALUE_IN',
  entityName: 'clinicalattribute',
  valueToCompare: attrRef(name),
  value: values,
});
const proc = (code: string): RuleStatement => anyOf('procedures', [procedureByCode(code).name]);
const docs = (...names: string[]): RuleStatement => allOf('document', names);
const docsAny = (...names: string[]): RuleStatement => anyOf('document', names);

function procedureByCode(code: string): CatalogProcedure {
  const p = procedures.find((x) => x.procedure_code === code);
  if (!p) throw new Error(`catalog: unknown procedure ${code}`);
  return p;
}

interface Trees {
  procedureRule: RuleStatement | null;
  diagnosisRule: RuleStatement | null;
  documentRule: RuleStatement | null;
  clinicalTermsRule: RuleStatement | null;
}
interface RuleSpec extends Trees {
  org: string;
  code: string;
  caseType: CaseType;
}
const SETTLEMENT_EXCLUDED = ['Claim Form', 'Cost Estimate'];
const PREAUTH_EXCLUDED = ['Cost Estimate'];
const CLINICAL_EXCLUDED = ['Claim Form', 'Final Bill', 'Pharmacy Bill'];

/** vitraya's protocol per procedure: [settlement trees, pre-auth trees]; null where not configured. */
const S = (t: Partial<Trees>, code: string): Trees => ({
  procedureRule: t.procedureRule ?? proc(code),
  diagnosisRule: t.diagnosisRule ?? null,
  documentRule: t.documentRule ?? null,
  clinicalTermsRule: t.clinicalTermsRule ?? null,
});
const vitrayaProtocols: Record<string, [Partial<Trees> | null, Partial<Trees> | null]> = {
  id001: [
    {
      diagnosisRule: anyOf('diagnoses', ['Senile Cataract', 'Complicated Cataract']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Investigation Report', 'Consultation Notes')),
      clinicalTermsRule: and(
        valueIn('Visual Acuity', ['6/18', '6/24', '6/36', '6/60', 'Counting Fingers', 'Hand Movements', 'Perception of Light']),
        inRange('Axial Length', 20, 26),
      ),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Senile Cataract', 'Complicated Cataract']),
      documentRule: docs('Pre-Authorization Form', 'Consultation Notes'),
      clinicalTermsRule: valueIn('Visual Acuity', [
        '6/18',
        '6/24',
        '6/36',
        '6/60',
        'Counting Fingers',
        'Hand Movements',
        'Perception of Light',
      ]),
    },
  ],
  id002: [
    {
      diagnosisRule: or(
        anyOf('diagnoses', [
          'Leiomyoma of Uterus',
          'Adenomyosis',
          'Abnormal Uterine Bleeding',
          'Endometrial Hyperplasia',
          'Uterine Prolapse',
        ]),
        and(anyOf('diagnoses', ['Carcinoma Endometrium', 'Carcinoma Cervix']), anyOf('evidence', ['Biopsy proven malignancy'])),
      ),
      documentRule: and(docs('Discharge Summary', 'Final Bill', 'Histopathology Report'), docsAny('Lab Report', 'Radiology Report')),
      clinicalTermsRule: or(gte('Uterine Size', 12), gte('Fibroid Size', 30), lt('Haemoglobin', 10)),
    },
    {
      diagnosisRule: or(
        anyOf('diagnoses', [
          'Leiomyoma of Uterus',
          'Adenomyosis',
          'Abnormal Uterine Bleeding',
          'Endometrial Hyperplasia',
          'Uterine Prolapse',
        ]),
        and(anyOf('diagnoses', ['Carcinoma Endometrium', 'Carcinoma Cervix']), anyOf('evidence', ['Biopsy proven malignancy'])),
      ),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: or(gte('Uterine Size', 12), gte('Fibroid Size', 30), lt('Haemoglobin', 10)),
    },
  ],
  id003: [
    {
      diagnosisRule: anyOf('diagnoses', ['Acute Appendicitis', 'Appendicular Mass']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Radiology Report', 'Histopathology Report')),
      clinicalTermsRule: or(gt('Appendiceal Diameter', 6), gt('Total Leucocyte Count', 11000)),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Acute Appendicitis', 'Appendicular Mass']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: or(gt('Appendiceal Diameter', 6), gt('Total Leucocyte Count', 11000)),
    },
  ],
  id003a: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['COVID-19 Pneumonia']), anyOf('evidence', ['RT-PCR positive'])),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Lab Report', 'Investigation Report')),
      clinicalTermsRule: or(lt('SpO2', 94), gte('CT Severity Score', 8)),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['COVID-19 Pneumonia']), anyOf('evidence', ['RT-PCR positive'])),
      documentRule: docs('Pre-Authorization Form', 'Lab Report'),
      clinicalTermsRule: or(lt('SpO2', 94), gte('CT Severity Score', 8)),
    },
  ],
  id004: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Cholelithiasis', 'Acute Cholecystitis']), anyOf('evidence', ['USG abdomen'])),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Radiology Report', 'Histopathology Report')),
      clinicalTermsRule: or(gte('Calculus Size', 5), gte('GB Wall Thickness', 4)),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Cholelithiasis', 'Acute Cholecystitis']), anyOf('evidence', ['USG abdomen'])),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: or(gte('Calculus Size', 5), gte('GB Wall Thickness', 4)),
    },
  ],
  id005: [
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
        anyOf('evidence', ['Coronary angiography']),
      ),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Angiography Report'),
      clinicalTermsRule: and(gte('Coronary Stenosis', 70), gte('Ejection Fraction', 25)),
    },
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
        anyOf('evidence', ['Coronary angiography']),
      ),
      documentRule: docs('Pre-Authorization Form', 'Angiography Report'),
      clinicalTermsRule: and(gte('Coronary Stenosis', 70), gte('Ejection Fraction', 25)),
    },
  ],
  id006: [
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
        anyOf('evidence', ['Coronary angiography', 'ECG changes']),
      ),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Angiography Report', 'ECG Report')),
      clinicalTermsRule: or(gte('Coronary Stenosis', 70), gt('Troponin I', 0.04)),
    },
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
        anyOf('evidence', ['Coronary angiography', 'ECG changes']),
      ),
      documentRule: docs('Pre-Authorization Form', 'Angiography Report'),
      clinicalTermsRule: or(gte('Coronary Stenosis', 70), gt('Troponin I', 0.04)),
    },
  ],
  id007: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Osteoarthritis of Knee', 'Rheumatoid Arthritis']), anyOf('evidence', ['X-ray knee'])),
      documentRule: and(docs('Discharge Summary', 'Final Bill', 'Radiology Report'), docsAny('Operation Notes', 'Investigation Report')),
      clinicalTermsRule: gte('KL Grade', 3),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Osteoarthritis of Knee', 'Rheumatoid Arthritis']), anyOf('evidence', ['X-ray knee'])),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: gte('KL Grade', 3),
    },
  ],
  id008: [
    {
      diagnosisRule: anyOf('diagnoses', [
        'Previous Caesarean Delivery',
        'Cephalopelvic Disproportion',
        'Fetal Distress',
        'Breech Presentation',
      ]),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Operation Notes', 'Consultation Notes')),
      clinicalTermsRule: inRange('Gestational Age', 28, 42),
    },
    {
      diagnosisRule: anyOf('diagnoses', [
        'Previous Caesarean Delivery',
        'Cephalopelvic Disproportion',
        'Fetal Distress',
        'Breech Presentation',
      ]),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: inRange('Gestational Age', 28, 42),
    },
  ],
  id009: [
    {
      diagnosisRule: anyOf('diagnoses', ['Chronic Kidney Disease', 'Acute Kidney Injury']),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Dialysis Chart'),
      clinicalTermsRule: or(gt('Serum Creatinine', 4), lt('eGFR', 15)),
    },
    null,
  ],
  id010: [
    {
      procedureRule: and(proc('id010'), anyOf('drugs', ['Cisplatin', 'Paclitaxel', 'Carboplatin', 'Cyclophosphamide'])),
      diagnosisRule: and(
        anyOf('diagnoses', ['Carcinoma Breast', 'Carcinoma Cervix', 'Non-Hodgkin Lymphoma', 'Carcinoma Ovary']),
        anyOf('evidence', ['Biopsy proven malignancy'], 1, { in: ['Histopathology Report', 'Discharge Summary'] }),
      ),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Histopathology Report', 'Lab Report')),
      clinicalTermsRule: and(lte('ECOG Performance Status', 2), gte('Platelet Count', 1), gte('Haemoglobin', 8)),
    },
    null,
  ],
  id011: [
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Leiomyoma of Uterus']),
        anyOf('tissues', ['Myoma tissue'], 1, { in: ['Histopathology Report'] }),
      ),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
      clinicalTermsRule: gte('Fibroid Size', 30),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Leiomyoma of Uterus']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: gte('Fibroid Size', 30),
    },
  ],
  id012: [
    {
      diagnosisRule: anyOf('diagnoses', ['Benign Prostatic Hyperplasia']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Radiology Report', 'Lab Report')),
      clinicalTermsRule: or(gte('Prostate Volume', 30), gte('Post Void Residual Urine', 100)),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Benign Prostatic Hyperplasia']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: or(gte('Prostate Volume', 30), gte('Post Void Residual Urine', 100)),
    },
  ],
  id013: [
    {
      diagnosisRule: anyOf('diagnoses', ['Inguinal Hernia', 'Umbilical Hernia', 'Incisional Hernia']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Operation Notes', 'Radiology Report')),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Inguinal Hernia', 'Umbilical Hernia', 'Incisional Hernia']),
      documentRule: docs('Pre-Authorization Form', 'Consultation Notes'),
    },
  ],
  id014: [
    {
      diagnosisRule: anyOf('diagnoses', ['Chronic Tonsillitis']),
      documentRule: docs('Discharge Summary', 'Final Bill'),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Chronic Tonsillitis']),
      documentRule: docs('Pre-Authorization Form', 'Consultation Notes'),
    },
  ],
  id015: [
    {
      diagnosisRule: anyOf('diagnoses', ['Abnormal Uterine Bleeding', 'Endometrial Hyperplasia', 'Incomplete Abortion']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Histopathology Report', 'Radiology Report')),
      clinicalTermsRule: or(gt('Endometrial Thickness', 12), lt('Haemoglobin', 10)),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Abnormal Uterine Bleeding', 'Endometrial Hyperplasia', 'Incomplete Abortion']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: or(gt('Endometrial Thickness', 12), lt('Haemoglobin', 10)),
    },
  ],
  id016: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Deviated Nasal Septum']), anyOf('evidence', ['Diagnostic nasal endoscopy'])),
      documentRule: docs('Discharge Summary', 'Final Bill'),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Deviated Nasal Septum']), anyOf('evidence', ['Diagnostic nasal endoscopy'])),
      documentRule: docs('Pre-Authorization Form', 'Consultation Notes'),
    },
  ],
  id017: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Ureteric Calculus']), anyOf('evidence', ['CT KUB', 'USG abdomen'])),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Radiology Report'),
      clinicalTermsRule: inRange('Calculus Size', 5, 20),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Ureteric Calculus']), anyOf('evidence', ['CT KUB', 'USG abdomen'])),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: inRange('Calculus Size', 5, 20),
    },
  ],
  id018: [
    {
      diagnosisRule: anyOf('diagnoses', ['Renal Calculus']),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Radiology Report'),
      clinicalTermsRule: gte('Calculus Size', 15),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Renal Calculus']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: gte('Calculus Size', 15),
    },
  ],
  id019: [
    {
      diagnosisRule: anyOf('diagnoses', ['Haemorrhoids']),
      documentRule: docs('Discharge Summary', 'Final Bill'),
      clinicalTermsRule: valueIn('Haemorrhoid Grade', ['Grade III', 'Grade IV']),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Haemorrhoids']),
      documentRule: docs('Pre-Authorization Form', 'Consultation Notes'),
      clinicalTermsRule: valueIn('Haemorrhoid Grade', ['Grade III', 'Grade IV']),
    },
  ],
  id020: [
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Avascular Necrosis of Femoral Head', 'Fracture Neck of Femur', 'Osteoarthritis of Hip']),
        anyOf('evidence', ['X-ray hip']),
      ),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Radiology Report', 'Operation Notes')),
      clinicalTermsRule: gte('Haemoglobin', 9),
    },
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Avascular Necrosis of Femoral Head', 'Fracture Neck of Femur', 'Osteoarthritis of Hip']),
        anyOf('evidence', ['X-ray hip']),
      ),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: gte('Haemoglobin', 9),
    },
  ],
  id021: [
    {
      diagnosisRule: and(
        anyOf('diagnoses', ['Dengue Fever', 'Malaria']),
        anyOf('evidence', ['NS1 antigen positive', 'Malarial parasite seen']),
      ),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Lab Report'),
      clinicalTermsRule: or(lt('Platelet Count', 1.5), lt('Total Leucocyte Count', 4000)),
    },
    null,
  ],
  id022: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Multinodular Goitre', 'Papillary Carcinoma Thyroid']), anyOf('evidence', ['FNAC'])),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
      clinicalTermsRule: inRange('TSH', 0.4, 4.5),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Multinodular Goitre', 'Papillary Carcinoma Thyroid']), anyOf('evidence', ['FNAC'])),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: inRange('TSH', 0.4, 4.5),
    },
  ],
  id023: [
    {
      diagnosisRule: and(anyOf('diagnoses', ['Carcinoma Breast']), anyOf('evidence', ['Biopsy proven malignancy'])),
      documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
    },
    {
      diagnosisRule: and(anyOf('diagnoses', ['Carcinoma Breast']), anyOf('evidence', ['Biopsy proven malignancy'])),
      documentRule: docs('Pre-Authorization Form', 'Histopathology Report'),
    },
  ],
  id024: [
    {
      diagnosisRule: anyOf('diagnoses', ['Ovarian Cyst']),
      documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Histopathology Report', 'Radiology Report')),
      clinicalTermsRule: gte('Cyst Size', 50),
    },
    {
      diagnosisRule: anyOf('diagnoses', ['Ovarian Cyst']),
      documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
      clinicalTermsRule: gte('Cyst Size', 50),
    },
  ],
  id025: [null, null],
};

/** Insurer overrides: the insurer's own trees for one procedure and case type (complete, not a diff). */
const insurerOverrides: RuleSpec[] = [
  {
    org: 'starhealth',
    code: 'id001',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: anyOf('diagnoses', ['Senile Cataract', 'Complicated Cataract']),
        documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Investigation Report', 'Consultation Notes')),
        clinicalTermsRule: and(
          valueIn('Visual Acuity', ['6/24', '6/36', '6/60', 'Counting Fingers', 'Hand Movements', 'Perception of Light']),
          inRange('Axial Length', 20, 26),
          anyOf('evidence', ['A-scan biometry', 'Slit lamp examination']),
        ),
      },
      'id001',
    ),
  },
  {
    org: 'starhealth',
    code: 'id002',
    caseType: 'SETTLEMENT',
    ...S(
      {
        procedureRule: and(proc('id002'), anyOf('tissues', ['Uterus with cervix'], 1, { in: ['Histopathology Report'] })),
        diagnosisRule: anyOf(
          'diagnoses',
          [
            'Leiomyoma of Uterus',
            'Adenomyosis',
            'Abnormal Uterine Bleeding',
            'Endometrial Hyperplasia',
            'Uterine Prolapse',
            'Carcinoma Endometrium',
            'Carcinoma Cervix',
          ],
          1,
          { in: ['Histopathology Report', 'Discharge Summary'] },
        ),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
        clinicalTermsRule: or(gte('Uterine Size', 12), gte('Fibroid Size', 30), lt('Haemoglobin', 10)),
      },
      'id002',
    ),
  },
  {
    org: 'starhealth',
    code: 'id006',
    caseType: 'SETTLEMENT',
    ...S(
      {
        procedureRule: and(proc('id006'), anyOf('drugs', ['Clopidogrel', 'Ticagrelor'])),
        diagnosisRule: and(
          anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
          anyOf('evidence', ['Coronary angiography', 'ECG changes']),
        ),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Angiography Report'),
        clinicalTermsRule: or(gte('Coronary Stenosis', 70), gt('Troponin I', 0.04)),
      },
      'id006',
    ),
  },
  {
    org: 'starhealth',
    code: 'id010',
    caseType: 'PRE_AUTH',
    ...S(
      {
        diagnosisRule: and(
          anyOf('diagnoses', ['Carcinoma Breast', 'Carcinoma Cervix', 'Non-Hodgkin Lymphoma', 'Carcinoma Ovary']),
          anyOf('evidence', ['Biopsy proven malignancy']),
        ),
        documentRule: docs('Pre-Authorization Form', 'Histopathology Report'),
        clinicalTermsRule: and(lte('ECOG Performance Status', 2), gte('Haemoglobin', 8)),
      },
      'id010',
    ),
  },
  {
    org: 'starhealth',
    code: 'id021',
    caseType: 'PRE_AUTH',
    ...S(
      {
        diagnosisRule: anyOf('diagnoses', ['Dengue Fever', 'Malaria']),
        documentRule: docs('Pre-Authorization Form', 'Lab Report'),
        clinicalTermsRule: or(lt('Platelet Count', 1), lt('Total Leucocyte Count', 4000)),
      },
      'id021',
    ),
  },
  {
    org: 'maxbupa',
    code: 'id002',
    caseType: 'PRE_AUTH',
    ...S(
      {
        diagnosisRule: anyOf('diagnoses', [
          'Leiomyoma of Uterus',
          'Adenomyosis',
          'Abnormal Uterine Bleeding',
          'Endometrial Hyperplasia',
          'Uterine Prolapse',
        ]),
        documentRule: and(docs('Pre-Authorization Form', 'Radiology Report'), docsAny('Lab Report', 'Consultation Notes')),
        clinicalTermsRule: and(gte('Haemoglobin', 8), or(gte('Uterine Size', 12), gte('Fibroid Size', 40))),
      },
      'id002',
    ),
  },
  {
    org: 'maxbupa',
    code: 'id005',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: and(
          anyOf('diagnoses', ['Coronary Artery Disease', 'Acute Myocardial Infarction', 'Unstable Angina']),
          anyOf('evidence', ['Coronary angiography']),
        ),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Angiography Report', 'ECG Report'),
        clinicalTermsRule: and(gte('Coronary Stenosis', 70), gte('Ejection Fraction', 30)),
      },
      'id005',
    ),
  },
  {
    org: 'maxbupa',
    code: 'id023',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: and(anyOf('diagnoses', ['Carcinoma Breast']), anyOf('evidence', ['Biopsy proven malignancy'])),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
        clinicalTermsRule: anyOf('tissues', ['Breast tissue'], 1, { in: ['Histopathology Report'] }),
      },
      'id023',
    ),
  },
  {
    org: 'bajaj',
    code: 'id003a',
    caseType: 'SETTLEMENT',
    ...S(
      {
        procedureRule: and(proc('id003a'), anyOf('drugs', ['Remdesivir', 'Methylprednisolone', 'Enoxaparin'], 2)),
        diagnosisRule: and(anyOf('diagnoses', ['COVID-19 Pneumonia']), anyOf('evidence', ['RT-PCR positive'])),
        documentRule: and(docs('Discharge Summary', 'Final Bill'), docsAny('Lab Report', 'Investigation Report')),
        clinicalTermsRule: or(lt('SpO2', 94), gte('CT Severity Score', 10)),
      },
      'id003a',
    ),
  },
  {
    org: 'bajaj',
    code: 'id009',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: anyOf('diagnoses', ['Chronic Kidney Disease', 'Acute Kidney Injury']),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Dialysis Chart'),
        clinicalTermsRule: and(or(gt('Serum Creatinine', 4), lt('eGFR', 15)), gt('Blood Urea', 60)),
      },
      'id009',
    ),
  },
  {
    org: 'bajaj',
    code: 'id014',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: and(
          anyOf('diagnoses', ['Chronic Tonsillitis']),
          anyOf('tissues', ['Tonsils'], 1, { in: ['Histopathology Report'] }),
        ),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
      },
      'id014',
    ),
  },
  {
    org: 'ML',
    code: 'id003',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: and(
          anyOf('diagnoses', ['Acute Appendicitis', 'Appendicular Mass']),
          allOf('tissues', ['Appendix'], { in: ['Histopathology Report'] }),
        ),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Histopathology Report'),
        clinicalTermsRule: or(gt('Appendiceal Diameter', 6), gt('Total Leucocyte Count', 11000)),
      },
      'id003',
    ),
  },
  {
    org: 'ML',
    code: 'id007',
    caseType: 'PRE_AUTH',
    ...S(
      {
        diagnosisRule: and(anyOf('diagnoses', ['Osteoarthritis of Knee', 'Rheumatoid Arthritis']), anyOf('evidence', ['X-ray knee'])),
        documentRule: docs('Pre-Authorization Form', 'Radiology Report'),
        clinicalTermsRule: and(gte('KL Grade', 3), lt('HbA1c', 8)),
      },
      'id007',
    ),
  },
  {
    org: 'ML',
    code: 'id013',
    caseType: 'SETTLEMENT',
    ...S(
      {
        diagnosisRule: anyOf('diagnoses', ['Inguinal Hernia', 'Umbilical Hernia', 'Incisional Hernia'], 1, {
          notIn: ['Consultation Notes'],
        }),
        documentRule: docs('Discharge Summary', 'Final Bill', 'Operation Notes'),
      },
      'id013',
    ),
  },
];

const ruleSpecs: RuleSpec[] = [
  ...Object.entries(vitrayaProtocols).flatMap(([code, [settlement, preauth]]) => [
    ...(settlement ? [{ org: PROVIDER_ORG, code, caseType: 'SETTLEMENT' as const, ...S(settlement, code) }] : []),
    ...(preauth ? [{ org: PROVIDER_ORG, code, caseType: 'PRE_AUTH' as const, ...S(preauth, code) }] : []),
  ]),
  ...insurerOverrides,
];

/** Every leaf of a tree, depth first. */
export function ruleLeaves(tree: RuleStatement | null | undefined): RuleStatement[] {
  if (!tree) return [];
  if (tree.statements) return tree.statements.flatMap(ruleLeaves);
  return [tree];
}
const ENTITY_TABLES: Record<EntityLeafName, CatalogKeyword[]> = {
  procedures,
  diagnoses,
  evidence,
  drugs,
  tissues,
  document: documents,
};
function idsOf(trees: Trees, entityName: EntityLeafName): number[] {
  const names = new Set(
    Object.values(trees)
      .flatMap((t) => ruleLeaves(t))
      .filter((l) => l.entityName === entityName)
      .flatMap((l) => l.valuesToFind ?? []),
  );
  return [...names].map((n) => {
    const row = ENTITY_TABLES[entityName].find((e) => e.name === n);
    if (!row) throw new Error(`catalog: rule names unknown ${entityName} '${n}'`);
    return row.id;
  });
}
const rules: CatalogRule[] = ruleSpecs.map((spec, i) => {
  const trees: Trees = {
    procedureRule: spec.procedureRule,
    diagnosisRule: spec.diagnosisRule,
    documentRule: spec.documentRule,
    clinicalTermsRule: spec.clinicalTermsRule,
  };
  const attributeIds = new Set(
    Object.values(trees)
      .flatMap((t) => ruleLeaves(t))
      .flatMap((l) => (l.valueToCompare ? [Number(l.valueToCompare.id)] : [])),
  );
  return {
    id: i + 1,
    org: spec.org,
    fk_procedure: procedureByCode(spec.code).id,
    procedure_code: spec.code,
    case_type: spec.caseType,
    ...trees,
    fk_diagnosis: idsOf(trees, 'diagnoses'),
    fk_document: idsOf(trees, 'document'),
    fk_tissue: idsOf(trees, 'tissues'),
    fk_drug: idsOf(trees, 'drugs'),
    fk_evidence: idsOf(trees, 'evidence'),
    fk_clinical_attribute: [...attributeIds],
    fk_clinical_inc_document: [],
    fk_clinical_exc_document: CLINICAL_EXCLUDED.map(documentId),
    fk_exc_document: (spec.caseType === 'SETTLEMENT' ? SETTLEMENT_EXCLUDED : PREAUTH_EXCLUDED).map(documentId),
    version: 1,
  };
});

const procedureQuestions: CatalogQuestion[] = withIds([
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id002').id,
    question: 'Is the histopathology report attached?',
    questionType: 'radio' as const,
    answer: ['Yes', 'No'],
    entityType: 'document' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id002').id,
    question: 'Size of the largest fibroid in mm',
    questionType: 'numerics' as const,
    answer: [],
    entityType: 'Clinical Attribute' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id002').id,
    question: 'Indication for hysterectomy',
    questionType: 'multi' as const,
    answer: ['Leiomyoma of Uterus', 'Adenomyosis', 'Abnormal Uterine Bleeding', 'Uterine Prolapse'],
    entityType: 'diagnosis' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id001').id,
    question: 'Pre-operative best corrected visual acuity of the operated eye',
    questionType: 'single' as const,
    answer: ['6/18', '6/24', '6/36', '6/60', 'Counting Fingers'],
    entityType: 'Clinical Attribute' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id001').id,
    question: 'Technique used',
    questionType: 'single' as const,
    answer: ['Phacoemulsification with IOL', 'Small incision cataract surgery'],
    entityType: 'procedures' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id005').id,
    question: 'Angiography findings',
    questionType: 'multi' as const,
    answer: ['Triple vessel disease', 'Double vessel disease', 'Left main disease'],
    entityType: 'evidence' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id005').id,
    question: 'Number of grafts',
    questionType: 'numerics' as const,
    answer: [],
    entityType: 'other' as const,
  },
  {
    org: PROVIDER_ORG,
    fk_procedure: procedureByCode('id009').id,
    question: 'Number of dialysis sessions in this admission',
    questionType: 'numerics' as const,
    answer: [],
    entityType: 'other' as const,
  },
  {
    org: 'starhealth',
    fk_procedure: procedureByCode('id009').id,
    question: 'Is the patient on maintenance dialysis?',
    questionType: 'radio' as const,
    answer: ['Yes', 'No'],
    entityType: 'other' as const,
  },
]);

export const catalog: Catalog = {
  procedureGroups,
  procedures,
  diagnoses,
  evidence,
  drugs,
  tissues,
  preExistingDiseases,
  documents,
  clinicalUnits,
  clinicalAttributes,
  hospitals,
  docgroups,
  rules,
  procedureQuestions,
};

/**
 * The rule that judges a procedure for an organisation and case type: the organisation's own rule,
 * else the provider's (vitraya) rule, else null (QUERY 'Protocol not configured ...').
 */
export function resolveRule<R extends { org: string; procedure_code: string; case_type: CaseType }>(
  allRules: readonly R[],
  organization: string,
  procedureCode: string,
  caseType: CaseType,
): R | null {
  const pick = (org: string) => allRules.find((r) => r.org === org && r.procedure_code === procedureCode && r.case_type === caseType);
  return pick(organization) ?? pick(PROVIDER_ORG) ?? null;
}
