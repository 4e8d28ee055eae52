'use client';
import dynamic from 'next/dynamic';

/**
 * The comparison (the diff of two traces and its view) loads on the first Compare, not on every
 * open of the page. It waits for its code behind a boundary of its own that shows nothing, so the
 * page around it stays as it is meanwhile.
 */
export const CompareDialog = dynamic(() => import('./CompareDialog').then((m) => m.CompareDialog), { loading: () => null });
