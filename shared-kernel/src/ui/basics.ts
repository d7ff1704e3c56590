/**
 * @claims/shared-kernel/ui/basics: the suite's theme and sign-in form, built on the basics tier of
 * antd only (../facades/antd-basics), so that the shell's sign-in page does not load the rest of antd.
 */
export * from './SuiteTheme';
export * from './SignInForm';
