import { CreditModalMachine, type Clock, type KeyValueStore, type ModalType } from '../logic/creditModalMachine';

/** A Web Storage area that may be missing or refuse access (private modes): then it holds nothing. */
function storageArea(pick: () => Storage): KeyValueStore {
  return {
    getItem: (key) => {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        pick().setItem(key, value);
      } catch {
        // Full or disabled storage: best effort.
      }
    },
    removeItem: (key) => {
      try {
        pick().removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export const sharedStorage = storageArea(() => window.localStorage);
export const sessionStore = storageArea(() => window.sessionStorage);

const browserClock: Clock = {
  now: () => Date.now(),
  schedule: (fn, ms) => {
    const timer = window.setTimeout(fn, ms);
    return () => window.clearTimeout(timer);
  },
};

function newInstanceId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** This tab's view of the shared modal state. */
export function createBrowserMachine(onChange?: (showing: ModalType | null) => void): CreditModalMachine {
  return new CreditModalMachine({ instanceId: newInstanceId(), shared: sharedStorage, session: sessionStore, clock: browserClock, onChange });
}

/** Leaving the page; a seam for tests, which cannot follow a real navigation. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
