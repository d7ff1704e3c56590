import { Flex, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ClaimsListScreen } from './claims/ClaimsListScreen';

// The list is the landing screen; the others load on first visit, so the claim page's viewer
// (react-pdf and its worker) never weighs on the list or the sign-in page.
const ClaimScreen = lazy(() => import('./claim/ClaimScreen').then((m) => ({ default: m.ClaimScreen })));
const CreateClaimScreen = lazy(() => import('./create/CreateClaimScreen').then((m) => ({ default: m.CreateClaimScreen })));
const QuestionsScreen = lazy(() => import('./questions/QuestionsScreen').then((m) => ({ default: m.QuestionsScreen })));
const AnnotationListScreen = lazy(() => import('./annotation/AnnotationListScreen').then((m) => ({ default: m.AnnotationListScreen })));
const DashboardScreen = lazy(() => import('./dashboard/DashboardScreen').then((m) => ({ default: m.DashboardScreen })));

/** The claims area, exposed as mfe_claims/Routes; paths are relative to the root (the shell renders it under a splat). */
export default function ClaimsRoutes() {
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading" />
        </Flex>
      }
    >
      <Routes>
        <Route path="claims" element={<ClaimsListScreen />} />
        <Route path="claims/create" element={<CreateClaimScreen />} />
        <Route path="claims/:claimId" element={<ClaimScreen />} />
        <Route path="questions/:claimId" element={<QuestionsScreen />} />
        <Route path="annotation" element={<AnnotationListScreen />} />
        <Route path="dashboard" element={<DashboardScreen />} />
        <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
      </Routes>
    </Suspense>
  );
}
