import type { ParamError } from '../../schemas/contracts/preview-params';

export interface ParamErrorPanelProps {
  title: string;
  errors: ParamError[];
}

/** A clear page for bad input: which parameter, what was given, and every valid value. Never a blank page. */
export function ParamErrorPanel({ title, errors }: ParamErrorPanelProps) {
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 760,
        margin: '48px auto',
        padding: '0 24px',
        color: '#0b2545',
      }}
    >
      <h1 style={{ fontSize: 24 }}>{title}</h1>
      <ul role="list" style={{ paddingLeft: 0, listStyle: 'none' }}>
        {errors.map((error) => (
          <li
            key={`${error.param}-${error.value}`}
            role="alert"
            style={{
              border: '1px solid #b42318',
              borderRadius: 8,
              padding: 16,
              marginBottom: 12,
              background: '#fff5f4',
            }}
          >
            <p style={{ margin: 0, fontWeight: 600 }}>
              <code>{error.param}</code>: {error.message}
            </p>
            {error.validValues && (
              <p style={{ margin: '8px 0 0' }}>
                Valid values:{' '}
                {error.validValues.map((v, i) => (
                  <span key={v}>
                    {i > 0 && ', '}
                    <code>{v}</code>
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
