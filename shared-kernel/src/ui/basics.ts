/**
 * @claims/shared-kernel/ui/basics: the suite's theme tokens, the sign-in form and the plain controls of the
 * screens before sign-in. No antd: the shell's sign-in page loads none of it (the signed-in frame does).
 */
export * from './basicsTheme';
export * from './BasicControls';
export * from './SignInForm';
