// `node scripts/docs-offline.mjs <html>`: Redoc's footer credits Redocly with a logo that it loads
// from Redocly's CDN whenever the page opens; offline the credit reads "API docs by" and stops.
// The logo's URL is swapped for an inline wordmark, so the page loads nothing from the network.
import { readFileSync, writeFileSync } from "node:fs";

const wordmark = (width, text) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16">` +
      `<text x="0" y="12.5" font-family="sans-serif" font-size="12" font-weight="600" fill="#6b7280">${text}</text></svg>`,
  )}`;
const LOGOS = {
  "https://cdn.redoc.ly/redoc/logo-mini-full.svg": wordmark(52, "Redocly"),
  "https://cdn.redoc.ly/redoc/logo-mini.svg": wordmark(10, "R"),
};

const [file] = process.argv.slice(2);
let html = readFileSync(file, "utf8");
for (const [url, inline] of Object.entries(LOGOS)) html = html.split(url).join(inline);
writeFileSync(file, html);
