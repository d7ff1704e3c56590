import { isSignupReady, signupFieldError } from './signup-validation';

describe('sign-up field rules (spec 1 §5)', () => {
  it.each([
    ['name', '', 'Enter valid name'],
    ['name', '   ', 'Enter valid name'],
    ['organization', '', 'Enter valid organization'],
    ['name', '1abc', 'Name starts with alphabets and can contain only alphabets,numbers and underscore'],
    ['organization', 'Acme-Health', 'Organization starts with alphabets and can contain only alphabets,numbers and underscore'],
    ['name', 'a'.repeat(101), 'Field exceeds maximum limit '],
    ['email', '', 'Enter valid email'],
    ['email', 'asha@clinic', 'Enter valid email'],
    ['email', 'asha clinic@x.in', 'Enter valid email'],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(signupFieldError(field, value)).toBe(message);
  });

  it.each([
    ['name', 'Asha Rao'],
    ['name', 'a'.repeat(100)],
    ['organization', 'City_Hospital 2'],
    ['email', 'asha.rao+claims@city-hospital.co.in'],
  ] as const)('accepts %s %j', (field, value) => {
    expect(signupFieldError(field, value)).toBeNull();
  });

  it('is ready only when every field is filled and valid', () => {
    expect(isSignupReady(undefined)).toBe(false);
    expect(isSignupReady({ name: 'Asha', organization: 'City', email: '' })).toBe(false);
    expect(isSignupReady({ name: 'Asha', organization: 'City', email: 'a@city.in' })).toBe(true);
  });
});
