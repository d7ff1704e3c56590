import { z } from 'zod';
import { ROLES } from '../constants';

export const LoginForm = z.object({
  username: z.string().trim().min(1, 'username is required'),
  password: z.string().min(1, 'password is required'),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  organization: z.string(),
  role: z.enum(ROLES),
  user: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_ ]*$/;
export const SIGNUP_MAX = 100;
export const SignupForm = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(SIGNUP_MAX)
    .regex(NAME_PATTERN, 'Name starts with alphabets and can contain only alphabets,numbers and underscore'),
  organization: z
    .string()
    .trim()
    .min(1)
    .max(SIGNUP_MAX)
    .regex(NAME_PATTERN, 'Organization starts with alphabets and can contain only alphabets,numbers and underscore'),
  email: z.email('Enter valid email'),
});
export type SignupForm = z.infer<typeof SignupForm>;
export const SignupResponse = z.object({ message: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** GET /version: the top bar shows the product title with this. */
export const VersionResponse = z.object({ name: z.string(), version: z.string() });
export type VersionResponse = z.infer<typeof VersionResponse>;

/** The parent-window (iframe) handshake message of spec 3 §3.7. */
export const ParentWindowMessage = z.object({
  access_token: z.string().min(1),
  user: z.string().min(1),
  organization: z.string().min(1),
  claimId: z.union([z.string().min(1), z.number()]).transform(String),
});
export type ParentWindowMessage = z.infer<typeof ParentWindowMessage>;

/** GET /me: who the token belongs to (the handshake validates the parent's token with it). */
export const MeResponse = z.object({ user: z.string(), organization: z.string(), role: z.enum(ROLES) });
export type MeResponse = z.infer<typeof MeResponse>;
