import type { NextConfig } from 'next';

// Nothing ctxkit-specific: the packages are plain ESM, and the tokenizer's ranks arrive as lazy chunks.
const nextConfig: NextConfig = {};

export default nextConfig;
