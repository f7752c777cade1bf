import { FolderOpen, Layers, Menu, Sparkles } from 'lucide-react';
import { LogoMark } from '@/components/Logo';

/** A static picture of the workspace, shown blurred behind the auth modal for visitors. Makes no requests. */
export function WorkspacePreview() {
  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <div className="flex h-14 items-center gap-3 bg-ink-950 px-4 text-white">
        <Menu className="h-5 w-5 text-slate-300" />
        <LogoMark />
        <span className="text-[15px] font-semibold">Campaign Studio</span>
        <span className="ml-2 hidden items-center gap-2 rounded-lg bg-white/5 px-3 py-1.5 text-sm ring-1 ring-white/10 sm:inline-flex">
          <FolderOpen className="h-4 w-4 text-brand-300" /> Spring Collection
        </span>
        <div className="flex-1" />
        <span className="rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold">25 Credits</span>
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-[650px] max-w-[45%] flex-col border-r border-slate-200 bg-white md:flex">
          <div className="flex items-center gap-2 border-b border-slate-200 p-4">
            <span className="flex h-10 flex-1 items-center gap-2 rounded-lg px-3 ring-1 ring-slate-200">
              <Layers className="h-4 w-4 text-brand-600" /> Campaign 1
            </span>
          </div>
          <div className="flex flex-1 flex-col gap-3 p-6">
            <div className="ml-auto w-2/3 rounded-2xl bg-brand-600 p-3 text-sm text-white">Hero shot on a marble counter, morning light</div>
            <div className="w-3/4 rounded-2xl bg-slate-100 p-3 text-sm text-slate-700">Here is a warm, airy product shot for your spring launch.</div>
            <div className="h-40 w-3/4 rounded-2xl bg-gradient-to-br from-amber-100 via-rose-100 to-brand-100" />
          </div>
        </div>
        <div className="bg-dots flex-1 p-6">
          <p className="text-xl font-semibold text-slate-900">Campaign Studio</p>
          <div className="mt-5 grid grid-cols-[repeat(auto-fill,minmax(240px,1fr))] gap-5">
            {['from-sky-100 to-indigo-100', 'from-amber-100 to-rose-100', 'from-emerald-100 to-teal-100'].map((gradient, index) => (
              <div key={gradient} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <div className={`flex aspect-[4/3] items-center justify-center bg-gradient-to-br ${gradient}`}>
                  <Sparkles className="h-8 w-8 text-white" />
                </div>
                <p className="p-4 text-sm font-medium text-slate-800">Campaign {index + 1}</p>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
