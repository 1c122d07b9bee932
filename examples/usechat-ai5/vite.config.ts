import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The AI SDK (with zod) and React are most of the app's code: each gets a chunk of its own, which also keeps every
// chunk under Vite's size warning. ctxkit's tokenizer ranks arrive as lazy chunks of their own.
export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'ai-sdk', test: /node_modules[\\/](ai|@ai-sdk|zod)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
