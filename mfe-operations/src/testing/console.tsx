/** What the console's component tests share: the page under its routes, the fake api's defaults, and finders (test only). */
import { setRuntimeConfig } from '@claims/shared-kernel';
import { fakeApi, renderScreen, signInAs, signOut, type FakeApi, type FakeRoutes, type RecordedCall } from '@claims/shared-kernel/testing';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dayjs } from 'dayjs';
import { useLocation } from 'react-router-dom';
import OperationsRoutes from '../routes';
import { COUNTS, NO_FILTER_OPTIONS } from './fixtures';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The area's routes at `route` as they first render (a refused or unknown path never shows the console). */
export const renderConsoleRoutes = (route = '/uploadsDownloads') =>
  renderScreen(
    <>
      <OperationsRoutes />
      <LocationProbe />
    </>,
    route,
  );

/** The console under its routes, once its screen (loaded on first visit, as in the browser) shows its tabs. */
export async function renderConsole(route = '/uploadsDownloads'): Promise<ReturnType<typeof renderScreen>> {
  const rendered = renderConsoleRoutes(route);
  await waitFor(() => {
    if (!document.querySelector('[role="tab"]')) throw new Error('the console has not shown its tabs');
  });
  return rendered;
}

/** Every call the page makes on its own, answered empty. */
export const EMPTY_ROUTES: FakeRoutes = {
  'GET /downloadedCount': COUNTS,
  'GET /procedures': [],
  'GET /claims': [],
  'GET /claim/batch': [],
  'POST /claim/batch/uploads/search': [],
  'POST /claim/batch/downloadFailed/search': [],
  'POST /claim/batch/uploadFailed/search': [],
  'POST /claim/batch/search': [],
  'GET /claim/batch/progress': [],
  'GET /claim/batch/filterOptions': NO_FILTER_OPTIONS,
};

/** The fake api of one test: the page's own calls answered empty, and the test's answers over them. */
export const consoleApi = (routes: FakeRoutes = {}): FakeApi => fakeApi({ ...EMPTY_ROUTES, ...routes });

/**
 * The suite's settings for a console test file: a super user of the provider signed in, the default runtime
 * configuration, and waits long enough for antd screens in jsdom on a shared 2-core machine.
 */
export function setUpConsoleTests(): void {
  jest.setTimeout(90_000);
  configure({ asyncUtilTimeout: 15_000 });
  beforeEach(() => {
    setRuntimeConfig({});
    signInAs('vitraya', 'super_user', 'vitraya.admin');
  });
  afterEach(() => signOut());
}

/**
 * What an action test starts with: the console over the fake api of `routes` (the page's own calls answered empty),
 * on the tab `tab` when given, once its panel shows `showing` (a row's text). Returns the test's fake api.
 */
export async function openConsole(routes: FakeRoutes, showing: string, tab?: string): Promise<FakeApi> {
  const api = consoleApi(routes);
  await renderConsole();
  if (tab) openTab(tab);
  await within(activePanel()).findByText(showing);
  return api;
}

/** A recorded call as the api sees it: method, path with the query, body. */
export const wire = ({ method, url, body }: RecordedCall) => ({ method, url, body });

// Queries by role compute styles for every node, which takes seconds on antd screens in jsdom: these
// helpers find the same elements by their labels and texts instead.
export const openTab = (name: string) => fireEvent.click(screen.getByText(name, { selector: '[role="tab"]' }));
export const activePanel = () => document.querySelector('[role="tabpanel"][aria-hidden="false"]') as HTMLElement;
export const byLabel = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByLabelText(label, { selector: 'button, input, textarea, [role="group"]' });
export const findByLabel = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).findByLabelText(label, { selector: 'button, input, textarea, [role="group"]' });

/** A button by its text (antd puts the text in a span inside the button). */
export const button = (scope: HTMLElement, text: string) =>
  within(scope).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

/**
 * A modal by its title. (Under jest rc-util hands every component the id 'test-id', so a dialog's
 * aria-labelledby can point at another element; the title's text is the reliable handle.)
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

/** A confirmation (modal.confirm) by its question; `answer` presses one of its buttons. */
export async function confirmDialog(question: string, answer: 'Yes' | 'Cancel' = 'Yes'): Promise<void> {
  const dialog = (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByText(answer, { selector: 'button > span' }));
}

/** The panel's Filter and Reset Filter buttons (the panel's header is a button named Filter too). */
export const panelButton = (panel: HTMLElement, name: 'Filter' | 'Reset Filter') =>
  within(panel).getByText(name, { selector: 'button > span' }).closest('button') as HTMLButtonElement;

/** Opens an antd select by its accessible name and picks the option with the given text. */
export async function choose(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(byLabel(scope, label));
  const choices = await screen.findAllByTitle(option);
  const visible = choices.find((el) => el.classList.contains('ant-select-item-option')) ?? choices[choices.length - 1];
  fireEvent.click(visible);
}

/** Types a date into an antd date picker and commits it. */
export function typeDate(label: string, date: Dayjs, scope: HTMLElement) {
  const input = byLabel(scope, label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: date.format('DD-MM-YYYY') } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

/** Ticks a grid row's checkbox by a text in the row. */
export const selectRow = (text: string) =>
  fireEvent.click((screen.getByText(text).closest('tr') as HTMLElement).querySelector('input[type="checkbox"]') as HTMLInputElement);

/** A dropdown menu's item by its text, once the menu is open. */
export const menuItem = async (name: string) =>
  (await screen.findByText(name, { selector: '.ant-dropdown-menu-title-content' })).closest('li') as HTMLElement;

/** Opens a toolbar dropdown of the active tab ('Claim Actions', 'Batch Actions'). */
export const openMenu = (name: string) => fireEvent.click(within(activePanel()).getByText(name, { selector: 'button span' }));
