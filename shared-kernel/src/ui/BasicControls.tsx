/**
 * Plain controls for the screens before sign-in (sign-in, sign-up, the parent handshake, not-found), styled
 * with the suite's theme tokens (basicsTheme). They load no antd: the sign-in page downloads React, the
 * router and these few kilobytes, and antd arrives with the signed-in frame.
 */
import { type ChangeEvent, type CSSProperties, type ReactNode, useId, useState } from 'react';
import { BASICS_CSS, basicsColors } from './basicsTheme';

/** The class rules, once in the document head whatever renders them (React 19 dedupes a <style> by its href). */
function BasicsStyle() {
  return (
    <style href="claims-basics" precedence="default">
      {BASICS_CSS}
    </style>
  );
}

/** A block in the suite's font and text colour, with the controls' rules. */
export function BasicsRoot({ children, style, className = '' }: { children: ReactNode; style?: CSSProperties; className?: string }) {
  return (
    <div className={`cb-root ${className}`.trim()} style={style}>
      <BasicsStyle />
      {children}
    </div>
  );
}

export function Title({ level = 3, children, style }: { level?: 3 | 4; children: ReactNode; style?: CSSProperties }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Heading className="cb-title" style={style}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children, secondary = false, style }: { children: ReactNode; secondary?: boolean; style?: CSSProperties }) {
  return (
    <p className={secondary ? 'cb-paragraph cb-secondary' : 'cb-paragraph'} style={style}>
      {children}
    </p>
  );
}

/** Icons drawn from antd's icon set (the same paths), without its icon runtime. */
const PATHS = {
  success:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  error:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  notFound:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm0 708c-22.1 0-40-17.9-40-40s17.9-40 40-40 40 17.9 40 40-17.9 40-40 40zm62.9-219.5a48.3 48.3 0 00-30.9 44.8V620c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8v-21.5c0-23.1 6.7-45.9 19.9-64.9 12.9-18.6 30.9-32.8 52.1-40.9 34-13.1 56-41.6 56-72.7 0-44.1-43.1-80-96-80s-96 35.9-96 80v7.6c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V420c0-39.3 17.2-76 48.4-103.3C430.4 290.4 470 276 512 276s81.6 14.5 111.6 40.7C654.8 344 672 380.7 672 420c0 57.8-38.1 109.8-97.1 132.5z',
  eye: 'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  eyeInvisible:
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = '1em', color }: { name: IconName; size?: number | string; color?: string }) {
  return (
    <svg viewBox="64 64 896 896" width={size} height={size} fill={color ?? 'currentColor'} aria-hidden focusable="false">
      <path d={PATHS[name]} fillRule={name === 'error' ? 'evenodd' : undefined} />
    </svg>
  );
}

/** The three outcomes a full-page notice shows, in antd Result's colours. */
export const STATUS_COLORS: Record<'success' | 'error' | 'notFound', string> = {
  success: basicsColors.success,
  error: basicsColors.error,
  notFound: basicsColors.primary,
};

/** An error shown above a form (antd Alert, type error, with its icon). */
export function Message({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <div className="cb-message" role="alert" style={style}>
      <Icon name="error" size={14} />
      <span>{children}</span>
    </div>
  );
}

export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  return <span className="cb-spinner" role="status" aria-label={label} aria-busy="true" style={{ width: size, height: size }} />;
}

export function Button({
  children,
  primary = false,
  block = false,
  busy = false,
  disabled = false,
  type = 'button',
  onClick,
}: {
  children: ReactNode;
  primary?: boolean;
  block?: boolean;
  /** Shows a spinner; the caller ignores what the button would start meanwhile (antd's loading). */
  busy?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
}) {
  const classes = ['cb-button', primary && 'cb-primary', block && 'cb-block'].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled} aria-busy={busy || undefined} onClick={busy ? undefined : onClick}>
      {busy && (
        <span className="cb-spinner" aria-hidden style={{ width: 14, height: 14, borderWidth: 2, borderTopColor: 'currentColor' }} />
      )}
      <span>{children}</span>
    </button>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field; the field shows it in red. */
  error?: string | null;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'email' | 'text';
  required?: boolean;
}

/** A labelled text input with its validation message below (antd Form.Item with an Input). */
export function TextField(props: FieldProps) {
  return <Field {...props} />;
}

/** A labelled password input with antd's show/hide toggle. */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        // Out of the tab order, as antd's eye icon is; its name must not contain 'password' (getByLabel('Password')).
        <button
          type="button"
          className="cb-reveal"
          tabIndex={-1}
          aria-label={visible ? 'Hide the characters' : 'Show the characters'}
          aria-pressed={visible}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon name={visible ? 'eye' : 'eyeInvisible'} size={14} />
        </button>
      }
    />
  );
}

function Field({
  label,
  value,
  onChange,
  error,
  autoComplete,
  autoFocus,
  inputMode,
  required,
  type = 'text',
  addon,
}: FieldProps & { type?: 'text' | 'password'; addon?: ReactNode }) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="cb-field" style={error ? { marginBottom: 0 } : undefined}>
      <label className="cb-label" htmlFor={id}>
        {label}
      </label>
      <div className="cb-input">
        <input
          id={id}
          type={type}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the sign-in form's first field, as before (antd Input autoFocus)
          autoFocus={autoFocus}
          inputMode={inputMode}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helpId : undefined}
        />
        {addon}
      </div>
      {error && (
        <div id={helpId} className="cb-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A two-or-more-way switch drawn as antd's Segmented (block): radio buttons under the hood. */
export function ModeSwitch<T extends string>({
  options,
  value,
  onChange,
  style,
}: {
  options: readonly { label: string; value: T }[];
  value: T;
  onChange: (value: T) => void;
  style?: CSSProperties;
}) {
  const name = useId();
  return (
    <div className="cb-switch" role="radiogroup" style={style}>
      {options.map((option) => (
        <label key={option.value} title={option.label}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
