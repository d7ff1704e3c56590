import { Navigate, Route, Routes } from 'react-router-dom';
import { ClaimsListScreen } from './claims/ClaimsListScreen';
import { DashboardScreen } from './dashboard/DashboardScreen';

/** The claims area, exposed as mfe_claims/Routes; paths are relative to the root (the shell renders it under a splat). */
export default function ClaimsRoutes() {
  return (
    <Routes>
      <Route path="claims" element={<ClaimsListScreen />} />
      <Route path="dashboard" element={<DashboardScreen />} />
      <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
    </Routes>
  );
}
