import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { firstRenderIsPrerendered } from './app/hydration.ts';
import { readPageData } from './app/page-data.tsx';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App pageData={readPageData()} />
  </StrictMode>
);
// A public page comes prerendered (src/app/prerender.tsx): the same views take it over, unless its
// query or what this browser keeps (a theme, a place) makes the first render differ; then they draw it afresh.
// Either is a transition: React works in slices and lets the browser answer the visitor in between,
// instead of holding a phone's main thread for the whole page.
startTransition(() => {
  if (container.firstElementChild && firstRenderIsPrerendered()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
