import { useSyncExternalStore } from 'react';
import { readString, storageKeys, writeString } from './storage';

/**
 * The short chime played when a generation completes. It is synthesised with Web Audio (no file to
 * load), muted by a toggle the user controls, and never forced: browsers block audio until the page
 * has had a user gesture, and every generation starts with one, so by then it may play.
 */
const listeners = new Set<() => void>();

export function isMuted(): boolean {
  return readString(storageKeys.soundMuted) === '1';
}

export function setMuted(muted: boolean): void {
  writeString(storageKeys.soundMuted, muted ? '1' : null);
  for (const listener of [...listeners]) listener();
}

export function useMuted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isMuted,
    () => false,
  );
}

let context: AudioContext | null = null;

/** Plays the two-note completion chime unless muted or the browser refuses; never throws. */
export function playCompletionChime(): void {
  if (isMuted() || typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.02;
    [880, 1318.5].forEach((frequency, index) => {
      const at = start + index * 0.12;
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.4);
    });
  } catch {
    // Audio is a nicety; a browser that refuses it changes nothing else.
  }
}
