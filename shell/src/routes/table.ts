import type { ComponentType } from 'react';
import { AuthFailedScreen } from './failed-auth/AuthFailedScreen';
import { IframeAuthenticateScreen } from './iframe-auth/IframeAuthenticateScreen';
import { NotFoundScreen, SignedInNotFoundScreen } from './not-found/NotFoundScreen';
import { RootScreen } from './root/RootScreen';

/**
 * One row of the shell's own routes: who may open it ('open' to anyone, 'signedOut' only without a session,
 * 'signedIn' inside the signed-in frame) and its screen, or where it sends the user instead.
 */
export type ShellRoute = { path: string; access: 'open' | 'signedOut' | 'signedIn' } & ({ screen: ComponentType } | { redirect: string });

/**
 * The shell's route table (spec 3 §2.1): everything else belongs to the remote that declares its first segment.
 * The screens before sign-in are not lazy: they are the page's first paint and use no antd.
 */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/', screen: RootScreen, access: 'open' },
  { path: '/iframeauthenticate', screen: IframeAuthenticateScreen, access: 'open' },
  { path: '/failedauth', screen: AuthFailedScreen, access: 'open' },
  { path: '/pageNotFound', screen: NotFoundScreen, access: 'signedOut' },
  { path: '/up', redirect: '/uploadsDownloads', access: 'signedIn' },
  { path: '/pageNotFound', screen: SignedInNotFoundScreen, access: 'signedIn' },
];
