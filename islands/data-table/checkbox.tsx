// A real checkbox with an accessible name, whose `indeterminate` (a DOM property, not an attribute) is set
// after each render: the header's box on a partial selection.
import { useEffect, useRef, type ChangeEventHandler } from 'react';

interface CheckboxProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (event: unknown) => void;
}

export function Checkbox({ label, checked, indeterminate = false, disabled = false, onChange }: CheckboxProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="dt-check"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange as ChangeEventHandler<HTMLInputElement>}
    />
  );
}
