import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

type CopyState = { status: 'idle' } | { status: 'copied' } | { status: 'manual'; href: string };

/** Copies this page's address: it carries the document and the whole scenario. */
export function CopyLinkButton() {
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  useEffect(() => {
    if (state.status !== 'copied') return;
    const timer = setTimeout(() => setState({ status: 'idle' }), 3000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    const href = window.location.href;
    try {
      await navigator.clipboard.writeText(href);
      setState({ status: 'copied' });
    } catch {
      // No clipboard permission (or an insecure origin): hand the link over to copy by hand.
      setState({ status: 'manual', href });
    }
  };
  return (
    <HStack gap="2">
      <Button size="sm" variant="outline" onClick={() => void copy()}>
        Copy link
      </Button>
      <Text aria-live="polite" fontSize="sm" color="green.800">
        {state.status === 'copied' ? 'Link copied: it opens this document with this preview.' : ''}
      </Text>
      {state.status === 'manual' && (
        <Input
          size="sm"
          readOnly
          value={state.href}
          aria-label="Link to this preview (copy it)"
          onFocus={(e) => e.target.select()}
          w="md"
        />
      )}
    </HStack>
  );
}
