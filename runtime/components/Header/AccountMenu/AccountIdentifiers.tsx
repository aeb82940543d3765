import { chakra, Flex } from '@chakra-ui/react';
import { fillTemplate, type AccountIdentifier } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';
import { useCopyFeedback } from '../../shared/use-copy-feedback';

export interface AccountIdentifiersProps {
  identifiers: AccountIdentifier[];
  /** strings.header.copy, with {label} for the identifier's name: "Copy {label}", "{label} kopieren". */
  copyLabel: string;
  copiedLabel: string;
}

/**
 * IBAN, account number and the like, each with a copy button. The grouped form is shown; the
 * compact form goes to the clipboard (docs/rules.md#display-formats). The confirmation is announced through a live region.
 */
export function AccountIdentifiers({ identifiers, copyLabel, copiedLabel }: AccountIdentifiersProps) {
  const { copiedId, copy } = useCopyFeedback();
  if (identifiers.length === 0) return null;
  return (
    <chakra.dl display="grid" gap="3">
      {identifiers.map((identifier) => {
        const copied = copiedId === identifier.id;
        return (
          // dl > div > dt + dd is the only nesting a description list allows, so the copy
          // controls live inside the dd, next to the value they copy.
          <div key={identifier.id}>
            <chakra.dt fontSize="xs" color="fg.muted">
              {identifier.label}
            </chakra.dt>
            <chakra.dd display="flex" alignItems="center" justifyContent="space-between" gap="3">
              <chakra.span minW="0" fontWeight="medium" fontVariantNumeric="tabular-nums" overflowWrap="anywhere">
                {identifier.display}
              </chakra.span>
              <Flex align="center" gap="2" flexShrink={0}>
                <chakra.span role="status" fontSize="xs" color="accent" fontWeight="semibold" data-testid={`copied-${identifier.id}`}>
                  {copied ? copiedLabel : ''}
                </chakra.span>
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  w="36px"
                  h="36px"
                  rounded="md"
                  color="accent"
                  _hover={{ bg: 'accent.subtle' }}
                  aria-label={fillTemplate(copyLabel, { label: identifier.label })}
                  onClick={() => void copy(identifier.id, identifier.copyValue)}
                >
                  <Glyph name={copied ? 'check' : 'copy'} size="18px" />
                </chakra.button>
              </Flex>
            </chakra.dd>
          </div>
        );
      })}
    </chakra.dl>
  );
}
