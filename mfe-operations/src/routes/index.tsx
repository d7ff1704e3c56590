import { RequireSuperUser } from '@claims/shared-kernel';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UploadsDownloadsPage } from './uploads-downloads/UploadsDownloadsPage';

/** The operations remote's screens; paths are relative to the root (the shell renders this under its splat). */
export default function OperationsRoutes() {
  return (
    <Routes>
      <Route
        path="uploadsDownloads"
        element={
          <RequireSuperUser>
            <UploadsDownloadsPage />
          </RequireSuperUser>
        }
      />
      <Route path="up" element={<Navigate to="/uploadsDownloads" replace />} />
      <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
    </Routes>
  );
}
