/**
 * The page's Content-Security-Policy has no 'unsafe-eval'. Zod compiles a fast path for object
 * schemas with `new Function`, and even its guarded probe for that is reported as a violation, so
 * the browser side runs Zod's interpreter instead. Imported for its effect by each page's root.
 */
import { z } from 'zod';

z.config({ jitless: true });
