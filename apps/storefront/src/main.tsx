import './config/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { enforceAppVersion } from './app/app-version';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void enforceAppVersion(__APP_VERSION__).then((reloading) => {
  if (reloading) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
