import type { CompletedJob } from '@/lib/jobs/watchJob';
import type { AspectRatio } from '../logic/aspectRatio';
import { createStore, useStore } from '@/lib/store';

export type GenerationKind = 'template' | 'recommendation' | 'image';

/** One picture of a set of variations, from its job to its image. */
export interface VariationSlot {
  jobId: string;
  phase: 'running' | 'completed' | 'failed';
  result: CompletedJob | null;
}

/** The panel's latest generation, from the click to its image or error. */
export interface GenerationRun {
  id: number;
  phase: 'starting' | 'running' | 'completed' | 'failed';
  kind: GenerationKind;
  projectId: string;
  sceneId: string;
  aspectRatio: AspectRatio;
  templateId: string | null;
  templateName: string | null;
  jobId: string | null;
  result: CompletedJob | null;
  error: string | null;
  /** How many pictures were asked for (1–4). */
  variations: number;
  /** Each picture of the set once started, `jobId` first. */
  slots: VariationSlot[];
  /** The picture of the set the seller chose as the campaign's cover. */
  chosenAssetId: string | null;
}

/** One generation at a time, followed even while the panel is not on screen. */
export const generationStore = createStore<GenerationRun | null>(null);

export function isInProgress(run: GenerationRun | null): boolean {
  return run !== null && (run.phase === 'starting' || run.phase === 'running');
}

/** Changes the run only if it is still the one with this id. */
export function patchRun(id: number, patch: Partial<GenerationRun>): void {
  generationStore.update((run) => (run && run.id === id ? { ...run, ...patch } : run));
}

export function useGenerationRun(): GenerationRun | null {
  return useStore(generationStore);
}
