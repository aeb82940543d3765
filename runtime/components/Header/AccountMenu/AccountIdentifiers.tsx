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
 * compact form goes to the clipboard (docs/rules.md#display-formats). The confirmation is announced through a
 * live region, and shown on the label's line, where it takes no room from the value (account-identifiers.css).
 */
export function AccountIdentifiers({ identifiers, copyLabel, copiedLabel }: AccountIdentifiersProps) {
  const { copiedId, copy } = useCopyFeedback();
  if (identifiers.length === 0) return null;
  return (
    <dl className="ps-account-identifiers">
      {identifiers.map((identifier) => {
        const copied = copiedId === identifier.id;
        return (
          // dl > div > dt + dd is the only nesting a description list allows, so the copy
          // controls live inside the dd, next to the value they copy.
          <div key={identifier.id} className="ps-account-identifiers__item" data-testid={`identifier-${identifier.id}`}>
            <dt className="ps-account-identifiers__label">{identifier.label}</dt>
            <dd className="ps-account-identifiers__row">
              <span className="ps-account-identifiers__value">{identifier.display}</span>
              <span role="status" className="ps-account-identifiers__copied" data-testid={`copied-${identifier.id}`}>
                {copied ? copiedLabel : ''}
              </span>
              <button
                type="button"
                className="ps-account-identifiers__copy"
                aria-label={fillTemplate(copyLabel, { label: identifier.label })}
                onClick={() => void copy(identifier.id, identifier.copyValue)}
              >
                <Glyph name={copied ? 'check' : 'copy'} size="18px" />
              </button>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
