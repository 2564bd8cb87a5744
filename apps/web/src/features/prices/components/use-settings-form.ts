import { useEffect, useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

type Errors = Record<string, string | undefined>;

export interface SettingsFormOptions<S, F, P> {
  /** The saved settings (undefined while loading or after a failed load). */
  saved: S | undefined;
  save: {
    mutate: (
      patch: P,
      o: { onSuccess: (res: { settings: S; message?: string }) => void; onError: (err: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  formOf: (s: S) => F;
  /** The changed fields as the PUT takes them, or each invalid field's message. */
  patch: (saved: S, f: F) => { ok: true; patch: P } | { ok: false; errors: Errors };
  changedFields: (saved: S, f: F) => readonly unknown[];
  savedMessage: string;
  saveFailed: string;
}

/**
 * A settings card of the Prices screen (stays, appointments): the form as typed (from the saved settings once they
 * load), each field's error cleared as it is edited, Save (only what changed, after the shared schema's checks) and
 * Reset. `f` and `saved` are null until the settings load.
 */
export function useSettingsForm<S, F extends object, P>(o: SettingsFormOptions<S, F, P>) {
  const [form, setForm] = useState<F | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { saved, formOf } = o;
  useEffect(() => {
    if (saved && form === null) setForm(formOf(saved));
  }, [saved, form, formOf]);

  const f = form ?? (saved ? formOf(saved) : null);
  const set = <K extends keyof F>(k: K, v: F[K], errorKey: string = String(k)) => {
    if (!f) return;
    setForm({ ...f, [k]: v });
    setErrors((e) => ({ ...e, [errorKey]: undefined }));
  };
  const onSave = () => {
    if (!saved || !f) return;
    const r = o.patch(saved, f);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    o.save.mutate(r.patch, {
      onSuccess: (res) => {
        setForm(formOf(res.settings));
        notify.success(res.message ?? o.savedMessage);
      },
      onError: (err) => notify.error(serverMessage(err, o.saveFailed), err),
    });
  };
  const onReset = () => {
    if (saved) setForm(formOf(saved));
    setErrors({});
  };
  return {
    f,
    errors,
    set,
    onSave,
    onReset,
    changed: saved && f ? o.changedFields(saved, f).length > 0 : false,
    saving: o.save.isPending,
  };
}
