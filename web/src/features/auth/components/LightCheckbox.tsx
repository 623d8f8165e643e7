/**
 * The "remember me" checkbox of the sign-in forms: Chakra's `Checkbox` as they use it
 * (`Checkbox.Root` with `checked`, `onCheckedChange` and `size`; `HiddenInput`, `Control`,
 * `Label`), styled by the same recipes with the same elements and attributes, but with the
 * behaviour written here rather than Ark's checkbox machine on Zag's runtime, which the first
 * page would otherwise download for one checkbox (bench/README.md, "Page weight"). A native
 * checkbox, visually hidden inside the label, does the work: clicks on the label and the Space
 * key toggle it; the control shows its state and the keyboard focus ring.
 */
import { Checkmark, createSlotRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';
import { createContext, useContext, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';

const { withProvider, withContext, useStyles } = createSlotRecipeContext({ key: 'checkbox' });

const StyledRoot = withProvider<HTMLLabelElement, HTMLChakraProps<'label'> & { size?: 'xs' | 'sm' | 'md' | 'lg' }>('label', 'root');
const StyledControl = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'control');
const StyledLabel = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'label');

/** Zag's visually hidden style (the input stays focusable and clickable through the label). */
const VISUALLY_HIDDEN: CSSProperties = {
  border: '0',
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: '0',
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
};

interface CheckboxState {
  checked: boolean;
  setChecked: (checked: boolean) => void;
  ids: { root: string; label: string; control: string; input: string };
  /** The state attributes every part carries. */
  data: Record<string, string | undefined>;
  setFocus: (focus: { focused: boolean; visible: boolean }) => void;
}

const CheckboxContext = createContext<CheckboxState | null>(null);

function useCheckbox(): CheckboxState {
  const state = useContext(CheckboxContext);
  if (!state) throw new Error('Checkbox parts must be inside Checkbox.Root');
  return state;
}

const part = (name: string) => ({ 'data-scope': 'checkbox', 'data-part': name, dir: 'ltr' });
const flag = (on: boolean) => (on ? '' : undefined);

interface RootProps extends Omit<HTMLChakraProps<'label'>, 'onChange'> {
  checked: boolean;
  onCheckedChange: (details: { checked: boolean }) => void;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
}

function Root({ checked, onCheckedChange, children, ...rest }: RootProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focus, setFocus] = useState({ focused: false, visible: false });
  const ids = { root: `checkbox:${id}`, label: `checkbox:${id}:label`, control: `checkbox:${id}:control`, input: `checkbox:${id}:input` };
  const data = {
    'data-focus': flag(focus.focused),
    'data-focus-visible': flag(focus.visible),
    'data-hover': flag(hovered),
    'data-state': checked ? 'checked' : 'unchecked',
  };
  const state: CheckboxState = {
    checked,
    setChecked: (next) => {
      if (next !== checked) onCheckedChange({ checked: next });
    },
    ids,
    data,
    setFocus,
  };
  return (
    <CheckboxContext.Provider value={state}>
      <StyledRoot
        {...part('root')}
        {...data}
        id={ids.root}
        htmlFor={ids.input}
        onPointerMove={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onClick={(event) => {
          // The input's own click reaches the label too; it is handled once, by the input.
          if (event.target instanceof HTMLInputElement && event.target.id === ids.input) event.stopPropagation();
        }}
        {...rest}
      >
        {children}
      </StyledRoot>
    </CheckboxContext.Provider>
  );
}

function HiddenInput() {
  const checkbox = useCheckbox();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.checked = checkbox.checked;
  }, [checkbox.checked]);
  return (
    <input
      ref={input}
      id={checkbox.ids.input}
      type="checkbox"
      defaultChecked={checkbox.checked}
      aria-labelledby={checkbox.ids.label}
      aria-invalid={false}
      value="on"
      style={VISUALLY_HIDDEN}
      onFocus={(event) => checkbox.setFocus({ focused: true, visible: event.currentTarget.matches(':focus-visible') })}
      onBlur={() => checkbox.setFocus({ focused: false, visible: false })}
      onClick={(event) => checkbox.setChecked(event.currentTarget.checked)}
    />
  );
}

function Indicator() {
  const checkbox = useCheckbox();
  const styles = useStyles();
  return <Checkmark checked={checkbox.checked} indeterminate={false} disabled={false} unstyled css={styles.indicator} />;
}

function Control(props: HTMLChakraProps<'div'>) {
  const checkbox = useCheckbox();
  return (
    <StyledControl {...part('control')} {...checkbox.data} id={checkbox.ids.control} aria-hidden {...props}>
      {props.children ?? <Indicator />}
    </StyledControl>
  );
}

function Label(props: HTMLChakraProps<'span'>) {
  const checkbox = useCheckbox();
  return <StyledLabel {...part('label')} {...checkbox.data} id={checkbox.ids.label} {...props} />;
}

export const Checkbox = { Root, HiddenInput, Control, Label };
