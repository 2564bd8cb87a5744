import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form over loose form values `V` (what the inputs hold) that a
 * zod schema turns into the request body `B` on submit.
 */
export function useZodForm<V extends FieldValues, B>(
  schema: z.ZodType<B>,
  defaultValues: DefaultValues<V>,
  mode: UseFormProps<V>['mode'] = 'onTouched',
) {
  return useForm<V, unknown, B>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, B>,
    defaultValues,
    mode,
  });
}

/** The message of the error at a field path (e.g. 'pets.0.name'), if any. */
export const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/** A field's registration and its error message, to spread on a Mantine input. */
export function fieldProps<V extends FieldValues, B>(form: UseFormReturn<V, unknown, B>, name: Path<V>) {
  return { ...form.register(name), error: errorAt(form.formState.errors, name) };
}
