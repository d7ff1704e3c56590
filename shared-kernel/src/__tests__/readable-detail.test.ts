import { fieldLabel, readableDetail } from '../api/readable-detail';

describe('readableDetail', () => {
  it.each([
    ["name: Test unit 'cm' already exists", "Test unit 'cm' already exists"],
    ['procedure_code: Procedure code P2 already exists', 'Procedure code P2 already exists'],
    ['name: Too big: expected string to have <=200 characters', 'Name is too long: at most 200 characters'],
    ['patientName: Too small: expected string to have >=1 characters', 'Patient name is required'],
    ['querystring page_number: Too big: expected number to be <=1000000', 'Page number must be at most 1000000'],
    ['limit: Too small: expected number to be >=1', 'Limit must be at least 1'],
    ['top_threshold: Invalid input: expected number, received string', 'Top threshold must be a number'],
    ['caseType: Invalid option: expected one of "PRE_AUTH"|"SETTLEMENT"', 'Case type must be one of PRE_AUTH, SETTLEMENT'],
    ['to: the period covers 400 days; choose at most 366', 'The period covers 400 days; choose at most 366'],
    ['endDate: Date should not exceed 90 days.', 'Date should not exceed 90 days.'],
    ['Request body is too large', 'Request body is too large'],
    ['page_number: must be positive', 'Page number must be positive'],
  ])('%s reads as %s', (detail, sentence) => {
    expect(readableDetail(detail)).toBe(sentence);
  });

  it('makes each field of a list its own sentence', () => {
    expect(
      readableDetail(
        'name: Too small: expected string to have >=1 characters; alias.0.keyword: Too big: expected string to have <=50 characters',
      ),
    ).toBe('Name is required. Keyword is too long: at most 50 characters');
  });

  it('leaves an empty detail empty', () => {
    expect(readableDetail('')).toBe('');
  });

  it('names fields as people do', () => {
    expect(fieldLabel('hospital_code')).toBe('Hospital code');
    expect(fieldLabel('maxFileBytes')).toBe('Max file bytes');
    expect(fieldLabel('items.3.name')).toBe('Name');
  });
});
