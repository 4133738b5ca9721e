import { useEffect, useRef, type ComponentProps } from 'react';
import { MultiSelect } from 'primereact/multiselect';
import { openWhenPlaced } from './open-when-placed.ts';

/** What the stand-in saw before this came: a click or an opening key on the field. */
export interface MultiSelectStandInState {
  open: boolean;
}

/** MultiSelectInput's PrimeReact MultiSelect, loaded when first drawn; it opens if the stand-in was asked to. */
export default function MultiSelectDropdown({ standIn, ...props }: ComponentProps<typeof MultiSelect> & { standIn: MultiSelectStandInState }) {
  const ref = useRef<MultiSelect>(null);
  useEffect(() => {
    const select = ref.current;
    if (select && standIn.open) openWhenPlaced({ show: () => select.show(), hide: () => select.hide(), overlay: () => select.getOverlay() });
    standIn.open = false;
  }, [standIn]);
  return <MultiSelect ref={ref} {...props} />;
}
