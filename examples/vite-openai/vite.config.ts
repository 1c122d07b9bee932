import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Nothing ctxkit-specific: the tokenizer's ranks arrive as lazy chunks under Vite's size warning.
export default defineConfig({
  plugins: [react()],
});
