// A render thread's entry (render-pool.ts): registers tsx's loader, then loads the TypeScript render once.
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import('./page-render.ts');

export default renderTask;
