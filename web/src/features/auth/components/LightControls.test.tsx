/**
 * The sign-in page's light tabs, checkbox and field (LightTabs, LightCheckbox, LightField) must
 * render what Chakra's own components render for the same props: the same elements, classes
 * (so the same recipe styles) and attributes.
 */
import { Checkbox as ChakraCheckbox, Field as ChakraField, Input as ChakraInput, Tabs as ChakraTabs } from '@chakra-ui/react';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { describe, expect, test } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { Checkbox } from './LightCheckbox';
import { Field, Input } from './LightField';
import { Tabs } from './LightTabs';

/** An element's markup with its attributes in name order (the order does not matter to a browser). */
function serialize(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes].map((attribute) => `${attribute.name}="${attribute.value}"`).toSorted();
  return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(serialize).join('')}</${node.localName}>`;
}

/** What these elements render (after `interact`), without React's per-render ids (`useId`). */
async function markup(element: ReactElement, interact?: (container: HTMLElement) => Promise<void>): Promise<string> {
  const { container, unmount } = render(<AppProviders>{element}</AppProviders>);
  if (interact) await interact(container);
  // Zag settles some attributes a frame after mounting (the content's tab index, `data-ssr`).
  await waitFor(() => expect(container.querySelector('[data-ssr]')).toBeNull());
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const html = [...container.childNodes].map(serialize).join('').replace(/«r[\da-z]+»|:r[\da-z]+:|_r_[\da-z]+_/g, 'ID');
  unmount();
  return html;
}

const noop = () => {};

const tabs = (T: typeof Tabs | typeof ChakraTabs) => (
  <T.Root value="password" onValueChange={noop} fitted lazyMount unmountOnExit>
    <T.List mb="6">
      <T.Trigger value="password" data-testid="tab-password">
        A
      </T.Trigger>
      <T.Trigger value="phone">B</T.Trigger>
    </T.List>
    <T.Content value="password" p="0">
      <input />
    </T.Content>
    <T.Content value="phone" p="0">
      <input />
    </T.Content>
  </T.Root>
);

function StatefulTabs({ T }: { T: typeof Tabs | typeof ChakraTabs }) {
  const [value, setValue] = useState('password');
  return (
    <T.Root value={value} onValueChange={(details) => setValue(details.value)} fitted lazyMount unmountOnExit>
      <T.List>
        <T.Trigger value="password">A</T.Trigger>
        <T.Trigger value="phone">B</T.Trigger>
      </T.List>
      <T.Content value="password">
        <input />
      </T.Content>
      <T.Content value="phone">
        <input />
      </T.Content>
    </T.Root>
  );
}

const clickThenArrow = async (container: HTMLElement) => {
  const [first, second] = container.querySelectorAll<HTMLElement>('[role=tab]');
  act(() => second!.focus());
  fireEvent.click(second!);
  await waitFor(() => expect(second!.getAttribute('aria-selected')).toBe('true'));
  fireEvent.keyDown(second!, { key: 'ArrowLeft' });
  await waitFor(() => expect(first!.getAttribute('aria-selected')).toBe('true'));
  await waitFor(() => expect(document.activeElement).toBe(first));
};

function StatefulCheckbox({ C }: { C: typeof Checkbox | typeof ChakraCheckbox }) {
  const [checked, setChecked] = useState(true);
  return (
    <C.Root size="sm" checked={checked} onCheckedChange={(details) => setChecked(details.checked === true)}>
      <C.HiddenInput />
      <C.Control />
      <C.Label>Remember me</C.Label>
    </C.Root>
  );
}

const clickLabel = async (container: HTMLElement) => {
  fireEvent.click(container.querySelector('[data-part=label]')!);
  await waitFor(() => expect(container.querySelector('[data-part=control]')!.getAttribute('data-state')).toBe('unchecked'));
};

describe('light controls of the sign-in page', () => {
  test('tabs', async () => {
    expect(await markup(tabs(Tabs))).toBe(await markup(tabs(ChakraTabs)));
  });

  test('checkbox, checked and not', async () => {
    for (const checked of [true, false]) {
      const checkbox = (C: typeof Checkbox | typeof ChakraCheckbox) => (
        <C.Root size="sm" checked={checked} onCheckedChange={noop}>
          <C.HiddenInput />
          <C.Control />
          <C.Label fontWeight="normal">Remember me</C.Label>
        </C.Root>
      );
      expect(await markup(checkbox(Checkbox))).toBe(await markup(checkbox(ChakraCheckbox)));
    }
  });

  test('field with an input, valid and not', async () => {
    for (const invalid of [false, true]) {
      const field = (F: typeof Field | typeof ChakraField, I: typeof Input | typeof ChakraInput) => (
        <F.Root invalid={invalid}>
          <F.Label srOnly>Name</F.Label>
          <I size="lg" placeholder="name" defaultValue="" />
          <F.ErrorText>Required</F.ErrorText>
        </F.Root>
      );
      expect(await markup(field(Field, Input))).toBe(await markup(field(ChakraField, ChakraInput)));
    }
  });

  test('tabs after a click and the arrow keys, checkbox after a click', async () => {
    expect(await markup(<StatefulTabs T={Tabs} />, clickThenArrow)).toBe(await markup(<StatefulTabs T={ChakraTabs} />, clickThenArrow));
    expect(await markup(<StatefulCheckbox C={Checkbox} />, clickLabel)).toBe(await markup(<StatefulCheckbox C={ChakraCheckbox} />, clickLabel));
  });
});
