/**
 * zod settings for the browser and the server, applied before any schema is built: every schema module
 * in shared/schemas imports this first, as do the entry points.
 *
 * jitless: zod would otherwise probe `new Function("")` when the first object schema is built, and
 * compile object parsers with it. The Content-Security-Policy (no 'unsafe-eval') refuses that, and the
 * browser reports a CSP violation on every page load even though zod catches the error; the interpreted
 * parser is fast enough for the sizes parsed here.
 */
import { z } from 'zod';

z.config({ jitless: true });
