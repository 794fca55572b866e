/**
 * Imported first by main.tsx so the stored theme is on <html> before React renders anything.
 * (An inline script in index.html would be earlier still, but the server's CSP allows only 'self'.)
 */
import { applyTheme, readStoredTheme } from './theme.js';

applyTheme(readStoredTheme());
