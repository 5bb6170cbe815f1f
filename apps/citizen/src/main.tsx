import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <main style={{ padding: 24, textAlign: 'center' }}>加载中</main>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
