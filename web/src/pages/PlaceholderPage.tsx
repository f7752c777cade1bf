import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteHeader } from '@/app/SiteHeader';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  icon: ReactNode;
}

/** A simple page with the top bar; its real contents arrive later. */
export function PlaceholderPage({ title, description, icon }: PlaceholderPageProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-12">
          <div className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</div>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-3 text-base leading-relaxed text-slate-600">{description}</p>
          <Link
            to="/create"
            className="mt-8 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition hover:bg-brand-700"
          >
            Back to the studio
          </Link>
        </div>
      </main>
    </div>
  );
}
