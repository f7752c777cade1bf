import { useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '@/components/ui/FormActions';
import { Modal } from '@/components/ui/Modal';
import { NameField } from '@/components/ui/NameField';
import { canSubmitSceneName } from '../logic/names';

export interface SceneDialogProps {
  mode?: 'create' | 'rename';
  open: boolean;
  initialName: string;
  busy?: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (name: string, presetId: string | null) => void | Promise<unknown>;
  /** The optional style-preset choice (create mode only). */
  renderPresetChoice?: (props: { value: string | null; onChange: (presetId: string | null) => void; disabled: boolean }) => ReactNode;
}

/** Create New Campaign: Create is disabled, and submit ignored, while the trimmed name is blank. */
export function SceneDialog({ mode = 'create', open, initialName, busy = false, onOpenChange, onSubmit, renderPresetChoice }: SceneDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!busy ? onOpenChange(next) : undefined)}
      title={mode === 'create' ? 'Create New Campaign' : 'Rename Campaign'}
      description={mode === 'create' ? 'A campaign holds the images and videos you generate for one idea.' : undefined}
      dismissible={!busy}
    >
      <SceneForm
        submitLabel={mode === 'create' ? 'Create' : 'Rename'}
        initialName={initialName}
        busy={busy}
        onCancel={() => onOpenChange(false)}
        onSubmit={onSubmit}
        renderPresetChoice={mode === 'create' ? renderPresetChoice : undefined}
      />
    </Modal>
  );
}

function SceneForm({
  submitLabel,
  initialName,
  busy,
  onCancel,
  onSubmit,
  renderPresetChoice,
}: {
  submitLabel: string;
  initialName: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (name: string, presetId: string | null) => void | Promise<unknown>;
  renderPresetChoice?: SceneDialogProps['renderPresetChoice'];
}) {
  const [name, setName] = useState(initialName);
  const [presetId, setPresetId] = useState<string | null>(null);
  const valid = canSubmitSceneName(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    void onSubmit(name.trim(), presetId);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <NameField label="Campaign Name" placeholder="Enter campaign name" value={name} onChange={(event) => setName(event.target.value)} disabled={busy} />
      {renderPresetChoice?.({ value: presetId, onChange: setPresetId, disabled: busy })}
      <FormActions submitLabel={submitLabel} onCancel={onCancel} busy={busy} disabled={!valid} />
    </form>
  );
}
