jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/federation-runtime-mock'));

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@claims/shared-kernel';
import { LOGIN_FAILED } from '@claims/shared-kernel/ui/basics';
import { failure, fakeApi, signOut } from '@claims/shared-kernel/testing';
import { renderShell } from '../../testing/render-shell';
import { VIDEO_ERROR } from './DemoVideo';
import { SIGNUP_THANKS } from './SignUpForm';

const LOGIN_ANSWER = {
  access_token: 'token-1',
  token_type: 'bearer',
  organization: 'vitraya',
  role: 'super_user',
  user: 'vitraya.admin',
} as const;

beforeEach(() => signOut());
afterEach(() => jest.restoreAllMocks());

async function signInWith(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('signs in with the form and goes to the claims list', async () => {
    const api = fakeApi({ 'POST /login': LOGIN_ANSWER, 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    renderShell('/');
    await signInWith('vitraya.admin', 'demo-password');
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
    const [login] = api.callsTo('POST /login');
    expect(login.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(login.body).toEqual({ username: 'vitraya.admin', password: 'demo-password' });
    expect(sessionStore.getState()).toMatchObject({ user: 'vitraya.admin', token: 'token-1', organization: 'vitraya' });
  });

  it('shows the failure text and stays on the form when the api refuses', async () => {
    fakeApi({ 'POST /login': failure(401, 'Incorrect username or password') });
    renderShell('/');
    await signInWith('vitraya.admin', 'wrong');
    expect(await screen.findByText(LOGIN_FAILED)).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('needs both username and password', async () => {
    const api = fakeApi({ 'POST /login': LOGIN_ANSWER });
    renderShell('/');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the video error text when the demo video cannot load', async () => {
    renderShell('/');
    fireEvent.error(await screen.findByLabelText('Product demo'));
    expect(await screen.findByText(VIDEO_ERROR)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('switches to sign-up and back', async () => {
    const user = userEvent.setup({ delay: null });
    renderShell('/');
    await user.click(await screen.findByText('Sign up'));
    expect(await screen.findByLabelText('Organization')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?signup');
    await user.click(screen.getByText('Sign in'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });
});

describe('sign-up', () => {
  const signUpButton = () => screen.getByRole('button', { name: 'Sign up' });

  async function fill(label: string, value: string) {
    const input = screen.getByLabelText(label);
    fireEvent.change(input, { target: { value } });
  }

  it('opens with ?signup, validates as the visitor types and keeps the button disabled until all is valid', async () => {
    renderShell('/?signup');
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(signUpButton()).toBeDisabled();

    await fill('Name', '1abc');
    expect(await screen.findByText('Name starts with alphabets and can contain only alphabets,numbers and underscore')).toBeInTheDocument();
    await fill('Name', '');
    expect(await screen.findByText('Enter valid name')).toBeInTheDocument();
    await fill('Name', 'a'.repeat(101));
    expect(await screen.findByText('Field exceeds maximum limit')).toBeInTheDocument();
    await fill('Name', 'Asha Rao');
    await fill('Organization', 'City_Hospital');
    await fill('Email', 'asha@city');
    expect(await screen.findByText('Enter valid email')).toBeInTheDocument();
    expect(signUpButton()).toBeDisabled();

    await fill('Email', 'asha@city-hospital.in');
    await waitFor(() => expect(signUpButton()).toBeEnabled());
    await fill('Organization', '');
    expect(await screen.findByText('Enter valid organization')).toBeInTheDocument();
    expect(signUpButton()).toBeDisabled();
  });

  it('posts the form and tells the visitor the team will reach out by e-mail', async () => {
    const api = fakeApi({ 'POST /marketing/signup': { message: 'Signed up' } });
    renderShell('/?signup');
    await screen.findByLabelText('Name');
    await fill('Name', ' Asha Rao ');
    await fill('Organization', 'City_Hospital');
    await fill('Email', 'asha@city-hospital.in');
    await waitFor(() => expect(signUpButton()).toBeEnabled());
    await userEvent.setup({ delay: null }).click(signUpButton());
    expect(await screen.findByText(SIGNUP_THANKS)).toBeInTheDocument();
    expect(api.callsTo('POST /marketing/signup').map((call) => call.body)).toEqual([
      { name: 'Asha Rao', organization: 'City_Hospital', email: 'asha@city-hospital.in' },
    ]);
  });

  it('shows the server detail when sign-up fails and keeps what was typed', async () => {
    fakeApi({ 'POST /marketing/signup': failure(409, 'This e-mail address has already signed up') });
    renderShell('/?signup');
    await screen.findByLabelText('Name');
    await fill('Name', 'Asha');
    await fill('Organization', 'City');
    await fill('Email', 'asha@city-hospital.in');
    await waitFor(() => expect(signUpButton()).toBeEnabled());
    await userEvent.setup({ delay: null }).click(signUpButton());
    expect(await screen.findByText('This e-mail address has already signed up')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@city-hospital.in');
  });
});
