import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
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
