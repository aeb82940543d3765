import { createRoot } from 'react-dom/client';

function Placeholder() {
  return <main><h1>portal-shell editor</h1><p>Coming in the editor issue.</p></main>;
}

createRoot(document.getElementById('root')!).render(<Placeholder />);
