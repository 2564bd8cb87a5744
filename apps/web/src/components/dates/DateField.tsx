import '@mantine/dates/styles.css';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { isIsoDate } from '@pawdesk/shared';
import { IconCalendar } from '@tabler/icons-react';
import { forwardRef, useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController, useFormContext } from 'react-hook-form';
import { errorAt } from '../../lib/forms';
import { DATE_INPUT_PLACEHOLDER, dateValueOf, formatDateText } from './date-text';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max'> {
  /** `yyyy-MM-dd`, '' for none (or the text typed when it is not a date: the form's schema names the problem). */
  value: string;
  onChange: (value: string) => void;
  /** `yyyy-MM-dd`: days before it cannot be picked in the calendar (typing one is left to the form's rule and message). */
  min?: string;
  /** `yyyy-MM-dd`: days after it cannot be picked in the calendar (likewise). */
  max?: string;
}

/**
 * The one date input of the app (issue 18: dates in Indian order everywhere): typed or shown as dd/mm/yyyy, with a
 * calendar button; the value is `yyyy-MM-dd`. Typing never opens the calendar, so it never covers the form.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, onChange, min, max, onBlur, disabled, readOnly, label, ...rest },
  ref,
) {
  const [text, setText] = useState(() => formatDateText(value));
  const [open, setOpen] = useState(false);
  // A value set from outside (a reset, a preset, a picked day) shows in Indian order; a typed text is left alone.
  useEffect(() => {
    setText((t) => (dateValueOf(t) === value ? t : formatDateText(value)));
  }, [value]);

  const picker = (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setOpen((o) => !o)}
          disabled={disabled || readOnly}
          // Not the field's label: a locator by label finds the field alone.
          aria-label="Open calendar"
        >
          <IconCalendar size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <DatePicker
          value={isIsoDate(value) ? value : null}
          defaultDate={isIsoDate(value) ? value : max && !min ? max : undefined}
          minDate={min}
          maxDate={max}
          onChange={(d) => {
            if (d) {
              onChange(String(d).slice(0, 10));
              setText(formatDateText(String(d).slice(0, 10)));
            }
            setOpen(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      {...rest}
      ref={ref}
      label={label}
      disabled={disabled}
      readOnly={readOnly}
      inputMode="numeric"
      autoComplete="off"
      placeholder={rest.placeholder ?? DATE_INPUT_PLACEHOLDER}
      value={text}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        onChange(dateValueOf(t));
      }}
      onBlur={(e) => {
        // A complete date reads back in Indian order once the field is left.
        setText(formatDateText(dateValueOf(text)));
        onBlur?.(e);
      }}
      rightSection={picker}
      rightSectionPointerEvents="all"
    />
  );
});

/**
 * DateField bound to a react-hook-form field by `name` (its error shown under it): the form of the surrounding
 * FormProvider, or `form` for a form passed down as a prop.
 */
export function FormDateField<V extends FieldValues>({
  name,
  form: given,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'error' | 'form'> & { name: Path<V>; form?: UseFormReturn<V, any, any> }) {
  const context = useFormContext<V>();
  const form = given ?? context;
  const { field } = useController({ control: form.control, name });
  return (
    <DateField
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={errorAt(form.formState.errors, name)}
    />
  );
}
