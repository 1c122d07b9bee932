import { CtxkitProvider } from '@ctxkit/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startEngine } from './ctxkit';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <CtxkitProvider createEngine={startEngine}>
      <App />
    </CtxkitProvider>
  </StrictMode>,
);
