/** The Vite config Storybook builds with (.storybook/main.ts says why it is not the app's). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
