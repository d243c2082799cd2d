import type { Page, TestInfo } from "@playwright/test";
import { expect } from "../fixtures";
import { expectAccessible, snap } from "./dashboard-helpers";

// Quality checks any dashboard page can reuse (the pages added later too): at a phone's width and
// on a desktop, no horizontal overflow, no serious or critical axe violation, and a screenshot of
// each kept as a test artefact.

export const WIDTHS = [390, 1280] as const;

/** Checks the page as it is now at each width (axe, overflow, screenshot), then restores the desktop size. */
export async function checkDashboardPage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  widths: readonly number[] = WIDTHS,
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await snap(page, testInfo, `${name}-${width}`);
    await expectAccessible(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every page the dashboard's nav links to, read from the page (so a page added later is included). */
export async function navPages(page: Page): Promise<{ name: string; href: string }[]> {
  const links = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
  const all = await links.evaluateAll((els) =>
    els.map((a) => ({ name: a.textContent?.trim() ?? "", href: a.getAttribute("href") ?? "" })),
  );
  return all.filter((l) => l.href.startsWith("/dashboard"));
}
