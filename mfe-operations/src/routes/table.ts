import type { ScreenRoute } from '@claims/shared-kernel/ui';
import { lazy } from 'react';

const UploadsDownloadsScreen = lazy(() =>
  import('./uploads-downloads/UploadsDownloadsScreen').then((m) => ({ default: m.UploadsDownloadsScreen })),
);

/**
 * The operations area's route table: its router and its declaration's segments are made from it. /up is the
 * console's short address (spec 3 §2.1); inside the suite the shell answers it before any remote loads.
 */
export const ROUTES: readonly ScreenRoute[] = [
  { path: 'uploadsDownloads', screen: UploadsDownloadsScreen, superUserOnly: true },
  { path: 'up', redirect: '/uploadsDownloads' },
];
