'use client';
import dynamic from 'next/dynamic';

/**
 * The Export dialog (redaction with a person's own rules on a regular-expression engine, the
 * preview, the file formats) loads on the first Export…, not with every session shown. It waits
 * for its code behind a boundary of its own that shows nothing, so the page around it stays as it is.
 */
export const ExportDialog = dynamic(() => import('./ExportDialog').then((m) => m.ExportDialog), { loading: () => null });
