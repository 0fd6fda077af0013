/**
 * Driving antd in a page's component test (after `test/dom`, which every such test imports
 * first): the few steps the page tests share, found by a test id or by antd's own classes. Role
 * queries walk every element's computed style, slow in antd's tree; and renderInShell writes no
 * styles, so a closed popup stays in the tree: these look only in what is open.
 *
 *   import { dialogOf, fill, pick, toast } from '../../../test/antd';
 *
 *   await pick(user, 'filter-status', 'Pending');
 *   await fill(user, within(await dialogOf('agent-submit')).getByTestId('field-email'), 'nora@example.com');
 *   expect(await toast('Saved')).toBeInTheDocument();
 */
import { screen, waitFor, type Matcher } from '@testing-library/react';
import type { newUser } from './dom';

type User = ReturnType<typeof newUser>;

/** What a helper was given: the element itself, or the one with that test id. */
const elementOf = (target: string | HTMLElement): HTMLElement => (typeof target === 'string' ? screen.getByTestId(target) : target);

/** The control inside what carries a test id: antd puts some test ids on a wrapper (a select, a search box). */
function controlOf(element: HTMLElement, control: string): HTMLElement {
  return element.matches(control) ? element : (element.querySelector<HTMLElement>(control) ?? element);
}

/**
 * The option with this title in an open select's list. By title, because antd writes an
 * option's words there; in an open list, because a closed one stays in the tree and a column's
 * title or a tag may hold the same words. For another option of a list already open (a
 * multiple select) without clicking the select again.
 */
export function option(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    for (const list of document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) {
      const found = [...list.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.getAttribute('title') === title);
      if (found) return found;
    }
    throw new Error(`No open list offers ${title}`);
  });
}

/** Opens an antd select (its test id, or an element such as its combobox found by role) and clicks the option titled `optionTitle` in the open list. */
export async function pick(user: User, select: string | HTMLElement, optionTitle: string): Promise<void> {
  await user.click(controlOf(elementOf(select), 'input, [role="combobox"]'));
  await user.click(await option(optionTitle));
}

/**
 * Puts `text` in a field (its test id, or the element) with a click and one paste: typing key by
 * key re-renders an antd form, and a live preview, once per key for nothing. `replace` empties
 * a field that holds a value first.
 */
export async function fill(user: User, field: string | HTMLElement, text: string, { replace = false }: { replace?: boolean } = {}): Promise<void> {
  const input = controlOf(elementOf(field), 'input, textarea');
  if (replace) await user.clear(input);
  else await user.click(input);
  await user.paste(text);
}

/** The open dialog holding the button with this test id (its submit, or a confirmation's OK): a closed one stays in the tree. */
export async function dialogOf(buttonTestId: string): Promise<HTMLElement> {
  return (await screen.findByTestId(buttonTestId)).closest<HTMLElement>('.ant-modal')!;
}

/** The toast (antd's message) saying `text`: the same words may be on the page too, as a row's status or a title. */
export function toast(text: Matcher): Promise<HTMLElement> {
  return screen.findByText(text, { selector: '.ant-message *' });
}

/** The spinning spinner over the antd table that holds `table` (the table, or a container of it), or null: a list loading shows it over an empty body. */
export function tableSpinner(table: HTMLElement): Element | null {
  return (table.closest('.ant-table-wrapper') ?? table).querySelector('.ant-spin-spinning');
}

/** The errors an antd form shows under its fields, in order: what the user reads, not what the rules say. */
export function errorsIn(form: HTMLElement): (string | null)[] {
  return [...form.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
}
