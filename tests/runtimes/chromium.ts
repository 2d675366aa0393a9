// Headless Chromium for the browser tests: Debian's /usr/bin/chromium (`apt-get install chromium`),
// driven by playwright-core, which downloads no browser of its own.
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launches Chromium with a fresh temporary profile and none of its own background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** True for URLs that stay on this machine: loopback hosts and in-page data. */
export function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return true;
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** One request a page made: its URL and Chromium's resource type (`document`, `script`, `image`, ...). */
export interface PageRequest {
  url: string;
  type: string;
}

/**
 * Records every request the page makes and aborts any that would leave the machine, so a page
 * that depends on a CDN fails here instead of half-rendering. Returns the live list of requests.
 */
export async function confineToLoopback(page: Page): Promise<PageRequest[]> {
  const requested: PageRequest[] = [];
  page.on("request", (request) => requested.push({ url: request.url(), type: request.resourceType() }));
  await page.route("**/*", (route) => (isLocal(route.request().url()) ? route.continue() : route.abort("blockedbyclient")));
  return requested;
}
