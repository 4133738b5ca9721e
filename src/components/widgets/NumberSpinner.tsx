import { InputNumber } from 'primereact/inputnumber';
import type { NumberProps } from './number-props.ts';
import { useFocusHandover } from './focus-handover.ts';

/** NumberInput's field, loaded when first drawn. */
export default function NumberSpinner({ onChange, grouping = false, ...props }: NumberProps) {
  // Typing into the stand-in goes on here: the focus comes along (focus-handover.ts).
  useFocusHandover(props.inputId);
  return (
    <InputNumber
      {...props}
      useGrouping={grouping}
      // onChange as each key is typed (so a field's error clears then, not on blur, which would
      // shift the form under the pointer); onValueChange for the spin buttons and on blur.
      onChange={(e) => onChange(e.value ?? null)}
      onValueChange={(e) => onChange(e.value ?? null)}
    />
  );
}
