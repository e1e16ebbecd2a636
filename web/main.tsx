import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { initI18n } from './i18n/i18n';
import { App } from './app/app';

// The common namespace of the visitor's language starts downloading before React renders.
void initI18n();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
