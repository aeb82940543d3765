import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFocusTrap } from '../../components/shared/use-focus-trap';
import { GRANTED_CONSENT, type ConsentState, type ConsentUpdate } from '../../tracking';
import './consent-stand-in.css';

/**
 * The categories a visitor chooses in the consent manager's second layer, and the consent-mode keys each one
 * grants (docs/rules.md#consent). Essential cookies need no consent, so that row is always on.
 */
const CATEGORIES = [
  {
    id: 'analytics',
    title: 'Analytics',
    text: 'Measuring how the portal is used, to improve it.',
    keys: ['analytics_storage'],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    text: 'Advertising that matches your interests, and measuring it.',
    keys: ['ad_storage', 'ad_user_data', 'ad_personalization'],
  },
] as const satisfies readonly { id: string; title: string; text: string; keys: readonly (keyof ConsentState)[] }[];

type CategoryId = (typeof CATEGORIES)[number]['id'];
type Choices = Record<CategoryId, boolean>;

/** A category is on when every key it grants is granted. */
function choicesOf(state: ConsentState): Choices {
  return Object.fromEntries(
    CATEGORIES.map((category) => [category.id, category.keys.every((key) => state[key] === 'granted')]),
  ) as Choices;
}

/** The consent-mode update for the chosen categories: each key granted or denied, none left out. */
function consentUpdateFor(choices: Choices): ConsentUpdate {
  const update: ConsentUpdate = {};
  for (const category of CATEGORIES)
    for (const key of category.keys) update[key] = choices[category.id] ? 'granted' : 'denied';
  return update;
}

export interface ConsentStandInProps {
  /** The consent the page has now: the switches start from it. */
  state: ConsentState;
  /** The locale's consent-manager settings id, named so the product owner knows which one the portal opens. */
  settingsId: string;
  /** Save or Accept all: the update to apply; the stand-in closes itself through onClose afterwards. */
  onSave: (update: ConsentUpdate) => void;
  onClose: () => void;
}

/**
 * /preview's stand-in for the consent manager's second layer, which the footer's consent-settings link opens
 * in the portal (docs/preview-url.md#consent-settings): the preview runs the local consent manager, which has
 * no screen of its own. A modal dialog: focus moves in and stays in, Escape closes it, and focus goes back to
 * the element that opened it.
 */
export function ConsentStandIn({ state, settingsId, onSave, onClose }: ConsentStandInProps) {
  const titleId = useId();
  const noteId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState<Choices>(() => choicesOf(state));

  // Declared before the focus trap, so it records the opener before focus moves into the dialog.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);
  useFocusTrap(dialogRef, true);

  const save = (update: ConsentUpdate) => {
    onSave(update);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div className="ps-root ps-consent-stand-in" data-testid="consent-stand-in">
      <div className="ps-consent-stand-in__backdrop" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={noteId}
        className="ps-consent-stand-in__dialog"
        onKeyDown={onKeyDown}
      >
        <div className="ps-consent-stand-in__head">
          <h2 id={titleId} className="ps-consent-stand-in__title">
            Privacy settings
          </h2>
          <button type="button" className="ps-consent-stand-in__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p id={noteId} className="ps-consent-stand-in__note">
          Preview stand-in: in the portal this link opens the consent manager&rsquo;s settings (settings id {settingsId}
          ). Your choices here update the preview&rsquo;s consent.
        </p>
        <ul className="ps-consent-stand-in__categories">
          <li className="ps-consent-stand-in__category">
            <label className="ps-consent-stand-in__switch">
              <span>
                <span className="ps-consent-stand-in__category-title">Essential</span>
                <span className="ps-consent-stand-in__category-text">
                  Sign-in, security and remembering these choices. Always on.
                </span>
              </span>
              <input type="checkbox" role="switch" checked disabled />
            </label>
          </li>
          {CATEGORIES.map((category) => (
            <li key={category.id} className="ps-consent-stand-in__category">
              <label className="ps-consent-stand-in__switch">
                <span>
                  <span className="ps-consent-stand-in__category-title">{category.title}</span>
                  <span className="ps-consent-stand-in__category-text">{category.text}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={choices[category.id]}
                  onChange={(event) => setChoices({ ...choices, [category.id]: event.target.checked })}
                />
              </label>
            </li>
          ))}
        </ul>
        <div className="ps-consent-stand-in__actions">
          <button type="button" className="ps-consent-stand-in__button" onClick={() => save(consentUpdateFor(choices))}>
            Save choices
          </button>
          <button
            type="button"
            className="ps-consent-stand-in__button ps-consent-stand-in__button--primary"
            onClick={() => save({ ...GRANTED_CONSENT })}
          >
            Accept all
          </button>
        </div>
      </div>
    </div>
  );
}
