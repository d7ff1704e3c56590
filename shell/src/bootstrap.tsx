import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@claims/shared-kernel';
import { ShellApp } from './App';
import { setAreas } from './areas';
import { loadDeclarations } from './federation/declarations';
import { setupFederation } from './federation/runtime';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  setupFederation(config.remotes);
  setAreas(await loadDeclarations(config.remotes));
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <ShellApp />
    </StrictMode>,
  );
}

start().catch((error: unknown) => console.error('The shell could not start', error));
