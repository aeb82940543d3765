import { Field, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Fault } from '../../schemas/contracts/preview-params';
import { faultsText, parseFaultsInput } from './scenario-edits';

export interface FaultsFieldProps {
  faults: readonly Fault[];
  onChange: (faults: Fault[]) => void;
}

/** Faults in the URL's own syntax; applied on Enter or when the field loses focus, refused with the reason. */
export function FaultsField({ faults, onChange }: FaultsFieldProps) {
  const [text, setText] = useState(() => faultsText(faults));
  const [error, setError] = useState<string | null>(null);
  // The URL can change under the field (a shared link, undo in the browser): show what applies.
  useEffect(() => {
    setText(faultsText(faults));
    setError(null);
  }, [faults]);
  const apply = () => {
    const parsed = parseFaultsInput(text);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (faultsText(parsed.faults) !== faultsText(faults)) onChange(parsed.faults);
  };
  return (
    <Field.Root invalid={!!error} w="auto" minW="56">
      <Field.Label>Faults</Field.Label>
      <Input
        size="sm"
        value={text}
        placeholder="e.g. customer:503, account:timeout"
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>endpoint:STATUS, :timeout or :malformed</Field.HelperText>
      )}
    </Field.Root>
  );
}
