import { describe, expect, it } from '@jest/globals';
import { docFromText } from '../../testing/verification/fixtures';
import { foldOf, PhraseIndex, plainOf, type Hit } from './match';
import { buildClaimText, type ClaimText } from './text';

const indexOf = (...pages: string[]): { text: ClaimText; index: PhraseIndex } => indexWith('text', pages);
const ocrIndexOf = (...pages: string[]): { text: ClaimText; index: PhraseIndex } => indexWith('ocr', pages);
const indexWith = (source: 'text' | 'ocr', pages: string[]) => {
  const text = buildClaimText([docFromText('doc.pdf', pages, 1, source)]);
  return { text, index: new PhraseIndex(text) };
};
const wordsOf = (text: ClaimText, hit: Hit) =>
  text.tokens
    .slice(hit.first, hit.last + 1)
    .map((t) => t.word.text)
    .join(' ');

describe('normalising', () => {
  it('keeps letters and digits, lower case, without accents', () => {
    expect(plainOf('Hæmo-Globin (Hb):')).toBe('hæmoglobinhb');
    expect(plainOf('Café')).toBe('cafe');
  });
  it('folds the OCR confusions onto one letter', () => {
    expect(foldOf('C0rnea')).toBe(foldOf('Cornea'));
    expect(foldOf('HbA1c')).toBe(foldOf('HbAlc'));
    expect(foldOf('5enile')).toBe(foldOf('Senile'));
    expect(foldOf('Ternperature')).toBe(foldOf('Temperature'));
    expect(foldOf('Iens')).toBe(foldOf('lens'));
  });
  it('folds a phrase to the folds of its words joined, wherever the words break', () => {
    expect(foldOf('Doctor Notes')).toBe(foldOf('Doctor') + foldOf('Notes'));
    expect(foldOf('DoctorNotes')).toBe(foldOf('Doctor Notes'));
    expect(foldOf('Comea')).toBe(foldOf('Cornea'));
  });
});

describe('spelling variants', () => {
  const PAIRS = [
    ['haemoglobin', 'hemoglobin'],
    ['Oesophagus', 'Esophagus'],
    ['authorisation', 'authorization'],
    ['colour', 'color'],
    ['Tumour', 'Tumor'],
    ['anaemia', 'anemia'],
    ['Oedema', 'Edema'],
    ['paediatric', 'pediatric'],
    ['Hæmatology', 'hematology'],
    ['orthopaedic', 'orthopedic'],
    ['diarrhoea', 'diarrhea'],
    ['lymphoedema', 'lymphedema'],
    ['hospitalised', 'hospitalized'],
    ['analyse', 'analyze'],
    ['behavioural', 'behavioral'],
    ['Operation theatre', 'Operation theater'],
    ['litres', 'liters'],
    ['catalogue', 'catalog'],
    ['Total Leucocyte Count', 'Total Leukocyte Count'],
    ['leucopenia', 'leukopenia'],
  ];

  it('finds British and American spellings of a name without an alias (grade 2), both ways', () => {
    for (const [british, american] of PAIRS) {
      const { text, index } = indexOf(`Noted: ${british} as advised`, `Noted: ${american} as advised`);
      expect([index.find(american).map((h) => [h.page, h.quality]), wordsOf(text, index.find(american)[0])]).toEqual([
        [
          [0, 2],
          [1, 3],
        ],
        british,
      ]);
      expect(index.find(british).map((h) => [h.page, h.quality])).toEqual([
        [0, 3],
        [1, 2],
      ]);
    }
  });

  it('keeps the OCR confusions on top of the spelling variants', () => {
    const { index } = indexOf('Haernoglobin 9.8, anaernia');
    expect(index.find('Hemoglobin')[0]?.quality).toBe(2);
    expect(index.find('Anemia')[0]?.quality).toBe(2);
  });

  it('folds the digraphs only where British spelling puts them, so compounds keep their letters', () => {
    expect(foldOf('Gastro-enteritis')).toBe(foldOf('Gastroenteritis'));
    expect(foldOf('intra epithelial')).toBe(foldOf('intraepithelial'));
    expect(foldOf('Gastro-oesophageal')).toBe(foldOf('gastroesophageal'));
    expect(indexOf('Phaco emulsification done').index.find('Phacoemulsification')).toHaveLength(1);
  });

  it('does not merge words that only look like variants', () => {
    for (const [a, b] of [
      ['four', 'for'],
      ['hour', 'hor'],
      ['fracture', 'fractuer'],
      ['acre', 'acer'],
      ['shoe', 'she'],
      ['neurourology', 'neurorology'],
    ])
      expect(foldOf(a)).not.toBe(foldOf(b));
  });
});

describe('finding a phrase', () => {
  it('ignores case and punctuation (grade 3)', () => {
    const { text, index } = indexOf('Diagnosis: SENILE-CATARACT, right eye');
    const [hit] = index.find('Senile cataract');
    expect(hit.quality).toBe(3);
    expect(wordsOf(text, hit)).toBe('SENILE-CATARACT,');
  });

  it('finds a phrase broken over two lines', () => {
    const { text, index } = indexOf('Final diagnosis is senile\ncataract of the right eye');
    const [hit] = index.find('Senile Cataract');
    expect(hit.quality).toBe(3);
    expect(wordsOf(text, hit)).toBe('senile cataract');
    expect(text.tokens[hit.first].line).not.toBe(text.tokens[hit.last].line);
  });

  it('finds words run together (grade 1) and extra spaces inside a word', () => {
    const { index } = indexOf('Diagnosis:Senilecataract', 'Procedure: Phaco emulsification done', 'K/c/oHypertension', 'NoSenile cataract');
    expect(index.find('Senile cataract').map((h) => [h.page, h.quality])).toEqual([
      [0, 1],
      [3, 1],
    ]);
    expect(index.find('Phacoemulsification')[0]).toMatchObject({ quality: 3, page: 1 });
    expect(index.find('Hypertension')[0]).toMatchObject({ quality: 1, page: 2 });
  });

  it('cuts a short name from what punctuation joins to it, and says what follows it in the word', () => {
    const { index } = indexOf('Tumour Grade-III; Stage:IIB', 'Gradely improving; GradeIII');
    expect(index.find('Grade').map((h) => [h.page, h.quality, h.tail])).toEqual([[0, 1, '-III;']]);
    expect(index.find('Stage')[0]).toMatchObject({ quality: 1, tail: ':IIB' });
    expect(index.find('Tumor grade')[0]).toMatchObject({ quality: 1, tail: '-III;' });
  });

  it('does not cut a word where nothing shows that words ran together', () => {
    const { index } = indexOf('Ovarian cystectomy done; Haemorrhoid Grade III; diagnosis condition 50');
    expect(index.find('Ovarian cyst')).toEqual([]);
    expect(index.find('Grade I')).toEqual([]);
    expect(index.find('Diagnosis condition 5')).toEqual([]);
    expect(index.find('Grade III')).toHaveLength(1);
  });

  it('finds OCR confusions (grade 2)', () => {
    const { index } = indexOf('Lens: C0rnea clear, HbAlc 6.1, 5enile changes, Ternperature normal');
    for (const phrase of ['Cornea', 'HbA1c', 'Senile', 'Temperature']) expect(index.find(phrase)[0]?.quality).toBe(2);
  });

  it('lists nothing for an absent phrase and never matches inside a word', () => {
    const { index } = indexOf('Fracture of the femur; noncataractous lens');
    expect(index.find('Glaucoma')).toEqual([]);
    expect(index.find('CT')).toEqual([]);
    expect(index.find('Cataract')).toEqual([]);
  });

  it('matches short names only as a whole word, exactly', () => {
    const { index } = indexOf('Old M.I. in 2019; 10 ml given');
    const hits = index.find('MI');
    expect(hits).toHaveLength(1);
    expect(hits[0].quality).toBe(3);
    expect(index.find('ml')).toHaveLength(1);
  });

  it('does not match across pages', () => {
    const { index } = indexOf('Diagnosis senile', 'cataract');
    expect(index.find('senile cataract')).toEqual([]);
  });

  it('finds misspellings approximately only when asked (grade 0.5)', () => {
    const { text, index } = ocrIndexOf('Diagnosis: Cataraet both eyes');
    expect(index.find('Cataract')).toEqual([]);
    const [hit] = index.findApproximate('Cataract');
    expect(hit.quality).toBe(0.5);
    expect(wordsOf(text, hit)).toBe('Cataraet');
    expect(index.findApproximate('Lens')).toEqual([]);
  });

  it('finds nothing approximately in a text layer, or where the first or last letter differs', () => {
    expect(indexOf('Diagnosis: Cataraet both eyes').index.findApproximate('Cataract')).toEqual([]);
    const { index } = ocrIndexOf('Hemorrhoid grade: 3; Bataract; Cataracts');
    expect(index.findApproximate('Hemorrhoids')).toEqual([]);
    expect(index.findApproximate('Cataract')).toEqual([]);
  });

  it('allows two edits in long names, and only around an exact piece of the name', () => {
    const { text, index } = ocrIndexOf('Procedure: Phacoemulsifcaton under LA');
    const [hit] = index.findApproximate('Phacoemulsification');
    expect(hit).toMatchObject({ quality: 0.5 });
    expect(wordsOf(text, hit)).toBe('Phacoemulsifcaton');
    expect(index.findApproximate('Trabeculectomy procedure')).toEqual([]);
  });

  it('orders hits in reading order with the page of each', () => {
    const { index } = indexOf('Cataract', 'x\ncataract and CATARACT');
    expect(index.find('cataract').map((h) => [h.page, h.first])).toEqual([
      [0, 0],
      [1, 2],
      [1, 4],
    ]);
  });
});
