/**
 * The sign-in card's tabs: Chakra's `Tabs` as the page uses them (`Tabs.Root` with `value`,
 * `onValueChange`, `fitted`, `lazyMount` and `unmountOnExit`; `List`, `Trigger`, `Content`),
 * styled by the same recipe and with the same elements and attributes, but with the behaviour
 * written here rather than Ark's tabs machine on Zag's runtime, which the first page would
 * otherwise download for two tabs (bench/README.md, "Page weight"). The behaviour is Zag's for
 * these options: a click selects; on a focused tab, the arrow keys (looping), Home and End move
 * the focus and select; the selected tab is the one in the Tab order; only the selected tab's
 * content is mounted.
 */
import { createSlotRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';
import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });

const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & { fitted?: boolean }>('div', 'root');
const StyledList = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const StyledTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const StyledContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

interface TabsState {
  value: string;
  /** A tab has the focus (Zag's `focused` state). */
  focused: boolean;
  /** The tab last focused or selected (Zag's `focusedValue`: the selected one at first). */
  focusedValue: string | null;
  focus: (value: string) => void;
  blur: () => void;
  select: (value: string) => void;
  ids: { root: string; list: string; trigger: (value: string) => string; content: (value: string) => string };
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside Tabs.Root');
  return state;
}

const part = (name: string) => ({ 'data-scope': 'tabs', 'data-part': name });
const flag = (on: boolean) => (on ? '' : undefined);
const HORIZONTAL = { dir: 'ltr', 'data-orientation': 'horizontal' } as const;
const IS_SAFARI = typeof navigator !== 'undefined' && /^((?!chrome|android).)*safari/i.test(navigator.userAgent);

interface RootProps extends Omit<HTMLChakraProps<'div'>, 'onChange' | 'defaultValue'> {
  value: string;
  onValueChange: (details: { value: string }) => void;
  fitted?: boolean;
  /** Only the selected tab's content is ever mounted (these tabs always behave so). */
  lazyMount?: boolean;
  unmountOnExit?: boolean;
  children: ReactNode;
}

function Root({ value, onValueChange, lazyMount: _lazyMount, unmountOnExit: _unmountOnExit, children, ...rest }: RootProps) {
  const id = useId();
  const [focus, setFocus] = useState<{ focused: boolean; value: string | null }>({ focused: false, value });
  const state: TabsState = {
    value,
    focused: focus.focused,
    focusedValue: focus.value,
    focus: (tab) => setFocus({ focused: true, value: tab }),
    blur: () => setFocus((current) => (current.focused ? { focused: false, value: null } : current)),
    select: (next) => {
      if (next !== value) onValueChange({ value: next });
    },
    ids: {
      root: `tabs:${id}`,
      list: `tabs:${id}:list`,
      trigger: (tab) => `tabs:${id}:trigger-${tab}`,
      content: (tab) => `tabs:${id}:content-${tab}`,
    },
  };
  return (
    <TabsContext.Provider value={state}>
      <StyledRoot {...part('root')} id={state.ids.root} data-focus={flag(focus.focused)} {...HORIZONTAL} {...rest}>
        {children}
      </StyledRoot>
    </TabsContext.Provider>
  );
}

function List(props: HTMLChakraProps<'div'>) {
  const tabs = useTabs();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const list = event.currentTarget;
    if (!(event.target instanceof Node) || !list.contains(event.target) || !tabs.focused) return;
    const triggers = [...list.querySelectorAll<HTMLButtonElement>('[role=tab]:not([disabled])')].filter(
      (trigger) => trigger.dataset.ownedby === tabs.ids.list,
    );
    const at = triggers.findIndex((trigger) => trigger.dataset.value === tabs.focusedValue);
    const targets: Record<string, HTMLButtonElement | undefined> = {
      ArrowLeft: triggers[(at - 1 + triggers.length) % triggers.length],
      ArrowRight: triggers[(at + 1) % triggers.length],
      Home: triggers[0],
      End: triggers.at(-1),
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    const target = targets[event.key];
    requestAnimationFrame(() => {
      target?.focus();
      if (target?.dataset.value !== undefined) tabs.select(target.dataset.value);
    });
  };
  return (
    <StyledList
      {...part('list')}
      id={tabs.ids.list}
      role="tablist"
      data-focus={flag(tabs.focused)}
      aria-orientation="horizontal"
      {...HORIZONTAL}
      onKeyDown={onKeyDown}
      {...props}
    />
  );
}

function Trigger({ value, ...props }: HTMLChakraProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <StyledTrigger
      {...part('trigger')}
      role="tab"
      type="button"
      {...HORIZONTAL}
      data-value={value}
      aria-selected={selected}
      data-selected={flag(selected)}
      data-focus={flag(tabs.focusedValue === value)}
      aria-controls={selected ? tabs.ids.content(value) : undefined}
      data-ownedby={tabs.ids.list}
      id={tabs.ids.trigger(value)}
      tabIndex={selected ? 0 : -1}
      onFocus={() => tabs.focus(value)}
      onBlur={(event) => {
        if (event.relatedTarget?.getAttribute('role') !== 'tab') tabs.blur();
      }}
      onClick={(event) => {
        if (event.defaultPrevented) return;
        // Safari does not focus a clicked button; Zag focuses it so the arrow keys work on.
        if (IS_SAFARI) event.currentTarget.focus();
        tabs.focus(value);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

function Content({ value, ...props }: HTMLChakraProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <StyledContent
      {...part('content')}
      dir="ltr"
      id={tabs.ids.content(value)}
      aria-labelledby={tabs.ids.trigger(value)}
      role="tabpanel"
      data-ownedby={tabs.ids.list}
      data-selected=""
      data-orientation="horizontal"
      data-state="open"
      {...props}
    />
  );
}

export const Tabs = { Root, List, Trigger, Content };
