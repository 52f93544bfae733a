import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page comes prerendered (src/app/prerender.tsx): the same views take it over.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
