import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
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
      <Field
        label="Project Name"
        placeholder="Enter project name"
        value={name}
        maxLength={120}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          const value = event.target.value;
          setName(value);
          // The message clears once valid text is typed.
          if (error && validateProjectName(value) === null) setError(null);
        }}
        error={error}
        disabled={busy}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {mode === 'create' ? 'Create' : 'Rename'}
        </Button>
      </div>
    </form>
  );
}
