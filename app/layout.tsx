import type { ReactNode } from 'react';
import './globals.css';

export const metadata = { title: 'Loupe', description: 'An inspector for MCP servers' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="h-screen overflow-hidden bg-zinc-950 text-zinc-100 antialiased">{children}</body>
    </html>
  );
}
