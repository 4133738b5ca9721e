import { useEffect, useRef } from 'react';
import { Dropdown } from 'primereact/dropdown';
import type { SelectProps, SelectStandIn } from './select-props.ts';
import { openWhenPlaced } from './open-when-placed.ts';

/** SelectInput's dropdown, loaded when first drawn; it takes over the stand-in's focus and opening. */
export default function SelectDropdown({ standIn, onChange, ...props }: SelectProps & { standIn: SelectStandIn }) {
  const ref = useRef<Dropdown>(null);
  useEffect(() => {
    const dropdown = ref.current;
    if (!dropdown) return;
    if (standIn.focused) dropdown.focus();
    if (standIn.open) openWhenPlaced({ show: () => dropdown.show(), hide: () => dropdown.hide(), overlay: () => dropdown.getOverlay() });
    standIn.open = false;
  }, [standIn]);
  return <Dropdown ref={ref} {...props} optionLabel="label" optionValue="value" onChange={(e) => onChange((e.value as SelectProps['value']) ?? null)} />;
}
