/**
 * The reader's own word list, to tell text from OCR junk (see ./readability.ts): common English words and
 * the words of hospital documents (clinical terms, laboratory tests, units, billing). Lower case; inflected
 * forms are found through their stems ('tablets', 'admitted'), so mostly base forms are listed. It does not
 * need to be complete: a page of text has most of its words here, a page of junk almost none. The verification
 * step adds the words of the masters (procedures, diagnoses, drugs, ...).
 */

const ENGLISH = `
a about above absence absent accept access accident according account across act action active activity
actual add addition additional address adequate adjust admit advance advice advise affect after again against
age agency ago agree aid air all allow almost alone along already also alter although always am among amount
an and another answer any anyone anything apply appear approve approximately april are area around arrange
arrival arrive as ask assess associate at attach attend attention august authorise authorize available
average avoid away back bad balance bank base basis be bear because become bed been before begin behalf
behind being below benefit best better between beyond big bill birth bit black blank board body book both
bottom box branch break bring brother brought but buy by call came can cancel cannot capital card care
carry case cash cause center centre certain certificate certify chair chance change charge check chief child
children choice choose city claim class clear close code cold collect come comment common company complete
compliance concern condition confirm consent consider contact contain content continue contract control copy
correct cost could count country course cover create credit cross current customer cut daily damage data date
daughter day dead deal dear death december decide declaration declare decrease deduct default definite degree
delay deliver department deposit describe description design detail determine develop did die differ
different direct direction discharge discuss display distance district do document does done door double
down draw due during duty each early east easy effect effective either else email employ end enough enter
entire entry equal error estimate even evening event every evidence exact examine example except excess
exclude exist expect expense explain express extend extra face fact fail fall false family far fast father
favour february fee feel female few field figure file fill final find fine finish first fit five fix
floor follow for form former forward found four free frequency friday from front full further future gain
general get give given go good got grant great group guarantee guardian half hand happen hard has have he
head hear held help her here high him his history hold home hour house how however husband id if immediate
important in include income increase indeed index individual information initial inside instead institute
insurance insure interest internal into is issue it item its january join joint july june just keep kind
know known label language large last late later least leave left less letter level life light like limit
line list little live local long look loss low made mail main maintain major make male manage manager many
march mark married match material matter may me mean means measure meet member mention method middle might
mind minimum minor minute miss mobile mode model monday money month more morning most mother move much
must my name national nature near necessary need negative net never new next night nil nine no none normal
north not note nothing notice november now number object observe obtain occupation occur october of off
offer office officer official often old on once one only open opinion option or order organisation
organization original other our out outside over own page paid paper part particular party pass past pay
payment penalty per percent perform period permanent permit person personal phone place plan please plus
point policy poor position positive possible post power prefer present previous price primary print prior
private probable problem proceed process produce product proof proper property provide provision public
purpose put quality quantity query question quick range rate rather reach read ready real reason receipt
receive recent record reduce refer reference regard region register regular reject relate relation relative
release remain remark remove renew repeat replace reply report represent request require reserve resident
respect responsible rest result retain return review right rise road room round rule run said same
saturday save say schedule scheme second section see seen self send senior september serial serve service
set seven several shall share she short should show side sign signature similar since single sister site
six size small so social some someone something son soon sort source south special specific staff stage
standard start state statement status stay still stop street strong subject submit subsequent such sum
summary sunday supply support sure system table take taken team telephone tell temporary ten term test
than thank that the their them then there therefore these they thing third this those though three through
thursday till time title to today together told too top total toward town transfer travel treat tuesday
two type under unit until up upon upto us use usual valid value various verify very via view visit wait
want ward was way we wednesday week well were west what when where whether which while who whole whom whose
why wife will with within without witness word work would write written year yes yet you your zero zone
`;

const CLINICAL = `
abdomen abdominal abnormal abnormality abscess acute adenoma adhesion admission adrenal adult albumin alcohol
allergy alkaline amylase anaemia anemia anaesthesia anesthesia anaesthetist anesthetist analysis anatomy
aneurysm angiography angioplasty ankle antenatal anterior antibiotic antibody antigen anus aorta aortic
appendicectomy appendectomy appendicitis appendix appetite arm arrhythmia arterial artery arthroscopy
arthroplasty ascites aspiration assay asthma atrial atrophy attendant auscultation axial axis bacteria
basophil benign bicarbonate bilateral bile biliary bilirubin biochemistry biopsy bladder bleeding blood
bmi bone bowel brain breast breath breathing bronchitis bronchial calcium calculus cancer capsule carcinoma
cardiac cardiology cardiovascular cartilage cataract catheter cavity cell cells cervical cervix chemotherapy
chest chloride cholecystectomy cholecystitis cholelithiasis cholesterol chronic clinic clinical clot colon
colonoscopy complaint complication congenital consultant consultation contrast coronary cortex cough
creatinine crp culture cyst cystic cytology day-care debridement deficiency delivery dental diabetes
diabetic diagnosis diagnostic dialysis diastolic diet differential dilatation dilation discharge disease
disorder distal diuretic dizziness doctor dosage dose drain dressing drug duct duodenal duodenum dyspnoea
dyspnea ecg echo echocardiography edema oedema effusion elective electrolyte embolism emergency endometrial
endometrium endoscopy enlarged enzyme eosinophil epidural epithelium erythrocyte esr examination excision
eye femur fever fibroid fibrosis finding findings fistula fluid foetal fetal follicle follow-up fracture
function gall gallbladder gallstone gastric gastritis gastroenterology gland glucose grade graft gram gross
gynaecology gynecology haematocrit hematocrit haematology hematology haemoglobin hemoglobin haemorrhage
hemorrhage hba1c hdl head headache healing health heart hepatic hepatitis hernia hernioplasty herniorrhaphy
hip histopathology histology hormone hospital hypertension hypothyroidism hysterectomy icu ileum imaging
immunology impression incision infection inferior inflammation infusion inguinal injection injury inpatient
insulin intensive intestine intravenous investigation iron ischaemia ischemia joint kidney knee laboratory
lab laparoscopic laparoscopy laparotomy lateral ldl left lens lesion leucocyte leukocyte ligament limb lipid
lipase liver lobe lumbar lung lymph lymphocyte magnesium malignancy malignant mammography margin mass maternal
medial medical medication medicine membrane metabolic metastasis microscopic microscopy mild monocyte
morphology mri mucosa muscle myocardial nasal nausea neck necrosis neonatal nephrology nerve neurology
neutrophil nodule nurse nursing obstetric obstetrics obstruction occlusion ocular oncology operation
operative ophthalmology opd oral organ orthopaedic orthopedic ovarian ovary oxygen pain palpation pancreas
pancreatic pap paracetamol pathology pathologist patient pediatric paediatric pelvic pelvis perforation
pericardial peripheral peritoneal pharmacy phlebotomy phosphorus physician physiotherapy placenta plasma
platelet pleural pneumonia polyp positive posterior postoperative post-operative potassium pregnancy
pregnant preoperative pre-operative prescription pressure procedure prognosis prolactin prostate protein
proximal pulmonary pulse pus radiology radiograph radiologist radiotherapy rbc rectal rectum recovery
referral reflex renal resection respiratory retina rhythm rib saline scan scar sclerosis screening sediment
segment senile sepsis septic serum severe sgot sgpt shoulder sinus skin skull sodium specimen spine spinal
spleen sputum stable stenosis sterile steroid stomach stone stool stroke study subtotal superior surgeon surgery
surgical suture swelling symptom syndrome syrup systolic tablet tachycardia temperature tendon therapy
thickness thoracic throat thrombosis thyroid tissue tonsil tonsillectomy toxic trauma treatment triglyceride
tsh tumour tumor ulcer ultrasound ultrasonography umbilical unremarkable urea ureter urethra uric urinary
urine urology usg uterine uterus vaccine vaginal valve varicose vascular vein ventricular vertebra vision
visual vital vitamin vomiting wbc weight wound wrist xray x-ray
admitted attending consulting referring reporting treating operating discharged investigated advised
noted seen reviewed received labelled labeled measuring measured submitted studied examined described
sections section representative pieces piece features atypical mitoses mitosis proven free margins
remarks impression conclusion advice course
`;

const DOCUMENTS_AND_BILLING = `
account admission advance amount approval authorisation authorization bed bill billing breakup cashless
charges claim consumable consumables copy deduction deposit diet discount due employee estimate final gst
implant insurer invoice ipd mrd opd package particulars payable payer pharmacy policyholder pre-auth
preauthorisation preauthorization qty rate receipt refund registration room settlement sr subtotal tax
tariff tpa uhid ward
`;

/** Units and abbreviations written in reports: tokens a page of text has and junk rarely does. */
const UNITS_AND_ABBREVIATIONS = `
mg ml mcg g kg gm gms cm mm km mmhg mmol mol meq iu miu uiu ul dl l fl pg ng cumm lakh lakhs hr hrs
min mins sec yr yrs wk wks mo bpm spo2 pt inr aptt hb hct mcv mch mchc rdw tlc dlc esr crp alt ast alp
ggt ldh bun egfr hiv hbsag hcv vdrl ct mri usg ecg eeg emg ivp kub dr mr mrs ms no nos sl qty rs inr
bd od tds qid hs sos stat iv im sc po prn ot icu nicu picu ccu hdu er ed mbbs md ms dnb frcs mrcp
`;

/** Every word of the lists, for ./readability.ts. */
export const READER_WORDS: ReadonlySet<string> = new Set(
  [ENGLISH, CLINICAL, DOCUMENTS_AND_BILLING, UNITS_AND_ABBREVIATIONS].join(' ').split(/\s+/).filter(Boolean),
);
