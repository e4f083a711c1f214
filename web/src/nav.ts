// Navigation inside the app: go and route, for the pages and the shell.
// The router itself (main.ts) imports the pages, so it registers here
// (setRouter) rather than being imported by them.

let router: () => void = () => {};

/** setRouter sets the function that draws the page of the current path. */
export function setRouter(r: () => void): void {
  router = r;
}

/** go navigates inside the app. */
export function go(path: string): void {
  history.pushState(null, "", path);
  route();
}

/** route draws the page of the current path. */
export function route(): void {
  router();
}
