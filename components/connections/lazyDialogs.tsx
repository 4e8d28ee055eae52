'use client';
import dynamic from 'next/dynamic';

// The sidebar's dialogs show only after a click: their code (forms, editors, the mcpServers JSON
// import and export) loads then, not on every open of the page. Each waits for its code behind a
// boundary of its own that shows nothing (nothing shows in a dialog's place until it opens): without
// one, the wait would hide the nearest part of the page around it, and remount what it holds.
export const ConnectionForm = dynamic(() => import('./ConnectionForm').then((m) => m.ConnectionForm), { loading: () => null });
export const HttpConnectionForm = dynamic(() => import('./HttpConnectionForm').then((m) => m.HttpConnectionForm), { loading: () => null });
export const ImportDialog = dynamic(() => import('./ImportDialog').then((m) => m.ImportDialog), { loading: () => null });
export const ExportServersDialog = dynamic(() => import('./ExportServersDialog').then((m) => m.ExportServersDialog), { loading: () => null });
export const TapUrlForm = dynamic(() => import('../taps/TapUrlForm').then((m) => m.TapUrlForm), { loading: () => null });
