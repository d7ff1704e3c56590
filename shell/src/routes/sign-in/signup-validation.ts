/**
 * Sign-up rules of spec 1 §5, checked as the visitor types (the api checks the same again).
 * Plain code, not the contract's zod schema: zod stays out of the browser bundle.
 */
import { LIMITS } from '@claims/shared-kernel';

export type SignupField = 'name' | 'organization' | 'email';
export type SignupValues = Record<SignupField, string>;

export const SIGNUP_FIELDS: ReadonlyArray<{ key: SignupField; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'organization', label: 'Organization' },
  { key: 'email', label: 'Email' },
];

/** Starts with a letter; letters, digits, underscore and spaces after it (the api's pattern). */
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_ ]*$/;
/** The address pattern the api's validator (zod's email) uses, so both sides agree. */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const FIELD_TOO_LONG = 'Field exceeds maximum limit ';

/** The message for a field's value, or null when it is fine. */
export function signupFieldError(field: SignupField, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (field === 'email') return EMAIL_PATTERN.test(value) ? null : 'Enter valid email';
  if (!value) return `Enter valid ${field}`;
  if (value.length > LIMITS.signupFieldMaxLength) return FIELD_TOO_LONG;
  if (!NAME_PATTERN.test(value)) {
    const label = field.charAt(0).toUpperCase() + field.slice(1);
    return `${label} starts with alphabets and can contain only alphabets,numbers and underscore`;
  }
  return null;
}

export function isSignupReady(values: Partial<SignupValues> | undefined): boolean {
  return SIGNUP_FIELDS.every(({ key }) => signupFieldError(key, values?.[key]) === null);
}
