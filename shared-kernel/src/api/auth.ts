import type { LoginResponse, MeResponse, SignupForm, SignupResponse, VersionResponse } from '../contract';
import { clearSession, sessionStore, signIn } from '../session/session-store';
import { apiClient } from './client';

/** POST /login (form). A missing token in the answer counts as a failure (spec 1 §4). */
export async function login(username: string, password: string): Promise<boolean> {
  try {
    const { data } = await apiClient.post<LoginResponse>('/login', new URLSearchParams({ username, password }));
    if (!data?.access_token) return false;
    signIn({ user: data.user ?? username, token: data.access_token, organization: data.organization, role: data.role });
    return true;
  } catch {
    return false;
  }
}

/** POST /logout, then clear everything; without a token only the local state is cleared. */
export async function logout(): Promise<void> {
  if (sessionStore.getState().token) {
    try {
      await apiClient.post('/logout');
    } catch {
      // The session ends locally whatever the server says.
    }
  }
  clearSession();
}

export async function signup(form: SignupForm): Promise<SignupResponse> {
  const { data } = await apiClient.post<SignupResponse>('/marketing/signup', new URLSearchParams(form));
  return data;
}

export async function fetchVersion(): Promise<VersionResponse> {
  const { data } = await apiClient.get<VersionResponse>('/version');
  return data;
}

/** Who a token belongs to, checked without touching the current session. */
export async function whoIs(token: string): Promise<MeResponse> {
  const { data } = await apiClient.get<MeResponse>('/me', { headers: { Authorization: `Bearer ${token}` } });
  return data;
}
