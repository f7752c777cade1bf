import { BookmarkPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormActions } from '@/components/ui/FormActions';
import { Modal } from '@/components/ui/Modal';
import { notify } from '@/lib/toast';
import { useCreatePreset } from '../api/createPreset';
import { canSavePreset, presetMessages } from '../logic/presets';

export interface SavePresetButtonProps {
  projectId: string | null;
  sceneId: string | null;
}

/** `Save style` opens Save Style Preset: the style of this campaign's conversation, kept under a name. */
export function SavePresetButton({ projectId, sceneId }: SavePresetButtonProps) {
  const [open, setOpen] = useState(false);
  const ready = projectId !== null && sceneId !== null;
  return (
    <>
      <Button variant="secondary" size="sm" disabled={!ready} onClick={() => setOpen(true)} title="Save this campaign's style as a preset">
        <BookmarkPlus className="h-4 w-4" aria-hidden />
        Save style
      </Button>
      {ready ? <SavePresetDialog open={open} onOpenChange={setOpen} projectId={projectId} sceneId={sceneId} /> : null}
    </>
  );
}

function SavePresetDialog({
  open,
  onOpenChange,
  projectId,
  sceneId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  sceneId: string;
}) {
  const create = useCreatePreset();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}
      title="Save Style Preset"
      description={presetMessages.note}
      dismissible={!create.isPending}
    >
      {open ? (
        <SavePresetForm
          busy={create.isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (form) => {
            try {
              await create.mutateAsync({ ...form, sceneId, projectId });
              notify.success(presetMessages.saved);
              onOpenChange(false);
              return null;
            } catch (error) {
              const text = isApiError(error) ? error.message : presetMessages.saveFailed;
              notify.error(text);
              return text;
            }
          }}
        />
      ) : null}
    </Modal>
  );
}

function SavePresetForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (form: { name: string; description: string }) => Promise<string | null>;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const valid = canSavePreset(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setError(await onSubmit({ name, description }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <Field
        label="Preset Name *"
        placeholder="e.g. Golden marble"
        value={name}
        required
        aria-required
        maxLength={80}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        disabled={busy}
        error={error}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          value={description}
          maxLength={500}
          rows={3}
          disabled={busy}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What this look is for"
          className="w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <FormActions submitLabel="Save" onCancel={onCancel} busy={busy} disabled={!valid} />
    </form>
  );
}
