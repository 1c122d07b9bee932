import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { CtxkitRoot } from './ctxkit';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <CtxkitRoot>
      <App />
    </CtxkitRoot>
  </StrictMode>,
);
