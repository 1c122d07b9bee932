import '@ctxkit/react/styles.css';
import '../styles.css';
import './ai-sdk.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AiSdkApp } from './index.js';

const root = document.getElementById('root');
if (!root) throw new Error('ai-sdk.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AiSdkApp />
  </StrictMode>,
);
