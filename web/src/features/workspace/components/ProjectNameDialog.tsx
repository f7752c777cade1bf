import { useState, type FormEvent } from 'react';
import { FormActions } from '@/components/ui/FormActions';
import { Modal } from '@/components/ui/Modal';
import { NameField } from '@/components/ui/NameField';
import { validateProjectName } from '../logic/names';

export interface ProjectNameDialogProps {
  mode: 'create' | 'rename';
  open: boolean;
  initialName: string;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void | Promise<unknown>;
}

/** Create New Project / Rename Project. */
export function ProjectNameDialog({ mode, open, initialName, busy = false, onCancel, onSubmit }: ProjectNameDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!next && !busy ? onCancel() : undefined)}
      title={mode === 'create' ? 'Create New Project' : 'Rename Project'}
      description={mode === 'create' ? 'Projects group the campaigns you create for a product or launch.' : undefined}
      dismissible={!busy}
    >
      <ProjectNameForm mode={mode} initialName={initialName} busy={busy} onCancel={onCancel} onSubmit={onSubmit} />
    </Modal>
  );
}

function ProjectNameForm({ mode, initialName, busy, onCancel, onSubmit }: Omit<ProjectNameDialogProps, 'open'>) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateProjectName(name);
    setError(problem);
    if (problem) return;
    void onSubmit(name.trim());
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <NameField
        label="Project Name"
        placeholder="Enter project name"
        value={name}
        onChange={(event) => {
          const value = event.target.value;
          setName(value);
          // The message clears once valid text is typed.
          if (error && validateProjectName(value) === null) setError(null);
        }}
        error={error}
        disabled={busy}
      />
      <FormActions submitLabel={mode === 'create' ? 'Create' : 'Rename'} onCancel={onCancel} busy={busy ?? false} />
    </form>
  );
}
