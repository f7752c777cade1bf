import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookOpen, LogOut, Menu, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface AppMenuProps {
  userEmail: string;
  userName?: string | null;
  onLogout: () => void;
  /** Extra section (the mobile layout puts the project selector here). */
  children?: ReactNode;
}

/** The top-bar menu: Account Settings and Logout. */
export function AppMenu({ userEmail, userName, onLogout, children }: AppMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Open menu"
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-300 transition hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className="z-50 w-72 rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-900/10">
          <div className="px-3 py-2.5">
            {userName ? <p className="truncate text-sm font-medium text-slate-900">{userName}</p> : null}
            <p className="truncate text-xs text-slate-500">{userEmail}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {children}
          <DropdownMenu.Item
            onSelect={() => navigate('/guide')}
            className="mx-1 flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-highlighted:bg-slate-100"
          >
            <BookOpen className="h-4 w-4" aria-hidden /> Guide
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => navigate('/account')}
            className="mx-1 flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-highlighted:bg-slate-100"
          >
            <UserRound className="h-4 w-4" aria-hidden /> Account Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onLogout}
            className="mx-1 flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-rose-600 outline-none select-none data-highlighted:bg-rose-50"
          >
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
