import { createRoot } from 'react-dom/client';

function Placeholder() {
  return <main><h1>portal host</h1></main>;
}

createRoot(document.getElementById('root')!).render(<Placeholder />);
