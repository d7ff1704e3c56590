/**
 * What a hospital writes for each procedure: the diagnosis, evidence, drugs and specimen as a clinician
 * prints them, and the clinical values, each with the reading that makes the claim ACCEPTED and, for the
 * value that decides, the reading that makes it REJECTED (out of the rule's range). Written by hand from the
 * catalog's rules (src/seed/synthetic/catalog.ts); the verdict itself always comes from the oracle
 * (generator.ts checks that the plan gives the verdict it meant to).
 */

/** A number as printed and its unit, a keyword of the attribute's test-unit master. */
export interface Reading {
  /** A number, or the text value of a Text attribute ('6/36'). */
  n: number | string;
  unit: string;
}

/** A value some other column can put beside a label: read as the label's value it flips the verdict. */
export interface Distractor {
  label: string;
  n: number;
  unit: string;
}

export interface ValueEntry {
  attribute: string;
  /** Ways the label is printed (the attribute's name or aliases). */
  labels: readonly string[];
  /** Where it is written. */
  doc: string;
  accept: Reading;
  /** Absent: the value is the same in both scenarios (it must not decide either way). */
  reject?: Reading;
  /** For two-column pages: what sits beside the label in the other column, per scenario. */
  beside?: { accept: Distractor; reject: Distractor };
}

export interface Recipe {
  code: string;
  sex: 'F' | 'M' | 'any';
  /** Printed diagnoses (each names the catalog diagnosis). */
  diagnosis: readonly string[];
  /** Printed sentences naming the evidence (in the discharge summary and the value document). */
  evidence?: readonly string[];
  /** Printed treatment lines naming drugs. */
  drugs?: readonly string[];
  /** Histopathology specimen lines naming the tissue. */
  specimen?: readonly string[];
  /** The study a radiology report names. */
  study?: readonly string[];
  complaint: readonly string[];
  /** Sentences of findings (no values). */
  findings: readonly string[];
  values: readonly ValueEntry[];
}

const R = (n: number | string, unit: string): Reading => ({ n, unit });
const D = (label: string, n: number, unit: string): Distractor => ({ label, n, unit });
const ESR = (a: number, r: number) => ({ accept: D('ESR', a, 'mm/1st hr'), reject: D('ESR', r, 'mm/1st hr') });

export const RECIPES: readonly Recipe[] = [
  {
    code: 'id002',
    sex: 'F',
    diagnosis: ['Multiple uterine fibroids', 'Fibroid uterus', 'Leiomyoma of Uterus'],
    specimen: ['Uterus with cervix and bilateral tubes', 'Hysterectomy specimen: uterus with cervix'],
    study: ['USG PELVIS', 'ULTRASOUND PELVIS (TRANSABDOMINAL)'],
    complaint: ['Heavy menstrual bleeding for 8 months with dysmenorrhoea.', 'Lower abdominal heaviness and heavy periods for one year.'],
    findings: ['Uterus is bulky with multiple intramural fibroids.', 'Endometrium is central. Both ovaries appear normal.'],
    values: [
      {
        attribute: 'Fibroid Size',
        labels: ['Size of fibroid', 'Largest fibroid measures', 'Myoma size'],
        doc: 'Radiology Report',
        accept: R(46, 'mm'),
        reject: R(2.2, 'cm'),
        beside: ESR(18, 48),
      },
      { attribute: 'Haemoglobin', labels: ['Haemoglobin', 'Hb'], doc: 'Discharge Summary', accept: R(11.4, 'g/dL') },
    ],
  },
  {
    code: 'id011',
    sex: 'F',
    diagnosis: ['Fibroid uterus', 'Uterine leiomyoma'],
    specimen: ['Fibroid tissue, multiple bits', 'Myoma tissue received in formalin'],
    study: ['USG PELVIS', 'TRANSABDOMINAL ULTRASOUND - PELVIS'],
    complaint: ['Menorrhagia and a palpable mass per abdomen.', 'Infertility with heavy menstrual flow.'],
    findings: ['A well defined hypoechoic intramural fibroid in the fundus.', 'Endometrial cavity is not distorted.'],
    values: [
      {
        attribute: 'Fibroid Size',
        labels: ['Size of fibroid', 'Largest fibroid measures'],
        doc: 'Radiology Report',
        accept: R(5.8, 'cm'),
        reject: R(24, 'mm'),
        beside: ESR(12, 52),
      },
    ],
  },
  {
    code: 'id012',
    sex: 'M',
    diagnosis: ['Benign Prostatic Hyperplasia', 'BPH'],
    study: ['USG KUB WITH PROSTATE', 'ULTRASOUND KUB AND PROSTATE'],
    complaint: ['Poor stream, hesitancy and nocturia for 2 years.', 'Increased frequency and incomplete voiding.'],
    findings: ['Prostate is enlarged with a median lobe indenting the bladder base.', 'Both kidneys are normal in size and echotexture.'],
    values: [
      {
        attribute: 'Prostate Volume',
        labels: ['Prostate volume', 'Prostatic volume', 'Prostate size'],
        doc: 'Radiology Report',
        accept: R(46, 'cc'),
        reject: R(24, 'cc'),
        beside: { accept: D('Qmax', 8, 'mL/s'), reject: D('Pre-void bladder volume', 240, 'mL') },
      },
      { attribute: 'Post Void Residual Urine', labels: ['PVR', 'Post void residue'], doc: 'Radiology Report', accept: R(40, 'mL') },
    ],
  },
  {
    code: 'id017',
    sex: 'any',
    diagnosis: ['Lower ureteric calculus', 'Ureteric Calculus'],
    evidence: ['NCCT KUB shows a calculus in the lower ureter.', 'CT KUB: obstructing ureteric calculus.'],
    study: ['NCCT KUB', 'CT KUB (PLAIN)'],
    complaint: ['Left colicky flank pain radiating to the groin for 3 days.', 'Right loin pain with vomiting.'],
    findings: ['Mild hydroureteronephrosis above the calculus.', 'No perinephric collection.'],
    values: [
      {
        attribute: 'Calculus Size',
        labels: ['Size of calculus', 'Calculus measuring', 'Stone size'],
        doc: 'Radiology Report',
        accept: R(9, 'mm'),
        reject: R(2.6, 'cm'),
        beside: ESR(32, 14),
      },
    ],
  },
  {
    code: 'id018',
    sex: 'any',
    diagnosis: ['Renal stone', 'Renal Calculus', 'Staghorn calculus'],
    study: ['NCCT KUB', 'CT UROGRAPHY'],
    complaint: ['Dull aching loin pain for 6 months.', 'Recurrent urinary infection with flank pain.'],
    findings: ['Calculus in the renal pelvis extending into the lower calyx.', 'Moderate hydronephrosis.'],
    values: [
      {
        attribute: 'Calculus Size',
        labels: ['Size of calculus', 'Stone size'],
        doc: 'Radiology Report',
        accept: R(2.4, 'cm'),
        reject: R(11, 'mm'),
        beside: ESR(8, 28),
      },
    ],
  },
  {
    code: 'id004',
    sex: 'any',
    diagnosis: ['Cholelithiasis with chronic cholecystitis', 'Gall stones', 'Cholelithiasis'],
    evidence: ['USG whole abdomen shows multiple calculi in the gall bladder.', 'Ultrasound abdomen: cholelithiasis.'],
    study: ['USG WHOLE ABDOMEN', 'ULTRASOUND ABDOMEN'],
    complaint: ['Right upper quadrant pain after fatty meals.', 'Recurrent epigastric pain and bloating.'],
    findings: ['Gall bladder is distended with multiple mobile calculi.', 'CBD is not dilated. Liver is normal in size.'],
    values: [
      {
        attribute: 'Calculus Size',
        labels: ['Calculus measuring', 'Size of calculus'],
        doc: 'Radiology Report',
        accept: R(12, 'mm'),
        reject: R(3, 'mm'),
        beside: ESR(3, 18),
      },
      {
        attribute: 'GB Wall Thickness',
        labels: ['GB wall thickness', 'Wall thickness of GB'],
        doc: 'Radiology Report',
        accept: R(2, 'mm'),
      },
    ],
  },
  {
    code: 'id003',
    sex: 'any',
    diagnosis: ['Acute Appendicitis', 'Acute suppurative appendicitis'],
    specimen: ['Vermiform appendix', 'Appendix, 6 cm long'],
    study: ['USG ABDOMEN AND PELVIS', 'ULTRASOUND - RIGHT ILIAC FOSSA'],
    complaint: [
      'Periumbilical pain shifting to the right iliac fossa with fever.',
      'Pain in the right lower abdomen and vomiting for 2 days.',
    ],
    findings: ['A blind ending, non compressible tubular structure in the right iliac fossa.', 'Minimal free fluid in the pelvis.'],
    values: [
      {
        attribute: 'Appendiceal Diameter',
        labels: ['Appendiceal diameter', 'Diameter of appendiceal lumen', 'Appendiceal width'],
        doc: 'Radiology Report',
        accept: R(9, 'mm'),
        reject: R(5, 'mm'),
        beside: ESR(4, 24),
      },
      { attribute: 'Total Leucocyte Count', labels: ['TLC', 'Total WBC count'], doc: 'Discharge Summary', accept: R(8200, 'cells/cumm') },
    ],
  },
  {
    code: 'id020',
    sex: 'any',
    diagnosis: ['AVN femoral head', 'Avascular Necrosis of Femoral Head', 'Osteoarthritis of Hip'],
    evidence: ['Radiograph hip shows collapse of the femoral head.', 'X-ray pelvis with both hips: advanced changes.'],
    study: ['X-RAY PELVIS WITH BOTH HIPS', 'RADIOGRAPH HIP (AP VIEW)'],
    complaint: ['Pain in the right hip with limp for one year.', 'Difficulty in walking and squatting.'],
    findings: ['Loss of joint space with subchondral sclerosis.', 'No fracture seen.'],
    values: [
      {
        attribute: 'Haemoglobin',
        labels: ['Haemoglobin', 'Hb', 'Hgb'],
        doc: 'Lab Report',
        accept: R(11.6, 'g/dL'),
        reject: R(8.2, 'g/dL'),
        beside: { accept: D('Blood sugar (F)', 6.4, 'mmol/L'), reject: D('Serum calcium', 9.4, 'mg/dL') },
      },
    ],
  },
  {
    code: 'id021',
    sex: 'any',
    diagnosis: ['Dengue Fever', 'Dengue haemorrhagic fever'],
    evidence: ['NS1 antigen positive.', 'Dengue NS1 Ag reactive on admission.'],
    complaint: ['High grade fever with myalgia and retro-orbital pain for 4 days.', 'Fever, headache and body ache for 3 days.'],
    findings: ['Haematocrit monitored six hourly.', 'No bleeding manifestations.'],
    values: [
      {
        attribute: 'Platelet Count',
        labels: ['Platelet count', 'Platelets', 'PLT'],
        doc: 'Lab Report',
        accept: R(0.62, 'lakhs/cumm'),
        reject: R(2.1, 'lakhs/cumm'),
        beside: { accept: D('Serum albumin', 3.2, 'g/dL'), reject: D('Serum bilirubin', 0.8, 'mg/dL') },
      },
      { attribute: 'Total Leucocyte Count', labels: ['Total WBC count', 'TLC'], doc: 'Lab Report', accept: R(5600, 'cells/cumm') },
    ],
  },
  {
    code: 'id010',
    sex: 'F',
    diagnosis: ['Carcinoma Breast', 'Infiltrating ductal carcinoma', 'Ca breast'],
    evidence: ['Biopsy proven infiltrating ductal carcinoma, ER/PR positive.', 'Malignancy confirmed on biopsy.'],
    drugs: ['Inj. Paclitaxel 175 mg/m2 IV over 3 hours', 'Inj. Cyclophosphamide 600 mg/m2 IV'],
    complaint: ['Admitted for cycle 3 of adjuvant chemotherapy.', 'Planned admission for chemotherapy cycle.'],
    findings: ['Tolerated the cycle well.', 'No febrile neutropenia.'],
    values: [
      {
        attribute: 'Platelet Count',
        labels: ['Platelet count', 'Platelets'],
        doc: 'Lab Report',
        accept: R(2.4, 'lakhs/cumm'),
        reject: R(0.7, 'lakhs/cumm'),
        beside: { accept: D('Serum bilirubin', 0.6, 'mg/dL'), reject: D('Serum albumin', 3.8, 'g/dL') },
      },
      { attribute: 'Haemoglobin', labels: ['Haemoglobin', 'Hb'], doc: 'Lab Report', accept: R(10.8, 'g/dL') },
      { attribute: 'ECOG Performance Status', labels: ['ECOG PS', 'ECOG'], doc: 'Discharge Summary', accept: R(1, '') },
    ],
  },
  {
    code: 'id009',
    sex: 'any',
    diagnosis: ['CKD stage 5', 'End stage renal disease', 'Chronic Kidney Disease'],
    complaint: ['Breathlessness and pedal oedema; on maintenance dialysis.', 'Uraemic symptoms with fluid overload.'],
    findings: ['Dialysed through the AV fistula without complications.', 'Ultrafiltration 2.5 litres.'],
    values: [
      {
        attribute: 'Serum Creatinine',
        labels: ['Serum Creatinine', 'S. Creatinine', 'Sr. Creatinine'],
        doc: 'Lab Report',
        accept: R(7.8, 'mg/dL'),
        reject: R(2.1, 'mg/dL'),
        beside: { accept: D('Serum potassium', 3.2, 'mEq/L'), reject: D('Serum potassium', 5.6, 'mEq/L') },
      },
      { attribute: 'Blood Urea', labels: ['Blood Urea', 'S. Urea'], doc: 'Lab Report', accept: R(96, 'mg/dL') },
    ],
  },
  {
    code: 'id022',
    sex: 'F',
    diagnosis: ['Multinodular goitre', 'MNG'],
    evidence: ['FNAC thyroid: benign follicular nodule.', 'Fine needle aspiration cytology: colloid goitre.'],
    specimen: ['Thyroid gland specimen', 'Total thyroidectomy specimen (thyroid tissue)'],
    complaint: ['Swelling in front of the neck for 3 years.', 'Progressive neck swelling with pressure symptoms.'],
    findings: ['Euthyroid on clinical examination.', 'Indirect laryngoscopy: both cords mobile.'],
    values: [
      {
        attribute: 'TSH',
        labels: ['TSH', 'S. TSH', 'Thyroid stimulating hormone'],
        doc: 'Lab Report',
        accept: R(2.4, 'mIU/L'),
        reject: R(7.2, 'mIU/L'),
        beside: { accept: D('T4', 8.6, 'ug/dL'), reject: D('T3', 1.2, 'ng/mL') },
      },
    ],
  },
  {
    code: 'id024',
    sex: 'F',
    diagnosis: ['Dermoid cyst', 'Endometrioma', 'Ovarian Cyst'],
    study: ['TRANSVAGINAL ULTRASOUND', 'USG PELVIS'],
    complaint: ['Dull pain in the left iliac fossa for 4 months.', 'Dysmenorrhoea and pelvic pain.'],
    findings: ['A thick walled cyst with internal echoes in the left adnexa.', 'Uterus is normal in size.'],
    values: [
      {
        attribute: 'Cyst Size',
        labels: ['Size of cyst', 'Cyst measuring'],
        doc: 'Radiology Report',
        accept: R(64, 'mm'),
        reject: R(3.8, 'cm'),
        beside: ESR(22, 56),
      },
    ],
  },
  {
    code: 'id015',
    sex: 'F',
    diagnosis: ['Abnormal Uterine Bleeding', 'Menorrhagia'],
    study: ['TRANSVAGINAL SONOGRAPHY', 'USG PELVIS'],
    complaint: ['Irregular heavy bleeding per vaginum for 3 months.', 'Prolonged menstrual bleeding.'],
    findings: ['Uterus is normal in size.', 'No adnexal mass.'],
    values: [
      {
        attribute: 'Endometrial Thickness',
        labels: ['Endometrial thickness', 'Endometrium thickness', 'Endometrial stripe'],
        doc: 'Radiology Report',
        accept: R(16, 'mm'),
        reject: R(8, 'mm'),
        beside: ESR(10, 30),
      },
      { attribute: 'Haemoglobin', labels: ['Haemoglobin', 'Hb'], doc: 'Discharge Summary', accept: R(11.4, 'g/dL') },
    ],
  },
  {
    code: 'id001',
    sex: 'any',
    diagnosis: ['Immature senile cataract', 'Senile Cataract', 'Age related cataract'],
    evidence: ['Optical biometry done; IOL power calculated.', 'A-scan biometry and slit lamp examination done.'],
    complaint: ['Gradual painless diminution of vision in the right eye.', 'Blurred vision in the left eye for 1 year.'],
    findings: ['Nuclear sclerosis grade III.', 'Fundus: normal.'],
    values: [
      {
        attribute: 'Axial Length',
        labels: ['Axial length', 'AXL', 'Axial length of eye'],
        doc: 'Investigation Report',
        accept: R(23.4, 'mm'),
        reject: R(27.2, 'mm'),
        beside: { accept: D('IOP', 16, 'mm Hg'), reject: D('IOP', 22, 'mm Hg') },
      },
      { attribute: 'Visual Acuity', labels: ['BCVA', 'Visual acuity', 'VA'], doc: 'Investigation Report', accept: R('6/36', '') },
    ],
  },
  {
    code: 'id007',
    sex: 'any',
    diagnosis: ['Bilateral OA knees', 'Osteoarthritis of Knee', 'Primary osteoarthritis knee'],
    evidence: ['X-ray both knees: tricompartmental osteoarthritis.', 'Skiagram knee shows marked joint space narrowing.'],
    study: ['X-RAY BOTH KNEES (STANDING AP)', 'RADIOGRAPH KNEE - AP AND LATERAL'],
    complaint: ['Pain in both knees for 5 years, worse on climbing stairs.', 'Knee pain and deformity limiting walking.'],
    findings: ['Osteophytes at the joint margins.', 'Subchondral sclerosis of the medial tibial plateau.'],
    values: [
      {
        attribute: 'KL Grade',
        labels: ['KL grade', 'Kellgren Lawrence grade'],
        doc: 'Radiology Report',
        accept: R(4, ''),
        reject: R(2, ''),
        beside: { accept: D('Joint space', 2, 'mm'), reject: D('Varus', 8, 'degrees') },
      },
      { attribute: 'HbA1c', labels: ['HbA1c', 'Glycosylated HbA1c'], doc: 'Lab Report', accept: R(6.4, '%') },
    ],
  },
  {
    code: 'id008',
    sex: 'F',
    diagnosis: ['Previous CS', 'Previous Caesarean Delivery'],
    complaint: ['G2P1L1 with previous LSCS at term, admitted in latent labour.', 'Term pregnancy with a previous caesarean scar.'],
    findings: ['Single live intrauterine foetus, cephalic.', 'Liquor adequate.'],
    values: [
      {
        attribute: 'Gestational Age',
        labels: ['Period of gestation', 'POG', 'Gestational age'],
        doc: 'Discharge Summary',
        accept: R(38, 'weeks'),
        reject: R(26, 'weeks'),
      },
    ],
  },
  {
    code: 'id003a',
    sex: 'any',
    diagnosis: ['COVID-19 Pneumonia', 'Covid pneumonia'],
    evidence: ['RT-PCR positive for SARS-CoV-2.', 'SARS-CoV-2 RNA detected (RTPCR positive).'],
    drugs: ['Inj. Remdesivir 200 mg IV on day 1 then 100 mg OD', 'Inj. Enoxaparin 40 mg SC OD', 'Inj. Methylprednisolone 40 mg IV BD'],
    complaint: ['Fever, cough and breathlessness for 5 days.', 'Dry cough with desaturation on exertion.'],
    findings: ['Bilateral ground glass opacities.', 'Oxygen by nasal prongs.'],
    values: [
      {
        attribute: 'SpO2',
        labels: ['SpO2', 'SPO2 on room air', 'Oxygen saturation'],
        doc: 'Discharge Summary',
        accept: R(88, '%'),
        reject: R(97, '%'),
      },
      { attribute: 'CT Severity Score', labels: ['CT severity score', 'CTSS'], doc: 'Discharge Summary', accept: R(6, '') },
    ],
  },
  {
    code: 'id006',
    sex: 'any',
    diagnosis: ['Coronary Artery Disease', 'Acute anterior wall MI', 'Unstable Angina'],
    evidence: ['Coronary angiogram showed significant disease.', 'CAG: single vessel disease.'],
    drugs: ['Tab. Clopidogrel 75 mg OD', 'Tab. Ticagrelor 90 mg BD', 'Ecosprin 75 mg OD'],
    complaint: ['Retrosternal chest pain radiating to the left arm for 2 hours.', 'Exertional angina for 3 months.'],
    findings: ['Right dominant circulation.', 'Left main normal.'],
    values: [
      {
        attribute: 'Troponin I',
        labels: ['Troponin I', 'Trop I', 'hs Troponin I'],
        doc: 'Lab Report',
        accept: R(0.86, 'ng/mL'),
        reject: R(0.01, 'ng/mL'),
      },
      {
        attribute: 'Coronary Stenosis',
        labels: ['Luminal stenosis', 'Percentage stenosis'],
        doc: 'Angiography Report',
        accept: R(50, '%'),
      },
    ],
  },
  {
    code: 'id005',
    sex: 'any',
    diagnosis: ['Triple vessel disease', 'Coronary Artery Disease'],
    evidence: ['Coronary angiography: triple vessel disease.', 'CAG done, showing critical lesions.'],
    drugs: ['Tab. Atorvastatin 40 mg HS', 'Ecosprin 75 mg OD'],
    complaint: ['Effort angina class III for 6 months.', 'Chest pain on exertion and breathlessness.'],
    findings: ['Patient underwent surgery uneventfully.', 'Extubated on day 1.'],
    values: [
      {
        attribute: 'Ejection Fraction',
        labels: ['LVEF', 'Ejection fraction', 'EF'],
        doc: 'Discharge Summary',
        accept: R(45, '%'),
        reject: R(20, '%'),
      },
      {
        attribute: 'Coronary Stenosis',
        labels: ['Luminal stenosis', 'Percentage stenosis'],
        doc: 'Angiography Report',
        accept: R(90, '%'),
      },
    ],
  },
  {
    code: 'id013',
    sex: 'M',
    diagnosis: ['Right indirect inguinal hernia', 'Inguinal Hernia'],
    complaint: ['Swelling in the right groin on coughing for 1 year.', 'Reducible groin swelling.'],
    findings: ['Indirect sac, contents reduced.', 'Polypropylene mesh fixed.'],
    values: [],
  },
  {
    code: 'id014',
    sex: 'any',
    diagnosis: ['Chronic Tonsillitis', 'Recurrent tonsillitis'],
    specimen: ['Bilateral tonsils', 'Tonsillar tissue, two pieces'],
    complaint: ['Recurrent sore throat, 6 episodes in a year.', 'Odynophagia and fever recurring.'],
    findings: ['Both tonsils hypertrophied.', 'Jugulodigastric nodes palpable.'],
    values: [],
  },
];

export const recipeFor = (code: string): Recipe => {
  const r = RECIPES.find((x) => x.code === code);
  if (!r) throw new Error(`no recipe for ${code}`);
  return r;
};
