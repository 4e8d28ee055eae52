'use client';
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'default' | 'ghost' | 'danger';

const styles: Record<Variant, string> = {
  primary: 'bg-sky-600 text-white hover:bg-sky-500 border-sky-500',
  default: 'bg-zinc-800 text-zinc-100 hover:bg-zinc-700 border-zinc-700',
  ghost: 'bg-transparent text-zinc-300 hover:bg-zinc-800 border-transparent',
  danger: 'bg-zinc-800 text-red-300 hover:bg-red-900/60 border-zinc-700',
};

export function Button({ variant = 'default', className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1 rounded border px-2 py-0.5 text-xs font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40 ${styles[variant]} ${className}`}
      {...rest}
    />
  );
}
