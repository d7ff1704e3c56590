import type { ScreenRoute } from '@claims/shared-kernel/ui';
import { lazy } from 'react';

// Each screen loads on first visit, so the claim screen's viewer (react-pdf and its worker) never weighs on
// the list or the sign-in page.
const ClaimsListScreen = lazy(() => import('./claims/ClaimsListScreen').then((m) => ({ default: m.ClaimsListScreen })));
const CreateClaimScreen = lazy(() => import('./create/CreateClaimScreen').then((m) => ({ default: m.CreateClaimScreen })));
const ClaimScreen = lazy(() => import('./claim/ClaimScreen').then((m) => ({ default: m.ClaimScreen })));
const QuestionsScreen = lazy(() => import('./questions/QuestionsScreen').then((m) => ({ default: m.QuestionsScreen })));
const AnnotationListScreen = lazy(() => import('./annotation/AnnotationListScreen').then((m) => ({ default: m.AnnotationListScreen })));
const DashboardScreen = lazy(() => import('./dashboard/DashboardScreen').then((m) => ({ default: m.DashboardScreen })));
const MyQueueScreen = lazy(() => import('./my-queue/MyQueueScreen').then((m) => ({ default: m.MyQueueScreen })));
const ReviewSettingsScreen = lazy(() =>
  import('./review-settings/ReviewSettingsScreen').then((m) => ({ default: m.ReviewSettingsScreen })),
);

/** The claims area's route table: its router and its declaration's segments are made from it. */
export const ROUTES: readonly ScreenRoute[] = [
  { path: 'claims', screen: ClaimsListScreen },
  { path: 'claims/create', screen: CreateClaimScreen },
  { path: 'claims/:claimId', screen: ClaimScreen },
  { path: 'questions/:claimId', screen: QuestionsScreen },
  { path: 'annotation', screen: AnnotationListScreen },
  { path: 'dashboard', screen: DashboardScreen },
  { path: 'myQueue', screen: MyQueueScreen },
  { path: 'reviewSettings', screen: ReviewSettingsScreen, superUserOnly: true },
];
