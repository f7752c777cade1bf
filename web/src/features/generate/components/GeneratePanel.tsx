import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent, ReactNode } from 'react';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { setSceneCover } from '@/lib/media/cover';
import { notify } from '@/lib/toast';
import { useJobProgress } from '@/lib/events';
import { useJobEstimates } from '../api/estimates';
import { useImageEngines } from '@/api/providers';
import { useTemplates } from '../api/templates';
import { buildRecommendationRequest, buildTemplateRequest, productImageUrl, type Quality } from '../logic/requests';
import { aspectRatioLabel } from '../logic/aspectRatio';
import { estimateLabel } from '../logic/estimates';
import { GENERATION_COST } from '../logic/messages';
import { modeInfo, presetKey, styleFromPreset, type PresetStyle, type StyleChoices } from '../logic/options';
import { generateBlocker } from '../logic/readiness';
import { visibleTemplates } from '../logic/templates';
import { isInProgress, patchRun, useGenerationRun } from '../state/generationStore';
import { chosenEngine, estimateEngine, useRememberedEngine } from '@/lib/imageEngine';
import { usePanelChoices } from '../state/panelChoices';
import { RECALLED_STYLE_KEY } from '../state/recall';
import { dismissGeneration, runGeneration, type GenerationRequest } from '../state/runGeneration';
import { AspectRatioPicker } from './AspectRatioPicker';
import { EngineChoice } from '@/components/engine/EngineChoice';
import { GenerateBar } from './GenerateBar';
import { GenerationResult } from './GenerationResult';
import { ModeToggle } from './ModeToggle';
import { StepCard } from './StepCard';
import { StyleSettings } from './StyleSettings';
import { TemplateGrid } from './TemplateGrid';
import { VariationGrid } from './VariationGrid';
import { VariationsPicker } from './VariationsPicker';

export interface GeneratePanelProps {
  projectId: string | null;
  sceneId: string | null;
  /** The scene's product images (ids and urls), undefined while loading. */
  referenceImages: readonly { id: string; url: string }[] | undefined;
  /** The product-image panel (upload, drop, reuse) to show as step 1. */
  referenceImagePanel: ReactNode;
  /** The scene's stored settings (quality, resolution, duration); null until known. */
  sceneSettings: { quality: Quality; resolution: string; duration: number } | null;
  /** The applied style preset's choices, to prefill AI Assistant mode. */
  presetStyle?: PresetStyle | null;
  /** The "Ad" step offered under a picture once it is generated. */
  renderAdStep?: (input: { projectId: string; assetId: string }) => ReactNode;
}

/** The server's job kind of each mode, whose recent times give the estimate. */
const JOB_KIND = { templates: 'template', recommendations: 'recommendation' } as const;

/** The Generate panel: product images, mode, template or guided settings, aspect ratio, then Generate. */
export function GeneratePanel({ projectId, sceneId, referenceImages, referenceImagePanel, sceneSettings, presetStyle, renderAdStep }: GeneratePanelProps) {
  const client = useQueryClient();
  const [choices, change] = usePanelChoices();
  const run = useGenerationRun();
  const { mode, aspectRatio } = choices;
  const engines = useImageEngines();
  const [rememberedEngine, setEngine] = useRememberedEngine();
  const engine = chosenEngine(engines, rememberedEngine);
  const estimates = useJobEstimates();

  const templatesQuery = useTemplates(aspectRatio, mode === 'templates');
  const templates = templatesQuery.data ? visibleTemplates(templatesQuery.data) : undefined;
  const selectedTemplate = templates?.find((template) => template.template_id === choices.templateId) ?? null;

  // A different preset (another scene's, or one just applied) prefills the choices again.
  const currentPresetKey = presetKey(presetStyle);
  const style: StyleChoices = choices.styleKey === currentPresetKey || choices.styleKey === RECALLED_STYLE_KEY ? choices.style : styleFromPreset(presetStyle);

  const inProgress = isInProgress(run);
  const runHere = run !== null && run.sceneId === sceneId ? run : null;
  const blocker = generateBlocker({
    mode,
    projectId,
    sceneId,
    referenceImages,
    templateSelected: selectedTemplate !== null,
    running: !inProgress ? 'none' : runHere ? 'this-scene' : 'other-scene',
  });
  const progress = useJobProgress(runHere && inProgress ? runHere.jobId : null);
  const shortfall = useCreditShortfall(GENERATION_COST * choices.variations);

  const generate = () => {
    if (blocker !== null || shortfall !== null || !projectId || !sceneId) return;
    const target = { projectId, sceneId, aspectRatio };
    const quality = sceneSettings?.quality;
    const variations = choices.variations;
    let request: GenerationRequest;
    if (mode === 'templates') {
      if (!selectedTemplate) return;
      request = {
        ...target,
        kind: 'template',
        templateId: selectedTemplate.template_id,
        templateName: selectedTemplate.name,
        body: buildTemplateRequest({ ...target, templateId: selectedTemplate.template_id, quality, engine, variations }),
      };
    } else {
      const url = productImageUrl(referenceImages);
      if (!url) return;
      request = {
        ...target,
        kind: 'recommendation',
        body: buildRecommendationRequest({ ...target, productImageUrl: url, style, creativeDirection: choices.creativeDirection, quality, engine, variations }),
      };
    }
    void runGeneration(request, client);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      generate();
    }
  };

  const estimate = estimateLabel(estimates, JOB_KIND[mode], estimateEngine(engine), modeInfo(mode).estimate);

  return (
    <section aria-label="Generate" onKeyDown={onKeyDown} className="@container flex h-full min-h-0 flex-1 flex-col bg-slate-50" data-testid="generate-panel">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 p-3 @md:gap-4 @md:p-4">
          <ol className="flex flex-col gap-3 @md:gap-4">
            <StepCard step={1} title="Upload Product Images" done={(referenceImages?.length ?? 0) > 0} flush>
              {referenceImagePanel}
            </StepCard>
            <StepCard step={2} title="Generation Mode">
              <ModeToggle value={mode} onChange={(next) => change({ mode: next })} />
            </StepCard>
            {mode === 'templates' ? (
              <StepCard step={3} title="Select Template" done={selectedTemplate !== null} aside={selectedTemplate?.name}>
                <TemplateGrid
                  templates={templates}
                  failed={templatesQuery.isError}
                  retrying={templatesQuery.isFetching}
                  onRetry={() => void templatesQuery.refetch()}
                  selectedId={selectedTemplate?.template_id ?? null}
                  onSelect={(templateId) => change({ templateId })}
                />
              </StepCard>
            ) : (
              <StepCard step={3} title="Configure Settings">
                <StyleSettings
                  style={style}
                  onStyleChange={(next) => change({ style: next, styleKey: currentPresetKey })}
                  creativeDirection={choices.creativeDirection}
                  onCreativeDirectionChange={(creativeDirection) => change({ creativeDirection })}
                  prefilled={currentPresetKey !== ''}
                />
              </StepCard>
            )}
            <StepCard step={4} title="Aspect Ratio" aside={aspectRatioLabel(aspectRatio)}>
              <AspectRatioPicker value={aspectRatio} onChange={(next) => change({ aspectRatio: next })} />
            </StepCard>
          </ol>
          <VariationsPicker value={choices.variations} onChange={(variations) => change({ variations })} />
          <EngineChoice engines={engines} value={engine} onChange={setEngine} />
          {runHere && runHere.phase !== 'failed' ? (
            runHere.variations > 1 ? (
              <VariationGrid
                run={runHere}
                onChoose={(assetId) => {
                  const previous = runHere.chosenAssetId;
                  patchRun(runHere.id, { chosenAssetId: assetId });
                  setSceneCover(client, runHere, assetId).catch((error: unknown) => {
                    patchRun(runHere.id, { chosenAssetId: previous });
                    notify.error(error instanceof Error ? error.message : 'Failed to update campaign');
                  });
                }}
                onDismiss={dismissGeneration}
              />
            ) : (
              <GenerationResult
                run={runHere}
                onDismiss={dismissGeneration}
                adStep={
                  runHere.phase === 'completed' && runHere.result?.assetId && renderAdStep
                    ? renderAdStep({ projectId: runHere.projectId, assetId: runHere.result.assetId })
                    : null
                }
              />
            )
          ) : null}
        </div>
      </div>
      <GenerateBar
        estimate={estimate}
        blocker={blocker}
        shortfall={shortfall}
        running={
          runHere && inProgress
            ? {
                phase: runHere.phase === 'starting' ? 'starting' : 'running',
                jobId: runHere.jobId,
                progress: progress?.progress ?? null,
                stage: progress?.stage ?? null,
                status: progress?.status ?? null,
              }
            : null
        }
        error={runHere?.phase === 'failed' ? runHere.error : null}
        onGenerate={generate}
        onDismissError={dismissGeneration}
        {...(choices.variations > 1 ? { costLabel: `${choices.variations} credits` } : {})}
      />
    </section>
  );
}

/** Default export too, so the page can `React.lazy()` this module. */
export default GeneratePanel;
