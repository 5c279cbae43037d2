// Drives headless Chromium through one scenario of tests/browser/test_loading_page.py.
//
//   node loading_page.mjs <chromium executable> <node_modules folder> <job.json>
//
// The job: {"viewport": {width, height}, "locale": "en-US", "host_resolver_rules": "MAP
// tester.github.io 127.0.0.1" (optional: a host name the page is opened at), "steps": [...]};
// steps run in order, each giving one entry of "results":
//   {"do": "goto", "url"}                  open the page, up to DOMContentLoaded
//   {"do": "wait_failure", "timeout_ms"}   wait until the loading card shows a failure:
//                                          {"at_ms": ms since the page's navigation began,
//                                          "what", "detail", "advice", "retry", "desktop",
//                                          "desktop_link", "lang"} or {"at_ms": null} when it
//                                          did not come
//   {"do": "wait_gone", "timeout_ms"}      wait until the loading card is gone: {"at_ms"}
//   {"do": "eval", "js"}                   evaluate a JS expression in the page: its value
//   {"do": "click", "selector"}            click an element (where a player would): null
//   {"do": "retry"}                        click Retry and wait for the new document:
//                                          {"reloaded", "old_document_gone"}
//   {"do": "layout"}                       where the card and its failure texts are drawn
//   {"do": "screenshot", "path"}           save a PNG
// Prints one JSON line: {"results", "console", "page_errors", "dialogs", "requests"}; a
// dialog is recorded as "type: message", and a "leave this page?" one is accepted.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const [executablePath, nodeModules, jobPath] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const { chromium } = require("playwright-core");
const job = JSON.parse(await readFile(jobPath, "utf8"));

const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        ...(job.host_resolver_rules ? [`--host-resolver-rules=${job.host_resolver_rules}`] : []),
    ],
});
const context = await browser.newContext({
    viewport: job.viewport || { width: 1280, height: 720 },
    locale: job.locale || "en-US",
});
const page = await context.newPage();
const report = { results: [], console: [], page_errors: [], dialogs: [], requests: [] };
page.on("console", (msg) => report.console.push(`[${msg.type()}] ${msg.text()}`.slice(0, 500)));
page.on("pageerror", (error) => report.page_errors.push(String(error).slice(0, 500)));
// Every dialog is recorded ("type: message"); a "leave this page?" one is answered yes, so
// that a step that opens the next page is not held up by the loader's guard.
page.on("dialog", (dialog) => {
    report.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    const answer = dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss();
    answer.catch(() => {});
});
page.on("request", (request) => report.requests.push(request.url()));

// Seen by the player: the failure block is laid out and names what failed.
function failureShown() {
    const box = document.getElementById("loader-failure");
    const what = document.getElementById("loader-failure-what");
    if (!box || box.hidden || !what || !what.innerText.trim()) return false;
    const rect = box.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 ? performance.now() : false;
}

function failureTexts() {
    const text = (id) => (document.getElementById(id) || {}).innerText || "";
    return {
        what: text("loader-failure-what"),
        detail: text("loader-failure-detail"),
        advice: text("loader-failure-advice"),
        retry: text("loader-retry"),
        desktop: text("loader-desktop"),
        desktop_link: (document.querySelector("#loader-desktop a") || {}).href || null,
        lang: document.getElementById("loader-failure").lang,
    };
}

function cardLayout() {
    const rect = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const card = document.querySelector("#loader .loader-card");
    const parts = {};
    for (const el of document.querySelectorAll("#loader-failure > *")) {
        parts[el.id] = {
            ...rect(el),
            visible: el.checkVisibility(),
            overflow_x: el.scrollWidth - el.clientWidth,
            font_px: parseFloat(getComputedStyle(el).fontSize),
        };
    }
    return {
        viewport: { width: innerWidth, height: innerHeight },
        card: rect(card),
        card_overflow_y: card.scrollHeight - card.clientHeight,
        page_scroll: { x: document.documentElement.scrollWidth - innerWidth, y: document.documentElement.scrollHeight - innerHeight },
        parts,
    };
}

async function run(step) {
    switch (step.do) {
        case "goto":
            await page.goto(step.url, { waitUntil: "domcontentloaded" });
            return null;
        case "wait_failure": {
            try {
                const handle = await page.waitForFunction(failureShown, null, { timeout: step.timeout_ms, polling: 50 });
                const atMs = await handle.jsonValue();
                return { at_ms: Math.round(atMs), ...(await page.evaluate(failureTexts)) };
            } catch (error) {
                if (error.name !== "TimeoutError") throw error;
                return { at_ms: null };
            }
        }
        case "wait_gone": {
            try {
                const handle = await page.waitForFunction(
                    () => getComputedStyle(document.getElementById("loader")).display === "none" && performance.now(),
                    null, { timeout: step.timeout_ms, polling: 50 });
                return { at_ms: Math.round(await handle.jsonValue()) };
            } catch (error) {
                if (error.name !== "TimeoutError") throw error;
                return { at_ms: null };
            }
        }
        case "eval":
            return await page.evaluate(step.js);
        case "click":
            // force: the pulsing "Take command" button never holds still for Playwright's
            // stability check; the click still lands on its centre like a player's.
            await page.click(step.selector, { timeout: 5000, force: true });
            return null;
        case "retry": {
            await page.evaluate(() => { window.strategos_test_old_document = true; });
            const loaded = page.waitForEvent("load", { timeout: 15000 });
            await page.click("#loader-retry", { timeout: 5000 });
            await loaded;
            const gone = await page.evaluate(() => window.strategos_test_old_document === undefined);
            return { reloaded: true, old_document_gone: gone };
        }
        case "layout":
            return await page.evaluate(cardLayout);
        case "screenshot":
            await page.waitForTimeout(700);   // let the card's transitions settle
            await page.screenshot({ path: step.path });
            return null;
        default:
            throw new Error(`unknown step ${JSON.stringify(step)}`);
    }
}

let exitCode = 0;
try {
    for (const step of job.steps) report.results.push(await run(step));
} catch (error) {
    report.error = String((error && error.stack) || error);
    exitCode = 1;
} finally {
    await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(exitCode);
